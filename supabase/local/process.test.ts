import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { startBackendProcess } from "./process.ts";

describe("the local backend in a process of its own", () => {
  it("ends the start with an error, and starts no second child, when the first cannot start", async () => {
    const lines: string[] = [];
    const starting = startBackendProcess({
      entry: resolve(import.meta.dirname, "../../tests/support/unstartable-backend.ts"),
      settings: { port: 0, dataDir: "/nonexistent", siteUrl: "http://localhost:5173" },
      log: (line) => lines.push(line),
    });
    await expect(starting).rejects.toThrow(/stopped before it was ready \(exit code 1\)/);
    // The child's exit handler decides on a restart, and announces one, in the same turn as it ends the start.
    expect(lines).toEqual([]);
  }, 60_000);
});
