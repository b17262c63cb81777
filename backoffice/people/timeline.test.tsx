import { describe, expect, it } from "vitest";
import { messageExcerpt } from "./format.ts";
import { eventText, type PersonEvent } from "./PersonDialog.tsx";

const at = "2026-11-27T04:00:00+00:00";
const event = (fields: Omit<PersonEvent, "at">): PersonEvent => ({ at, ...fields });

describe("a person's timeline", () => {
  it("says what each event of person_detail was", () => {
    expect(eventText(event({ kind: "waitlist_signup" }))).toBe("Joined the waitlist");
    expect(eventText(event({ kind: "waitlist_confirmed", seq: 1204 }))).toBe("Confirmed their place on the waitlist (#1,204 in order of confirmation)");
    expect(eventText(event({ kind: "referral", credited: true }))).toBe("A friend they referred confirmed: credited");
    expect(eventText(event({ kind: "referral", credited: false }))).toBe("A friend they referred confirmed: not credited");
    expect(eventText(event({ kind: "credit_voided" }))).toBe("Their referral credit was voided");
    expect(eventText(event({ kind: "newsletter_signup" }))).toBe("Signed up for the newsletter");
    expect(eventText(event({ kind: "newsletter_confirmed" }))).toBe("Confirmed the newsletter");
    expect(eventText(event({ kind: "newsletter_unsubscribed" }))).toBe("Unsubscribed from the newsletter");
    expect(eventText(event({ kind: "form", form: "contact" }))).toBe("Wrote to us");
    expect(eventText(event({ kind: "form", form: "waitlist" }))).toBe("Sent the waitlist form");
    expect(eventText(event({ kind: "form", form: "newsletter" }))).toBe("Sent the newsletter form");
    expect(eventText(event({ kind: "imported", source: "Trade fair" }))).toBe("Imported from Trade fair");
    expect(eventText(event({ kind: "imported", source: null }))).toBe("Imported");
    expect(eventText(event({ kind: "consent", source: "Kickstarter backers" }))).toBe("Consent to mail recorded (Kickstarter backers)");
    expect(eventText(event({ kind: "opt_out" }))).toBe("Opted out of aimed mail");
  });

  it("shows the first 300 characters of a contact message", () => {
    expect(messageExcerpt("Hello")).toBe("Hello");
    expect(messageExcerpt("x".repeat(301))).toBe(`${"x".repeat(300)}…`);
    expect(messageExcerpt(null)).toBe("");
  });
});
