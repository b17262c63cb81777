import { describe, expect, it } from "vitest";
import { confirmationDetail, confirmationRate, growthSeries, growthSummary, referrerTable } from "./growth.ts";

// What the Growth card makes of growth_figures' answer; the words are written out, as the card shows them.

const totals = (signed_up: number, direct: number, referred: number, confirmed: number) => ({ signed_up, direct, referred, confirmed });

describe("the growth chart's series", () => {
  it("one point per day, oldest first, direct and referred apart", () => {
    expect(
      growthSeries([
        { day: "2026-11-25", direct: 2, referred: 0 },
        { day: "2026-11-26", direct: 1, referred: 3 },
      ]),
    ).toEqual({ days: ["2026-11-25", "2026-11-26"], direct: [2, 1], referred: [0, 3] });
    expect(growthSeries([])).toEqual({ days: [], direct: [], referred: [] });
  });
});

describe("the growth summary", () => {
  it("says the sign-ups with their noun in the right number, split when there are any", () => {
    expect(growthSummary(30, totals(8, 5, 3, 4))).toBe("In the last 30 days: 8 waitlist sign-ups, 5 direct and 3 referred.");
    expect(growthSummary(7, totals(1, 0, 1, 0))).toBe("In the last 7 days: 1 waitlist sign-up, 0 direct and 1 referred.");
    expect(growthSummary(90, totals(0, 0, 0, 0))).toBe("In the last 90 days: 0 waitlist sign-ups.");
  });
});

describe("the confirmation rate", () => {
  it("is the share of the period's sign-ups confirmed, with one decimal, and a dash without sign-ups", () => {
    expect(confirmationRate(totals(8, 5, 3, 5))).toBe("62.5%");
    expect(confirmationRate(totals(3, 3, 0, 1))).toBe("33.3%");
    expect(confirmationRate(totals(2, 2, 0, 2))).toBe("100.0%");
    expect(confirmationRate(totals(0, 0, 0, 0))).toBe("–");
  });

  it("says both counts", () => {
    expect(confirmationDetail(totals(8, 5, 3, 5))).toBe("5 of 8 sign-ups confirmed");
    expect(confirmationDetail(totals(1, 1, 0, 1))).toBe("1 of 1 sign-up confirmed");
    expect(confirmationDetail(totals(0, 0, 0, 0))).toBe("0 of 0 sign-ups confirmed");
  });
});

describe("the top referrers' table", () => {
  it("has an address column when the answer carries addresses (an administrator's)", () => {
    expect(
      referrerTable([
        { place: 1, referrals: 4, email: "ann@example.com" },
        { place: 7, referrals: 2, email: "bob@example.com" },
      ]),
    ).toEqual({
      headers: ["Referrer", "Place", "Referrals"],
      rows: [
        ["ann@example.com", 1, 4],
        ["bob@example.com", 7, 2],
      ],
    });
  });

  it("leaves the address blank for a referrer the answer carries none for, when others have one", () => {
    expect(
      referrerTable([
        { place: 1, referrals: 4, email: "ann@example.com" },
        { place: 7, referrals: 2, email: null },
      ]),
    ).toEqual({
      headers: ["Referrer", "Place", "Referrals"],
      rows: [
        ["ann@example.com", 1, 4],
        ["", 7, 2],
      ],
    });
  });

  it("has places and counts only when it carries none (an editor's)", () => {
    expect(
      referrerTable([
        { place: 1, referrals: 4, email: null },
        { place: 7, referrals: 2, email: null },
      ]),
    ).toEqual({
      headers: ["Place", "Referrals"],
      rows: [
        [1, 4],
        [7, 2],
      ],
    });
    expect(referrerTable([])).toEqual({ headers: ["Place", "Referrals"], rows: [] });
  });
});
