import { describe, expect, it } from "vitest";
import { publicationStatus, statusLabel } from "./publishing.ts";

const NOW = Date.parse("2026-11-24T12:00:00Z");

describe("publicationStatus", () => {
  it("an unpublished row is a draft, whatever its publish_at", () => {
    expect(publicationStatus({ published: false }, NOW)).toEqual({ kind: "draft" });
    expect(publicationStatus({ published: false, publish_at: "2026-11-25T00:00:00Z" }, NOW)).toEqual({ kind: "draft" });
  });

  it("a published row with no publish_at, or one that has come, is published", () => {
    expect(publicationStatus({ published: true }, NOW)).toEqual({ kind: "published" });
    expect(publicationStatus({ published: true, publish_at: null }, NOW)).toEqual({ kind: "published" });
    expect(publicationStatus({ published: true, publish_at: "2026-11-24T12:00:00Z" }, NOW)).toEqual({ kind: "published" });
    expect(publicationStatus({ published: true, publish_at: "2026-11-24T11:59:59Z" }, NOW)).toEqual({ kind: "published" });
  });

  it("a published row whose publish_at is ahead is scheduled for that moment", () => {
    expect(publicationStatus({ published: true, publish_at: "2026-11-24T12:00:01+00:00" }, NOW)).toEqual({ kind: "scheduled", at: new Date("2026-11-24T12:00:01Z") });
  });

  it("an unreadable publish_at does not hide a published row", () => {
    expect(publicationStatus({ published: true, publish_at: "soon" }, NOW)).toEqual({ kind: "published" });
  });
});

describe("statusLabel", () => {
  it("names the state, and the scheduled time in the given zone", () => {
    expect(statusLabel({ kind: "draft" })).toBe("Draft");
    expect(statusLabel({ kind: "published" })).toBe("Published");
    expect(statusLabel({ kind: "scheduled", at: new Date("2026-11-24T17:30:00Z") }, { locale: "en-US", timeZone: "UTC" })).toBe("Scheduled Nov 24, 2026, 5:30 PM");
    expect(statusLabel({ kind: "scheduled", at: new Date("2026-11-24T17:30:00Z") }, { locale: "en-US", timeZone: "Europe/Berlin" })).toBe("Scheduled Nov 24, 2026, 6:30 PM");
  });
});
