import { beforeEach } from "vitest";
import { describeOpenPages } from "./browser.ts";

// Each failed browser test prints what its open pages showed and logged when it failed.
beforeEach(({ onTestFailed }) => {
  onTestFailed(async () => {
    const pages = await describeOpenPages();
    if (pages) console.error(`What the open pages showed when the test failed:\n${pages}`);
  });
});
