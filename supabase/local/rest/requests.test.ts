import { describe, expect, it } from "vitest";
import { refuseRestRequest } from "./requests.ts";

describe("REST requests refused before lite sees them", () => {
  it("refuses methods PostgREST does not support with 405 PGRST117", () => {
    expect(refuseRestRequest("TRACE", new URLSearchParams())).toMatchObject({ status: 405, body: { code: "PGRST117" } });
  });

  it.each(["abc", "-1", "1.5", ""])("refuses limit=%s with 400 PGRST100", (value) => {
    expect(refuseRestRequest("GET", new URLSearchParams({ limit: value }))).toMatchObject({ status: 400, body: { code: "PGRST100" } });
  });

  it("lets well-formed requests through", () => {
    expect(refuseRestRequest("GET", new URLSearchParams({ limit: "25", offset: "0", select: "*" }))).toBeNull();
    expect(refuseRestRequest("PATCH", new URLSearchParams({ id: "eq.1" }))).toBeNull();
  });
});
