// The dashboard's sentences about counts, as pure functions: each count is said with its noun in the
// right number ("1 visitor", "2 visitors"), and each comparison names what it compares with.

import { conversionRate, countOf } from "./format.ts";
import type { AudienceFigures, FormKind } from "./types.ts";

const shortDay = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** "In the last 30 days: 300 page views, 120 visitors, 3 sign-ups by 2 visitors (1.7% of visitors signed up)." */
export function audienceSummary(days: number, totals: AudienceFigures["totals"]): string {
  const signups = totals.signups > 0 ? `${countOf(totals.signups, "sign-up")} by ${countOf(totals.converted, "visitor")}` : "no sign-ups";
  const rate = totals.visitors > 0 ? ` (${conversionRate(totals.converted, totals.visitors)} of visitors signed up)` : "";
  return `In the last ${days} days: ${countOf(totals.views, "page view")}, ${countOf(totals.visitors, "visitor")}, ${signups}${rate}.`;
}

const SUBMISSION_NOUNS: Record<FormKind, string> = { waitlist: "waitlist sign-up", newsletter: "newsletter sign-up", contact: "contact message" };

/** "In the last 30 days: 2 waitlist sign-ups, 1 newsletter sign-up, 0 contact messages." */
export function submissionsSummary(days: number, counts: readonly (readonly [FormKind, number])[]): string {
  return `In the last ${days} days: ${counts.map(([kind, count]) => countOf(count, SUBMISSION_NOUNS[kind])).join(", ")}.`;
}

/** "129 people on the waitlist today, 29 more than on Oct 24." from the daily totals, oldest first. */
export function waitlistSummary(rows: readonly { day: string; total: number }[]): string {
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) return "";
  const today = `${countOf(last.total, "person", "people")} on the waitlist today`;
  if (rows.length < 2) return `${today}.`;
  const change = last.total - first.total;
  const compared = change === 0 ? "as many as" : `${Math.abs(change)} ${change > 0 ? "more" : "fewer"} than`;
  return `${today}, ${compared} on ${shortDay(first.day)}.`;
}
