import { describe, expect, it } from "vitest";
import { formatDateTime, parseTimestamp } from "./format.ts";

describe("Timestamps for people: date and time in the reader's zone", () => {
  it("reads the API's ISO form and Postgres's text form as the same instant", () => {
    const iso = parseTimestamp("2026-11-22T16:42:21.5+00:00");
    expect(iso?.toISOString()).toBe("2026-11-22T16:42:21.500Z");
    expect(parseTimestamp("2026-11-22 16:42:21.5+00")?.getTime()).toBe(iso?.getTime());
    expect(parseTimestamp("2026-11-22T16:42:21.123456Z")?.toISOString()).toBe("2026-11-22T16:42:21.123Z");
    expect(parseTimestamp("2026-11-22 22:12:21.5+0530")?.getTime()).toBe(iso?.getTime());
  });

  it("formats date and time in the given zone, never as the raw text", () => {
    expect(formatDateTime("2026-11-22T16:42:21.5+00:00", { locale: "en-US", timeZone: "UTC" })).toBe("Nov 22, 2026, 4:42 PM");
    expect(formatDateTime("2026-11-22 16:42:21.5+00", { locale: "en-US", timeZone: "America/New_York" })).toBe("Nov 22, 2026, 11:42 AM");
    expect(formatDateTime("2026-11-22T16:42:21Z", { locale: "en-GB", timeZone: "Europe/Berlin" })).toBe("22 Nov 2026, 17:42");
  });

  it("leaves what is not a timestamp with a zone as it is", () => {
    for (const value of ["Draft", "2026-12-01", "2026-11-22T16:42", "12", ""]) {
      expect(parseTimestamp(value)).toBeNull();
      expect(formatDateTime(value, { locale: "en-US", timeZone: "UTC" })).toBe(value);
    }
    expect(parseTimestamp(42)).toBeNull();
  });

  it("a value that is not text is no timestamp, even a list whose text reads as one", () => {
    expect(parseTimestamp(["2026-11-22T16:42Z"])).toBeNull();
    expect(parseTimestamp({ toString: () => "2026-11-22T16:42Z" })).toBeNull();
  });

  it("a year with a sign and six digits is neither form, though a Date reads it", () => {
    expect(parseTimestamp("+002026-11-22T16:42:21Z")).toBeNull();
    expect(formatDateTime("+002026-11-22T16:42:21Z", { locale: "en-US", timeZone: "UTC" })).toBe("+002026-11-22T16:42:21Z");
  });

  it("reads an offset of hours alone, a time without seconds, and refuses what is not a timestamp with its zone", () => {
    expect(parseTimestamp("2026-11-22 16:42:21+09")?.toISOString()).toBe("2026-11-22T07:42:21.000Z");
    expect(parseTimestamp("2026-11-22T16:42Z")?.toISOString()).toBe("2026-11-22T16:42:00.000Z");
    expect(parseTimestamp("2026-11-22")).toBeNull();
  });
});
