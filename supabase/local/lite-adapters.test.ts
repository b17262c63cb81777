import { describe, expect, it } from "vitest";
import { describeError } from "./lite-adapters.ts";

const refused = Object.assign(new Error('duplicate key value violates unique constraint "press_quotes_pkey"'), {
  code: "23505",
  schema: "public",
  table: "press_quotes",
  constraint: "press_quotes_pkey",
  query: "insert into public.press_quotes (quote) values ($1)",
  params: ["a visitor's words"],
});

describe("log lines for refused requests", () => {
  it("name the SQLSTATE, table and constraint on one line, never the SQL or the values", () => {
    const line = describeError(refused, "info");
    expect(line).toBe("database refused a query: SQLSTATE 23505 on public.press_quotes (constraint press_quotes_pkey)");
  });

  it("use the real SQLSTATE of an error passed on through PostgREST's PGRST convention", () => {
    expect(describeError({ code: "PGRST", sqlState: "23514", table: "blog_posts" }, "info")).toBe("database refused a query: SQLSTATE 23514 on blog_posts");
  });

  it("do not quote a parser's message, which holds the request", () => {
    const line = describeError(new Error('"failed to parse filter (secret)" (line 1, column 1)'), "info");
    expect(line).not.toContain("secret");
    expect(line).not.toContain("\n");
  });

  it("show everything at debug", () => {
    const line = describeError(refused, "debug");
    expect(line).toContain("a visitor's words");
    expect(line).toContain("insert into public.press_quotes");
  });
});
