import { describe, expect, it, vi } from "vitest";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpError } from "react-admin";
import { renderInAdmin, stubDataProvider } from "../testing/render.tsx";
import { GrowthCard } from "./GrowthCard.tsx";
import { SegmentSizesCard } from "./SegmentSizesCard.tsx";

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

// The Growth and Segments cards drawn from their aggregates' answers; the answers themselves (and
// that an editor's carries no address) are proven against the database in
// tests/integration/database-growth.test.ts.

const days = (n: number) => Array.from({ length: n }, (_, index) => new Date(Date.UTC(2026, 10, 26) - (n - 1 - index) * 86_400_000).toISOString().slice(0, 10));

function growth(n: number, emails: boolean) {
  return {
    days: days(n).map((day, index) => ({ day, direct: index % 2, referred: index === n - 1 ? 3 : 0 })),
    totals: { signed_up: 8, direct: 5, referred: 3, confirmed: 5 },
    top_referrers: [
      { place: 1, referrals: 2, email: emails ? "ann@example.com" : null },
      { place: 4, referrals: 1, email: emails ? "bob@example.com" : null },
    ],
  };
}

function growthRpc(emails: boolean) {
  return vi.fn((fn: string, args: Record<string, number>) => (fn === "growth_figures" ? Promise.resolve(growth(args.days!, emails)) : Promise.reject(new Error(`unexpected ${fn}`))));
}

const region = (name: string) => screen.getByRole("region", { name });

describe("the Growth card", () => {
  it("shows an administrator the sign-ups split direct and referred, the confirmation rate with both counts, and the top referrers by address", async () => {
    const rpc = growthRpc(true);
    const { container } = renderInAdmin(<GrowthCard />, stubDataProvider({ rpc: rpc as never }));
    expect(await screen.findByTestId("growth-summary")).toHaveTextContent("In the last 30 days: 8 waitlist sign-ups, 5 direct and 3 referred.");
    expect(rpc).toHaveBeenCalledWith("growth_figures", { days: 30 });
    expect(screen.getByRole("heading", { name: "Growth", level: 2 })).toBeInTheDocument();
    // The chart's text alternative, and its two stacked series in the legend.
    await waitFor(() => expect(container.querySelector("svg[aria-label='Waitlist sign-ups per day, direct and referred, last 30 days']")).not.toBeNull());
    expect(screen.getAllByText("Direct").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Referred").length).toBeGreaterThan(0);

    expect(within(region("Confirmation rate")).getByTestId("growth-confirmation-rate")).toHaveTextContent("62.5%");
    expect(region("Confirmation rate")).toHaveTextContent("5 of 8 sign-ups confirmed");
    const referrers = region("Top referrers");
    expect(within(referrers).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Referrer", "Place", "Referrals"]);
    expect(within(referrers).getAllByRole("row").slice(1).map((row) => row.textContent)).toEqual(["ann@example.com12", "bob@example.com41"]);
  });

  it("shows an editor places and counts, and no address column", async () => {
    renderInAdmin(<GrowthCard />, stubDataProvider({ rpc: growthRpc(false) as never }));
    await screen.findByTestId("growth-summary");
    const referrers = region("Top referrers");
    expect(within(referrers).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Place", "Referrals"]);
    expect(within(referrers).getAllByRole("row").slice(1).map((row) => row.textContent)).toEqual(["12", "41"]);
    expect(referrers).not.toHaveTextContent("@");
  });

  it("switches to 7 or 90 days", async () => {
    const rpc = growthRpc(true);
    const { container } = renderInAdmin(<GrowthCard />, stubDataProvider({ rpc: rpc as never }));
    await screen.findByTestId("growth-summary");
    await userEvent.click(within(screen.getByRole("group", { name: "Growth period" })).getByRole("button", { name: "7 days" }));
    await screen.findByText("In the last 7 days: 8 waitlist sign-ups, 5 direct and 3 referred.");
    expect(rpc).toHaveBeenCalledWith("growth_figures", { days: 7 });
    await waitFor(() => expect(container.querySelector("svg[aria-label='Waitlist sign-ups per day, direct and referred, last 7 days']")).not.toBeNull());
    await userEvent.click(screen.getByRole("button", { name: "90 days" }));
    await screen.findByText("In the last 90 days: 8 waitlist sign-ups, 5 direct and 3 referred.");
  });

  it("without sign-ups says so: a dash for the rate, and no referrer yet", async () => {
    const rpc = vi.fn(() => Promise.resolve({ days: days(30).map((day) => ({ day, direct: 0, referred: 0 })), totals: { signed_up: 0, direct: 0, referred: 0, confirmed: 0 }, top_referrers: [] }));
    renderInAdmin(<GrowthCard />, stubDataProvider({ rpc: rpc as never }));
    expect(await screen.findByTestId("growth-summary")).toHaveTextContent("In the last 30 days: 0 waitlist sign-ups.");
    expect(screen.getByTestId("growth-confirmation-rate")).toHaveTextContent("–");
    expect(region("Top referrers")).toHaveTextContent("No referral has earned credit yet.");
  });

  it("a failed read shows its error and Try Again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let fail = true;
    const rpc = vi.fn((fn: string, args: Record<string, number>) => (fail ? Promise.reject(new HttpError("Internal error", 500)) : growthRpc(true)(fn, args)));
    renderInAdmin(<GrowthCard />, stubDataProvider({ rpc: rpc as never }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not load growth figures.");
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    await screen.findByTestId("growth-summary");
  });
});

describe("the Segments card", () => {
  it("lists each segment with its size", async () => {
    const rpc = vi.fn(() =>
      Promise.resolve([
        { id: 1, name: "Early supporters", size: 120 },
        { id: 2, name: "Japan", size: 7 },
      ]),
    );
    renderInAdmin(<SegmentSizesCard />, stubDataProvider({ rpc: rpc as never }));
    const card = await screen.findByRole("region", { name: "Segments" });
    const table = await within(card).findByRole("region", { name: "Members per segment" });
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Segment", "Members"]);
    expect(within(table).getAllByRole("row").slice(1).map((row) => row.textContent)).toEqual(["Early supporters120", "Japan7"]);
    expect(rpc).toHaveBeenCalledWith("segment_sizes", {});
  });

  it("with no segment says so", async () => {
    renderInAdmin(<SegmentSizesCard />, stubDataProvider({ rpc: vi.fn(() => Promise.resolve([])) as never }));
    await screen.findByText("No segments yet.");
  });

  it("a failure shows its error and Try Again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderInAdmin(<SegmentSizesCard />, stubDataProvider({ rpc: vi.fn(() => Promise.reject(new HttpError("Internal error", 500))) as never }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not load segment sizes.");
    expect(screen.getByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });
});
