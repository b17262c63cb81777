import { describe, expect, it } from "vitest";
import { audienceRefusal, publicationStatus, publishChoiceOf, publishingOutcome, publishingValues, sendRefusal, statusLabel } from "./publishing.ts";

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

describe("publishing choice", () => {
  it("a row stands for the choice that keeps it as it is", () => {
    expect(publishChoiceOf({ published: false, publish_at: "2026-11-25T00:00:00Z" }, NOW)).toBe("draft");
    expect(publishChoiceOf({ published: true, publish_at: null }, NOW)).toBe("now");
    expect(publishChoiceOf({ published: true, publish_at: "2026-11-24T11:00:00Z" }, NOW)).toBe("now");
    expect(publishChoiceOf({ published: true, publish_at: "2026-11-25T15:00:00Z" }, NOW)).toBe("schedule");
  });

  it("scheduling writes the flag with the moment; publishing now and a draft clear the moment", () => {
    expect(publishingValues("schedule", "2026-11-25T15:00:00.000Z")).toEqual({ published: true, publish_at: "2026-11-25T15:00:00.000Z" });
    expect(publishingValues("now", "2026-11-25T15:00:00.000Z")).toEqual({ published: true, publish_at: null });
    expect(publishingValues("draft", "2026-11-25T15:00:00.000Z")).toEqual({ published: false, publish_at: null });
  });

  it("states what saving does", () => {
    const options = { now: NOW, timeZone: "UTC" };
    expect(publishingOutcome("draft", null, options)).toBe("Stays a draft");
    expect(publishingOutcome("draft", null, { ...options, wasLive: true })).toBe("Goes back to draft when saved");
    expect(publishingOutcome("now", null, options)).toBe("Goes live when saved");
    expect(publishingOutcome("now", null, { ...options, wasLive: true })).toBe("Live");
    expect(publishingOutcome("schedule", "2026-11-25T16:00:00Z", options)).toBe("Goes live Nov 25, 16:00");
    expect(publishingOutcome("schedule", "2027-01-02T09:05:00Z", options)).toBe("Goes live Jan 2, 2027, 09:05");
    expect(publishingOutcome("schedule", null, options)).toBe("Pick when it goes live");
    expect(publishingOutcome("schedule", "2026-11-24T11:00:00Z", options)).toBe("Goes live when saved");
  });

  it("a moment scheduled for exactly now goes live when saved", () => {
    expect(publishingOutcome("schedule", "2026-11-24T12:00:00Z", { now: NOW, timeZone: "UTC" })).toBe("Goes live when saved");
    expect(publishingOutcome("schedule", "2026-11-24T12:00:00Z", { now: NOW, timeZone: "UTC", wasLive: true })).toBe("Live");
  });
});

describe("sendRefusal", () => {
  it("refuses a draft and a scheduled post as the database does, and a send to nobody", () => {
    const some = { subscribers: 3, segments: 0 };
    expect(sendRefusal({ published: false }, some, NOW)).toBe("Publish the post first");
    expect(sendRefusal({ published: true, publish_at: "2026-11-24T12:00:01Z" }, some, NOW)).toBe("Not live yet: it can be sent once it goes live");
    expect(sendRefusal({ published: true, publish_at: "2026-11-24T12:00:00Z" }, some, NOW)).toBeNull();
    expect(sendRefusal({ published: true, publish_at: null }, { subscribers: 0, segments: 0 }, NOW)).toBe("No confirmed subscribers yet");
    expect(sendRefusal({ published: true, publish_at: null }, { subscribers: undefined, segments: 0 }, NOW)).toBeNull();
  });

  it("lets a post or a mail go to a segment's people when nobody has subscribed yet, and waits for both counts before refusing", () => {
    expect(sendRefusal({ published: true, publish_at: null }, { subscribers: 0, segments: 1 }, NOW)).toBeNull();
    expect(audienceRefusal({ subscribers: 0, segments: 2 })).toBeNull();
    expect(audienceRefusal({ subscribers: 0, segments: undefined })).toBeNull();
    expect(audienceRefusal({ subscribers: 0, segments: 0 })).toBe("No confirmed subscribers yet");
    expect(audienceRefusal({ subscribers: 1, segments: 0 })).toBeNull();
  });
});
