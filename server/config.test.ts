import { describe, expect, it } from "vitest";
import { readWebConfig, readWebSettings } from "./config.ts";

const COMPLETE = {
  SUPABASE_URL: "https://abc.supabase.co/",
  SUPABASE_ANON_KEY: "anon",
  SUPABASE_SERVICE_ROLE_KEY: "service",
  PORT: "8080",
  SITE_URL: "https://rcrt.example",
};

describe("npm run serve: settings from the environment", () => {
  it("reads a complete environment, with defaults for the optional settings", () => {
    const result = readWebConfig(COMPLETE, "/app");
    expect(result).toEqual({
      ok: true,
      config: {
        supabaseUrl: "https://abc.supabase.co",
        anonKey: "anon",
        serviceRoleKey: "service",
        port: 8080,
        host: "127.0.0.1",
        siteUrl: "https://rcrt.example",
        trustProxy: false,
        distDir: "/app/dist",
        formLimit: { limit: 30, windowMs: 600_000 },
        maxStaleMs: 300_000,
        audience: { enabled: true, retentionDays: 730, caps: { clientViews: 1000, clientVisitors: 20, sources: 100, pages: 200 } },
        stopTimes: { announceMs: 0, deadlineMs: 10_000 },
      },
    });
  });

  it("names every missing setting and what it is for", () => {
    const result = readWebConfig({ PORT: "8080" }, "/app");
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems).toHaveLength(4);
    expect(problems[0]).toBe("SUPABASE_URL is not set: the Supabase project's API URL, such as https://<ref>.supabase.co.");
    expect(problems.join("\n")).toContain("SUPABASE_SERVICE_ROLE_KEY is not set");
    expect(problems.join("\n")).toContain("SITE_URL is not set");
  });

  it("refuses malformed values", () => {
    const result = readWebConfig({ ...COMPLETE, PORT: "http", SITE_URL: "rcrt.example", FORM_POST_LIMIT: "0" }, "/app");
    expect(result.ok ? [] : result.problems).toEqual([
      'SITE_URL must be an http(s) URL, not "rcrt.example".',
      'PORT must be a port number, not "http".',
      'FORM_POST_LIMIT must be a positive whole number, not "0".',
    ]);
  });

  it("reads how long a stale page may be served while the API fails, in seconds, and refuses anything else", () => {
    const read = (value: string) => readWebConfig({ ...COMPLETE, PAGE_STALE_MAX_SECONDS: value }, "/app");
    expect(read("60")).toMatchObject({ ok: true, config: { maxStaleMs: 60_000 } });
    expect(read("0")).toMatchObject({ ok: true, config: { maxStaleMs: 0 } });
    expect(read("")).toMatchObject({ ok: true, config: { maxStaleMs: 300_000 } });
    for (const value of ["-1", "1.5", "five"]) {
      expect(read(value), value).toEqual({ ok: false, problems: [`PAGE_STALE_MAX_SECONDS must be a whole number of seconds (0 serves no stale page), not "${value}".`] });
    }
  });

  it("reads how long a page's read and the web tier's own writes may wait on the API, in seconds, unset leaving the web tier's defaults", () => {
    expect(readWebConfig({ ...COMPLETE, PAGE_READ_TIMEOUT_SECONDS: "60", API_WRITE_TIMEOUT_SECONDS: "2.5" }, "/app")).toMatchObject({ ok: true, config: { readTimeoutMs: 60_000, apiTimeoutMs: 2_500 } });
    const unset = readWebConfig({ ...COMPLETE, PAGE_READ_TIMEOUT_SECONDS: " " }, "/app");
    expect(unset.ok && [unset.config.readTimeoutMs, unset.config.apiTimeoutMs]).toEqual([undefined, undefined]);
    for (const value of ["0", "-1", "soon"]) {
      expect(readWebConfig({ ...COMPLETE, PAGE_READ_TIMEOUT_SECONDS: value, API_WRITE_TIMEOUT_SECONDS: value }, "/app"), value).toEqual({
        ok: false,
        problems: [`PAGE_READ_TIMEOUT_SECONDS must be a positive number of seconds, not "${value}".`, `API_WRITE_TIMEOUT_SECONDS must be a positive number of seconds, not "${value}".`],
      });
    }
  });

  it("counts the audience unless ANALYTICS=off, keeping daily figures ANALYTICS_RETENTION_DAYS, and refuses anything else", () => {
    expect(readWebConfig({ ...COMPLETE, ANALYTICS: "off", ANALYTICS_RETENTION_DAYS: "90" }, "/app")).toMatchObject({ ok: true, config: { audience: { enabled: false, retentionDays: 90 } } });
    expect(readWebConfig({ ...COMPLETE, ANALYTICS: "ON" }, "/app")).toMatchObject({ ok: true, config: { audience: { enabled: true, retentionDays: 730 } } });
    expect(readWebConfig({ ...COMPLETE, ANALYTICS: "maybe", ANALYTICS_RETENTION_DAYS: "0" }, "/app")).toEqual({
      ok: false,
      problems: ['ANALYTICS must be on or off, not "maybe".', 'ANALYTICS_RETENTION_DAYS must be a whole number of days (at least 1), not "0".'],
    });
  });

  it("reads the audience caps, each with its default, and refuses anything but a positive whole number", () => {
    const caps = { ANALYTICS_CLIENT_DAILY_VIEWS: "50", ANALYTICS_CLIENT_DAILY_VISITORS: "5", ANALYTICS_DAILY_SOURCES: "40", ANALYTICS_DAILY_PAGES: "" };
    expect(readWebConfig({ ...COMPLETE, ...caps }, "/app")).toMatchObject({ ok: true, config: { audience: { caps: { clientViews: 50, clientVisitors: 5, sources: 40, pages: 200 } } } });
    expect(readWebConfig({ ...COMPLETE, ANALYTICS_CLIENT_DAILY_VIEWS: "0", ANALYTICS_DAILY_PAGES: "many" }, "/app")).toEqual({
      ok: false,
      problems: ['ANALYTICS_CLIENT_DAILY_VIEWS must be a whole number (at least 1), not "0".', 'ANALYTICS_DAILY_PAGES must be a whole number (at least 1), not "many".'],
    });
  });

  it("reads how a stop drains: seconds of notice to a load balancer (none by default) and for requests in flight (10 by default)", () => {
    expect(readWebConfig({ ...COMPLETE, STOP_NOTICE_SECONDS: "5", STOP_DEADLINE_SECONDS: "30" }, "/app")).toMatchObject({ ok: true, config: { stopTimes: { announceMs: 5000, deadlineMs: 30_000 } } });
    expect(readWebConfig({ ...COMPLETE, STOP_NOTICE_SECONDS: "-1", STOP_DEADLINE_SECONDS: "0" }, "/app")).toEqual({
      ok: false,
      problems: ['STOP_NOTICE_SECONDS must be a number of seconds (0: none), not "-1".', 'STOP_DEADLINE_SECONDS must be a positive number of seconds, not "0".'],
    });
  });

  it("npm start reads the settings that make sense locally with the same rules, and needs none of serve's required ones", () => {
    expect(readWebSettings({ FORM_POST_LIMIT: "3", FORM_POST_WINDOW_SECONDS: "60", ANALYTICS: "off", STOP_DEADLINE_SECONDS: "2" })).toMatchObject({
      ok: true,
      config: { formLimit: { limit: 3, windowMs: 60_000 }, audience: { enabled: false }, stopTimes: { deadlineMs: 2000 } },
    });
    expect(readWebSettings({ FORM_POST_LIMIT: "many" })).toEqual({ ok: false, problems: ['FORM_POST_LIMIT must be a positive whole number, not "many".'] });
  });

  it("trusts X-Forwarded-For only when told it runs behind a proxy", () => {
    const result = readWebConfig({ ...COMPLETE, TRUST_PROXY: "1", HOST: "0.0.0.0" }, "/app");
    expect(result.ok && result.config.trustProxy).toBe(true);
    expect(result.ok && result.config.host).toBe("0.0.0.0");
  });
});
