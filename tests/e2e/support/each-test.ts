import { beforeEach } from "vitest";
import { describeOpenPages, forgetListParams } from "./browser.ts";

// Every browser test starts from whole lists, and a failed one prints what its open pages showed and
// logged when it failed.
beforeEach(async ({ onTestFailed }) => {
  await forgetListParams();
  onTestFailed(async () => {
    const pages = await describeOpenPages();
    if (pages) console.error(`What the open pages showed when the test failed:\n${pages}`);
  });
});
