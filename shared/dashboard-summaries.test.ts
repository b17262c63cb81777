import { describe, expect, it } from "vitest";
import { audienceSummary, submissionsSummary, waitlistSummary } from "./dashboard-summaries.ts";

// Every counted phrase of the dashboard, at 0, 1 and 2: the noun agrees with its number.

/** A count of 1 followed by a plural noun, or another count followed by a singular one. */
function disagreements(sentence: string, nouns: readonly [string, string][]): string[] {
  const found: string[] = [];
  for (const [one, many] of nouns) {
    if (new RegExp(`(^|[^\\d.])1 ${many}\\b`).test(sentence)) found.push(`1 ${many}`);
    const singular = new RegExp(`(^|[^\\d.])(\\d+) ${one}(?![\\w-])`, "g");
    for (const match of sentence.matchAll(singular)) if (match[2] !== "1") found.push(`${match[2]} ${one}`);
  }
  return found;
}

const NOUNS: [string, string][] = [
  ["page view", "page views"],
  ["visitor", "visitors"],
  ["sign-up", "sign-ups"],
  ["waitlist sign-up", "waitlist sign-ups"],
  ["newsletter sign-up", "newsletter sign-ups"],
  ["contact message", "contact messages"],
  ["person", "people"],
];

describe("the dashboard's counted phrases agree with their numbers", () => {
  it("the audience summary, over 0, 1 and 2 of each figure", () => {
    for (const views of [0, 1, 2])
      for (const visitors of [0, 1, 2])
        for (const signups of [0, 1, 2]) {
          const converted = Math.min(signups, visitors);
          const sentence = audienceSummary(30, { views, visitors, signups, converted });
          expect(disagreements(sentence, NOUNS), sentence).toEqual([]);
          for (const [, percent] of sentence.matchAll(/([\d.]+)%/g)) expect(Number(percent), sentence).toBeLessThanOrEqual(100);
        }
    expect(audienceSummary(30, { views: 1, visitors: 1, signups: 2, converted: 1 })).toBe("In the last 30 days: 1 page view, 1 visitor, 2 sign-ups by 1 visitor (100.0% of visitors signed up).");
    expect(audienceSummary(7, { views: 300, visitors: 120, signups: 3, converted: 2 })).toBe("In the last 7 days: 300 page views, 120 visitors, 3 sign-ups by 2 visitors (1.7% of visitors signed up).");
    expect(audienceSummary(90, { views: 2, visitors: 2, signups: 0, converted: 0 })).toBe("In the last 90 days: 2 page views, 2 visitors, no sign-ups (0.0% of visitors signed up).");
    expect(audienceSummary(30, { views: 0, visitors: 0, signups: 0, converted: 0 })).toBe("In the last 30 days: 0 page views, 0 visitors, no sign-ups.");
  });

  it("the submissions summary, over 0, 1 and 2 of each kind", () => {
    for (const n of [0, 1, 2]) {
      const sentence = submissionsSummary(30, [["waitlist", n], ["newsletter", n], ["contact", n]]);
      expect(disagreements(sentence, NOUNS), sentence).toEqual([]);
    }
    expect(submissionsSummary(30, [["waitlist", 2], ["newsletter", 1], ["contact", 0]])).toBe("In the last 30 days: 2 waitlist sign-ups, 1 newsletter sign-up, 0 contact messages.");
  });

  it("the waitlist summary: people today over 0, 1 and 2, and a change that names the day it is compared with", () => {
    for (const total of [0, 1, 2]) {
      const sentence = waitlistSummary([{ day: "2026-10-24", total: 0 }, { day: "2026-11-22", total }]);
      expect(disagreements(sentence, NOUNS), sentence).toEqual([]);
    }
    expect(waitlistSummary([{ day: "2026-10-24", total: 100 }, { day: "2026-11-22", total: 129 }])).toBe("129 people on the waitlist today, 29 more than on Oct 24.");
    expect(waitlistSummary([{ day: "2026-10-24", total: 3 }, { day: "2026-11-22", total: 1 }])).toBe("1 person on the waitlist today, 2 fewer than on Oct 24.");
    expect(waitlistSummary([{ day: "2026-10-24", total: 2 }, { day: "2026-11-22", total: 2 }])).toBe("2 people on the waitlist today, as many as on Oct 24.");
    expect(waitlistSummary([{ day: "2026-11-22", total: 1 }])).toBe("1 person on the waitlist today.");
    expect(waitlistSummary([])).toBe("");
  });

  it("the check itself finds a wrong number", () => {
    expect(disagreements("1 visitors, 2 sign-up", NOUNS)).toEqual(["1 visitors", "2 sign-up"]);
  });
});
