import { describe, expect, it, vi } from "vitest";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpError } from "react-admin";
import { renderInAdmin, stubDataProvider } from "../testing/render.tsx";
import DashboardCharts from "./DashboardCharts.tsx";

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

// The charts' drawing from the aggregates' rows; the aggregates themselves are proven against the
// database in tests/integration/database-editorial.test.ts.

const days = (n: number) => Array.from({ length: n }, (_, index) => new Date(Date.UTC(2026, 10, 22) - (n - 1 - index) * 86_400_000).toISOString().slice(0, 10));

function counts(n: number, perDay: Record<string, number>) {
  return days(n).flatMap((day) => ["waitlist", "newsletter", "contact"].map((kind) => ({ day, kind, submissions: perDay[kind] ?? 0 })));
}

function figures(n: number) {
  return {
    days: days(n).map((day) => ({ day, views: 10, visitors: 4, signups: 0 })),
    totals: { views: 10 * n, visitors: 4 * n, signups: 3 },
    pages: [
      { path: "/updates", views: 6 * n, visitors: 3 * n, signups: 2 },
      { path: "(other)", views: n, visitors: n, signups: 0 },
    ],
    sources: [
      { source: "", visitors: 3 * n, signups: 1 },
      { source: "news.example.com", visitors: n, signups: 2 },
      { source: "(other)", visitors: n, signups: 0 },
    ],
    campaigns: [{ campaign: "launch", source: "newsletter", medium: "email", visitors: 40, signups: 1 }],
    devices: [{ device: "desktop", visitors: 4 * n }],
  };
}

function stubRpc(fail: Set<string> = new Set()) {
  return vi.fn((fn: string, args: Record<string, number>) => {
    if (fail.has(fn)) return Promise.reject(new HttpError("Internal error", 500));
    if (fn === "submission_counts") return Promise.resolve(counts(args.days!, args.days === 30 ? { waitlist: 2, contact: 1 } : { waitlist: 1, newsletter: 1 }));
    if (fn === "waitlist_totals") return Promise.resolve(days(args.days!).map((day, index) => ({ day, total: 100 + index })));
    if (fn === "audience_figures") return Promise.resolve(figures(args.days!));
    if (fn === "published_per_month")
      return Promise.resolve(["2026-10-01", "2026-11-01"].flatMap((month) => [{ month, source: "blog_posts", published: 3 }, { month, source: "videos", published: 1 }]));
    return Promise.reject(new Error(`unexpected ${fn}`));
  });
}

describe("dashboard charts", () => {
  it("draws submissions by kind, the waitlist and content per month from the aggregates, and switches to 90 days", async () => {
    const rpc = stubRpc();
    const { container } = renderInAdmin(<DashboardCharts submissions />, stubDataProvider({ rpc: rpc as never }));
    expect(await screen.findByTestId("submissions-summary")).toHaveTextContent("In the last 30 days: 60 waitlist, 0 newsletter, 30 contact.");
    expect(screen.getByTestId("waitlist-summary")).toHaveTextContent("129 on the waitlist today, 29 more than 30 days ago.");
    await waitFor(() => expect(container.querySelectorAll("svg").length).toBeGreaterThanOrEqual(3));
    for (const label of ["Waitlist", "Newsletter", "Contact", "Blog Posts", "Videos"]) expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    expect(rpc).toHaveBeenCalledWith("submission_counts", { days: 30 });
    expect(rpc).toHaveBeenCalledWith("published_per_month", { months: 12 });

    await userEvent.click(screen.getByRole("button", { name: "Last 90 days" }));
    await screen.findByText("In the last 90 days: 90 waitlist, 90 newsletter, 0 contact.");
    expect(rpc).toHaveBeenCalledWith("waitlist_totals", { days: 90 });
    expect(screen.getByTestId("waitlist-summary")).toHaveTextContent("189 on the waitlist today, 89 more than 90 days ago.");
  });

  it("shows the audience: totals with the conversion rate, top pages, sources and campaigns, for 7, 30 or 90 days", async () => {
    const rpc = stubRpc();
    renderInAdmin(<DashboardCharts submissions />, stubDataProvider({ rpc: rpc as never }));
    expect(await screen.findByTestId("visitors-summary")).toHaveTextContent("In the last 30 days: 300 page views, 120 visitors, 3 sign-ups (2.5%).");
    const row = (table: string, first: string) => within(screen.getByRole("region", { name: table })).getByRole("row", { name: new RegExp(`^${first}`) });
    expect(row("Top pages", "/updates")).toHaveTextContent("/updates180902");
    expect(row("Sources", "Direct")).toHaveTextContent("Direct9011.1%");
    expect(row("Sources", "news.example.com")).toHaveTextContent("news.example.com3026.7%");
    // What a day folded past its caps (docs/analytics.md) is named in words.
    expect(row("Sources", "Other sites")).toHaveTextContent("Other sites3000.0%");
    expect(row("Top pages", "Other pages")).toHaveTextContent("Other pages30300");
    expect(row("Campaigns", "launch")).toHaveTextContent("launch · newsletter / email4012.5%");
    await userEvent.click(screen.getByRole("button", { name: "7 days" }));
    await screen.findByText(/^In the last 7 days: 70 page views/);
    expect(rpc).toHaveBeenCalledWith("audience_figures", { days: 7 });
  });

  it("a failed aggregate shows its error and Try Again; the other charts still draw", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const failing = new Set(["published_per_month"]);
    const rpc = stubRpc(failing);
    renderInAdmin(<DashboardCharts submissions />, stubDataProvider({ rpc: rpc as never }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not load published counts.");
    await screen.findByTestId("submissions-summary");
    failing.clear();
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(screen.getAllByText("Blog Posts").length).toBeGreaterThan(0);
  });

  it("without submissions (an editor's dashboard) asks for no submission figures", async () => {
    const rpc = stubRpc();
    renderInAdmin(<DashboardCharts submissions={false} />, stubDataProvider({ rpc: rpc as never }));
    await waitFor(() => expect(screen.getAllByText("Blog Posts").length).toBeGreaterThan(0));
    expect(screen.queryByText("Submissions per day")).toBeNull();
    expect(screen.queryByText("Waitlist over time")).toBeNull();
    expect(screen.queryByText("Visitors")).toBeNull();
    expect(rpc.mock.calls.map(([fn]) => fn)).toEqual(["published_per_month"]);
  });
});
