import { describe, expect, it } from "vitest";
import { errorsOutsideTests, failureSummary } from "./failure-summary.ts";

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

  it("says a time-out and how long the test ran, where Vitest's report keeps only its placeholder", () => {
    const message = "Error: STACK_TRACE_ERROR\n    at /check/work/main/tests/integration/local-backend-lifecycle.test.ts:40:3\n    at file:///check/work/main/node_modules/@vitest/runner/dist/index.js:1:1";
    expect(failureSummary(message, "/check/work/main", 154_178.2)).toBe("Test timed out after 154.2 s | at tests/integration/local-backend-lifecycle.test.ts:40:3");
    expect(failureSummary(message, "/check/work/main")).toBe("Test timed out | at tests/integration/local-backend-lifecycle.test.ts:40:3");
  });

  it("is cut to what a log line holds", () => {
    const summary = failureSummary(`Error: ${"x".repeat(2000)}`, "/check/work/main");
    expect(summary).toHaveLength(600);
    expect(summary.endsWith("…")).toBe(true);
  });
});

describe("errors a Vitest run printed outside its tests, a log line each", () => {
  const ROOT = "/check/work/main";
  const rule = (title: string) => `\u001b[31m⎯⎯⎯⎯\u001b[39m\u001b[1m\u001b[41m ${title} \u001b[49m\u001b[22m\u001b[31m⎯⎯⎯⎯⎯\u001b[39m`;

  it("an unhandled rejection in a test file: what was thrown, where in the project, the file and the test last run", () => {
    const output = [
      " ✓ tests/integration/mail.test.ts (3 tests) 812ms",
      rule("Unhandled Errors"),
      "",
      "Vitest caught 1 unhandled error during the test run.",
      "This might cause false positive tests. Resolve unhandled errors to make sure your tests are not affected.",
      "",
      rule("Unhandled Rejection"),
      "\u001b[31m\u001b[1mError\u001b[22m: socket hang up\u001b[39m",
      " ❯ Socket.onClose node_modules/undici/lib/client.js:10:3",
      " ❯ Timeout._onTimeout tests/integration/support/mailbox.ts:42:9",
      "    41|   setTimeout(() => {",
      "",
      'This error originated in "tests/integration/mail.test.ts" test file. It doesn\'t mean the error was thrown inside the file itself, but while it was running.',
      'The latest test that might\'ve caused the error is "sends once". It might mean one of the following:',
      "- The error was thrown, while Vitest was running this test.",
      "⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯",
      "",
      "      Tests  3 passed (3)",
      "     Errors  1 error",
    ].join("\n");
    expect(errorsOutsideTests(output, ROOT)).toEqual([
      'Unhandled Rejection: Error: socket hang up | at tests/integration/support/mailbox.ts:42:9 | in tests/integration/mail.test.ts | after "sends once"',
    ]);
  });

  it("one line per error, and a global teardown that threw, with its own file's line", () => {
    const output = [
      rule("Unhandled Error"),
      "TypeError: Cannot read properties of undefined (reading 'close')",
      " ❯ stop tests/e2e/support/global-setup.ts:88:14",
      rule("Unhandled Rejection"),
      "Error: read ECONNRESET",
      " ❯ TCP.onStreamRead node:internal/stream_base_commons:216:20",
      "",
      "error during close Error: the backend did not stop",
      `    at Object.teardown (${ROOT}/tests/integration/global-setup.ts:31:11)`,
      "    at TestProject._teardownGlobalSetup (file:///check/work/main/node_modules/vitest/dist/chunks/cli-api.js:10825:100)",
    ].join("\n");
    expect(errorsOutsideTests(output, ROOT)).toEqual([
      "Unhandled Error: TypeError: Cannot read properties of undefined (reading 'close') | at tests/e2e/support/global-setup.ts:88:14",
      "Unhandled Rejection: Error: read ECONNRESET",
      "Error during close: Error: the backend did not stop | at tests/integration/global-setup.ts:31:11",
    ]);
  });

  it("nothing for a run whose output has no such error", () => {
    expect(errorsOutsideTests(" ✓ shared/rules.test.ts (12 tests) 40ms\n\n      Tests  12 passed (12)\n", ROOT)).toEqual([]);
  });
});
