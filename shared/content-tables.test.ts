import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { contentTables } from "../scripts/content-tables.ts";
import { CONTENT_TABLES } from "./content-tables.ts";

describe("The content-table registry", () => {
  it("holds every file of shared/content-types/, each named after its route name", () => {
    const files = Object.keys(import.meta.glob(["./content-types/*.ts", "!./content-types/*.test.ts"]));
    expect(CONTENT_TABLES.map((type) => `./content-types/${type.name}.ts`)).toEqual(files);
  });

  it("is what scripts run by plain Node load (scripts/content-tables.ts), in the same order", async () => {
    expect((await contentTables()).map((type) => type.table)).toEqual(CONTENT_TABLES.map((type) => type.table));
  });

  it("names each table and route once", () => {
    expect(new Set(CONTENT_TABLES.map((type) => type.table)).size).toBe(CONTENT_TABLES.length);
    expect(new Set(CONTENT_TABLES.map((type) => type.name)).size).toBe(CONTENT_TABLES.length);
  });

  it("stays out of what plain Node runs: the web tier, the bench's parts and the scripts load without import.meta.glob", () => {
    const script = [
      'await import("./server/web.ts");',
      'for (const file of (await import("node:fs")).readdirSync("./scripts/bench")) await import(`./scripts/bench/${file}`);',
      'const { contentTables } = await import("./scripts/content-tables.ts");',
      "process.stdout.write(String((await contentTables()).length));",
    ].join(" ");
    const loaded = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: new URL("..", import.meta.url),
      encoding: "utf8",
    });
    expect(Number(loaded)).toBe(CONTENT_TABLES.length);
    // A Node process loading the web tier and every part of the bench: seconds quiet, more on a busy machine.
  }, 60_000);
});
