// The dashboard's Growth and Segments cards: their words, in one place, and what they make of
// growth_figures' and segment_sizes' answers, as pure functions.

import { conversionRate, countOf } from "./format.ts";
import type { GrowthFigures } from "./types.ts";

export const GROWTH_TEXTS = {
  title: "Growth",
  period: "Growth period",
  window: (days: number) => `${days} days`,
  direct: "Direct",
  referred: "Referred",
  chart: (days: number) => `Waitlist sign-ups per day, direct and referred, last ${days} days`,
  noun: "growth figures",
  confirmation: "Confirmation rate",
  topReferrers: "Top referrers",
  referrer: "Referrer",
  place: "Place",
  referrals: "Referrals",
  noReferrers: "No referral has earned credit yet.",
  segments: "Segments",
  segmentSizes: "Members per segment",
  segment: "Segment",
  members: "Members",
  segmentsNoun: "segment sizes",
  noSegments: "No segments yet.",
} as const;

/** The stacked chart's axis and its two series, oldest day first. */
export function growthSeries(days: GrowthFigures["days"]): { days: string[]; direct: number[]; referred: number[] } {
  return { days: days.map((row) => row.day), direct: days.map((row) => row.direct), referred: days.map((row) => row.referred) };
}

/** "In the last 30 days: 8 waitlist sign-ups, 5 direct and 3 referred." */
export function growthSummary(days: number, totals: GrowthFigures["totals"]): string {
  const split = totals.signed_up > 0 ? `, ${totals.direct} direct and ${totals.referred} referred` : "";
  return `In the last ${days} days: ${countOf(totals.signed_up, "waitlist sign-up")}${split}.`;
}

/** "62.5%" of the period's sign-ups confirmed; "–" without sign-ups. */
export function confirmationRate(totals: GrowthFigures["totals"]): string {
  return conversionRate(totals.confirmed, totals.signed_up);
}

/** "5 of 8 sign-ups confirmed", "1 of 1 sign-up confirmed". */
export function confirmationDetail(totals: GrowthFigures["totals"]): string {
  return `${totals.confirmed} of ${countOf(totals.signed_up, "sign-up")} confirmed`;
}

/**
 * The top referrers as a table. Editors are answered no address, and then the table has no column
 * for one: each referrer is their place in line and their count.
 */
export function referrerTable(referrers: GrowthFigures["top_referrers"]): { headers: string[]; rows: (string | number)[][] } {
  if (referrers.some((row) => row.email !== null)) {
    return {
      headers: [GROWTH_TEXTS.referrer, GROWTH_TEXTS.place, GROWTH_TEXTS.referrals],
      rows: referrers.map((row) => [row.email ?? "", row.place, row.referrals]),
    };
  }
  return { headers: [GROWTH_TEXTS.place, GROWTH_TEXTS.referrals], rows: referrers.map((row) => [row.place, row.referrals]) };
}
