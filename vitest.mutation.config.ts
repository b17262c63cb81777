import { defineConfig } from "vitest/config";
import config from "./vitest.config.ts";

/**
 * Stryker's test runs (`npm run test:mutation`): the unit tests of shared/, from the unit project of
 * vitest.config.ts. Each mutant reruns the files of the tests that execute it, hooks and imports
 * included: the other unit tests that reach shared/ (the web tier's, the local backend's) start
 * servers and databases, seconds a file. The integration, pg and e2e layers start backends and
 * browsers; the component layer renders whole screens, and its slowest tests timed out in Stryker's
 * one worker per process on 2 cores.
 */
export default defineConfig({
  test: {
    projects: (config.test?.projects ?? [])
      .filter((project) => typeof project === "object" && "test" in project && project.test?.name === "unit")
      .map((project) => (typeof project === "object" && "test" in project ? { ...project, test: { ...project.test, include: ["shared/**/*.test.ts"] } } : project)),
  },
});
