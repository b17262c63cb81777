import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AUDIENCE_FOLDED } from "./types.ts";

describe("AUDIENCE_FOLDED", () => {
  // The dashboard names the row of folded pages and sites by this value, which the database writes.
  it("is the source and page the database folds a day's others into", () => {
    const schema = readFileSync(new URL("../supabase/schemas/10_audience.sql", import.meta.url), "utf8");
    expect(AUDIENCE_FOLDED).toBe("(other)");
    expect(schema).toContain(`'${AUDIENCE_FOLDED}'`);
  });
});
