import { defineConfig } from "vitest/config";
import config from "./vitest.config.ts";

/**
 * Stryker's test runs (`npm run test:mutation`): the unit layer alone. The integration, pg and e2e
 * layers start backends and browsers; the component layer renders whole screens, seconds a test in
 * Stryker's one worker on 2 cores, and its slowest tests time out there under load. The rules of
 * shared/ are each unit-tested.
 */
export default defineConfig({
  test: {
    projects: (config.test?.projects ?? []).filter((project) => typeof project === "object" && "test" in project && project.test?.name === "unit"),
  },
});
