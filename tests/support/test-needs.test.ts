import { describe, expect, it } from "vitest";
import { systemPackagesFor } from "../../scripts/test-needs.ts";

describe("npm test installs only the system packages the selected projects use", () => {
  it("a run of every project needs Chromium and PostgreSQL", () => {
    expect(systemPackagesFor([], {})).toEqual({ chromium: true, postgresql: true });
    expect(systemPackagesFor(["--sequence.shuffle"], {})).toEqual({ chromium: true, postgresql: true });
  });

  it("unit, component and integration runs need neither", () => {
    expect(systemPackagesFor(["--project", "unit"], {})).toEqual({ chromium: false, postgresql: false });
    expect(systemPackagesFor(["--project=component", "--project", "integration"], {})).toEqual({ chromium: false, postgresql: false });
  });

  it("the browser project needs Chromium, and PostgreSQL only when it runs on it; the pg project needs PostgreSQL", () => {
    expect(systemPackagesFor(["--project", "e2e"], {})).toEqual({ chromium: true, postgresql: false });
    expect(systemPackagesFor(["--project", "e2e"], { RCRT_TEST_DATABASE: "postgres" })).toEqual({ chromium: true, postgresql: true });
    expect(systemPackagesFor(["--project", "pg"], {})).toEqual({ chromium: false, postgresql: true });
  });

  it("a project pattern may match any project", () => {
    expect(systemPackagesFor(["--project", "*"], {})).toEqual({ chromium: true, postgresql: true });
  });
});
