import createDOMPurify from "dompurify";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { installPurifier, renderMarkdown } from "./markdown.ts";

// The sanitiser is installed once per process (here: per test file), so its life is one test, in order.
describe("the sanitiser outside a browser", () => {
  it("is required, a failed install can be retried, and it is made once and never replaced", async () => {
    expect(() => renderMarkdown("text")).toThrow("No HTML sanitizer");
    await expect(installPurifier(() => Promise.reject(new Error("no jsdom")))).rejects.toThrow("no jsdom");
    expect(() => renderMarkdown("text")).toThrow("No HTML sanitizer");

    let made = 0;
    const make = async () => {
      made += 1;
      return createDOMPurify(new JSDOM("").window as unknown as Window & typeof globalThis);
    };
    await Promise.all([installPurifier(make), installPurifier(make)]);
    await installPurifier(async () => ({ sanitize: () => "<script>replaced</script>" }) as never);
    expect(made).toBe(1);
    expect(renderMarkdown("**bold**<script>alert(1)</script>")).toBe("<p><strong>bold</strong></p>\n");
  });
});
