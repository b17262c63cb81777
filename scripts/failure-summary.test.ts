import { describe, expect, it } from "vitest";
import { failureSummary } from "./failure-summary.ts";

describe("a failed test in one log line", () => {
  it("names the element a browser action waited for and the test's line, after the error's first line", () => {
    const message = [
      "\u001b[31mlocator.click: Timeout 30000ms exceeded.\u001b[39m",
      "Call log:",
      "  - waiting for getByRole('dialog', { name: 'Edit Quote' }).getByRole('button', { name: 'Save Quote' })",
      "    - locator resolved to <button type=\"submit\">Save Quote</button>",
      "",
      "    at /home/ci/node_modules/playwright-core/lib/client/locator.js:40:12",
      "    at /check/work/main/tests/e2e/admin-resilience.test.ts:99:63",
      "    at /check/work/main/tests/e2e/admin-helpers.ts:12:3",
    ].join("\n");
    expect(failureSummary(message, "/check/work/main")).toBe(
      "locator.click: Timeout 30000ms exceeded. | waiting for getByRole('dialog', { name: 'Edit Quote' }).getByRole('button', { name: 'Save Quote' }) | at tests/e2e/admin-resilience.test.ts:99:63",
    );
  });

  it("is the first line alone when the message says nothing more", () => {
    expect(failureSummary("AssertionError: expected 2 to be 1\n\n- Expected\n+ Received", "/check/work/main")).toBe("AssertionError: expected 2 to be 1");
    expect(failureSummary("", "/check/work/main")).toBe("");
  });

  it("is cut to what a log line holds", () => {
    const summary = failureSummary(`Error: ${"x".repeat(2000)}`, "/check/work/main");
    expect(summary).toHaveLength(600);
    expect(summary.endsWith("…")).toBe(true);
  });
});
