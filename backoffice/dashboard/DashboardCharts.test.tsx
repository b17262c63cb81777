import { describe, expect, it, vi } from "vitest";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpError } from "react-admin";
import { allConfigs } from "../resources/index.ts";
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
    totals: { views: 10 * n, visitors: 4 * n, signups: 3, converted: 2 },
    pages: [
      { path: "/updates", views: 6 * n, visitors: 3 * n, signups: 2 },
      { path: "(other)", views: n, visitors: n, signups: 0 },
    ],
    sources: [
      { source: "", visitors: 3 * n, signups: 1, converted: 1 },
      { source: "news.example.com", visitors: n, signups: 2, converted: 1 },
      { source: "(other)", visitors: n, signups: 0, converted: 0 },
    ],
    campaigns: [{ campaign: "launch", source: "newsletter", medium: "email", visitors: 40, signups: 1, converted: 1 }],
    devices: [{ device: "desktop", visitors: 4 * n }],
  };
}

function growth(n: number) {
  return {
    days: days(n).map((day) => ({ day, direct: 2, referred: 1 })),
    totals: { signed_up: 3 * n, direct: 2 * n, referred: n, confirmed: n },
    top_referrers: [{ place: 1, referrals: 3, email: null }],
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
    if (fn === "growth_figures") return Promise.resolve(growth(args.days!));
    if (fn === "segment_sizes") return Promise.resolve([{ id: 1, name: "Early supporters", size: 120 }]);
    return Promise.reject(new Error(`unexpected ${fn}`));
  });
}

describe("dashboard charts", () => {
  it("draws submissions by kind, the waitlist and content per month from the aggregates, and switches to 90 days", async () => {
    const rpc = stubRpc();
    const { container } = renderInAdmin(<DashboardCharts submissions />, stubDataProvider({ rpc: rpc as never }));
    expect(await screen.findByTestId("submissions-summary")).toHaveTextContent("In the last 30 days: 60 waitlist sign-ups, 0 newsletter sign-ups, 30 contact messages.");
    expect(screen.getByTestId("waitlist-summary")).toHaveTextContent("129 people on the waitlist today, 29 more than on Oct 24.");
    await waitFor(() => expect(container.querySelectorAll("svg").length).toBeGreaterThanOrEqual(3));
    for (const label of ["Waitlist", "Newsletter", "Contact", "Blog Posts", "Videos"]) expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    expect(rpc).toHaveBeenCalledWith("submission_counts", { days: 30 });
    expect(rpc).toHaveBeenCalledWith("published_per_month", { months: 12 });

    await userEvent.click(screen.getByRole("button", { name: "Last 90 days" }));
    await screen.findByText("In the last 90 days: 90 waitlist sign-ups, 90 newsletter sign-ups, 0 contact messages.");
    expect(rpc).toHaveBeenCalledWith("waitlist_totals", { days: 90 });
    expect(screen.getByTestId("waitlist-summary")).toHaveTextContent("189 people on the waitlist today, 89 more than on Aug 25.");
  });

  it("shows the audience: totals with the conversion rate, top pages, sources and campaigns, for 7, 30 or 90 days", async () => {
    const rpc = stubRpc();
    renderInAdmin(<DashboardCharts submissions />, stubDataProvider({ rpc: rpc as never }));
    expect(await screen.findByTestId("visitors-summary")).toHaveTextContent("In the last 30 days: 300 page views, 120 visitors, 3 sign-ups by 2 visitors (1.7% of visitors signed up).");
    // The traffic left out is said where the figures are read: it explains a gap with other tools.
    expect(screen.getByTestId("visitors-not-counted")).toHaveTextContent(/robots.*automated and headless browsers/);
    const row = (table: string, first: string) => within(screen.getByRole("region", { name: table })).getByRole("row", { name: new RegExp(`^${first}`) });
    expect(row("Top pages", "/updates")).toHaveTextContent("/updates180902");
    // A label keeps to one line, cut with an ellipsis; its whole text is the cell's title.
    expect(within(row("Top pages", "/updates")).getAllByRole("cell")[0]).toHaveAttribute("title", "/updates");
    expect(row("Sources", "Direct")).toHaveTextContent("Direct9011.1%");
    expect(row("Sources", "news.example.com")).toHaveTextContent("news.example.com3023.3%");
    // What a day folded past its caps (docs/analytics.md) is named in words.
    expect(row("Sources", "Other sites")).toHaveTextContent("Other sites3000.0%");
    expect(row("Top pages", "Other pages")).toHaveTextContent("Other pages30300");
    expect(row("Campaigns", "launch")).toHaveTextContent("launch · newsletter / email4012.5%");
    await userEvent.click(within(screen.getByRole("group", { name: "Visitors period" })).getByRole("button", { name: "7 days" }));
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

  it("without submissions (an editor's dashboard) asks for no submission figures, and shows the waitlist's growth and the segments", async () => {
    const rpc = stubRpc();
    renderInAdmin(<DashboardCharts submissions={false} />, stubDataProvider({ rpc: rpc as never }));
    await waitFor(() => expect(screen.getAllByText("Blog Posts").length).toBeGreaterThan(0));
    await screen.findByTestId("growth-summary");
    await screen.findByText("Early supporters");
    expect(screen.queryByText("Submissions per day")).toBeNull();
    expect(screen.queryByText("Waitlist over time")).toBeNull();
    expect(screen.queryByText("Visitors")).toBeNull();
    expect(rpc.mock.calls.map(([fn]) => fn).sort()).toEqual(["growth_figures", "published_per_month", "segment_sizes"]);
  });

  it("the growth card sits right after the audience figures", async () => {
    renderInAdmin(<DashboardCharts submissions />, stubDataProvider({ rpc: stubRpc() as never }));
    await screen.findByTestId("growth-summary");
    const titles = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(titles.slice(0, 2)).toEqual(["Visitors", "Growth"]);
  });

  it("every chart's series have colours of their own, each at least 3:1 against the card, with a series for every content type", async () => {
    const tables = allConfigs.map((config) => config.table);
    const rpc = vi.fn((fn: string, args: Record<string, number>) => {
      if (fn === "published_per_month") return Promise.resolve(tables.map((source) => ({ month: "2026-11-01", source, published: 1 })));
      return stubRpc()(fn, args);
    });
    const { container } = renderInAdmin(<DashboardCharts submissions />, stubDataProvider({ rpc: rpc as never }));
    await screen.findByTestId("visitors-summary");
    await waitFor(() => expect(container.querySelectorAll("section[aria-labelledby^='chart-'] .MuiChartsLegend-root")).toHaveLength(5));
    const expected: Record<string, number> = { "chart-visitors": 2, "chart-growth": 2, "chart-submissions": 3, "chart-waitlist": 1, "chart-published": tables.length };
    for (const card of container.querySelectorAll("section[aria-labelledby^='chart-']")) {
      const chart = card.getAttribute("aria-labelledby")!;
      const colours = [...card.querySelectorAll(".MuiChartsLegend-mark .MuiChartsLabelMark-fill")].map((mark) => mark.getAttribute("fill")!.toLowerCase());
      expect(colours, chart).toHaveLength(expected[chart]!);
      expect(new Set(colours).size, `${chart}: ${colours.join(" ")}`).toBe(colours.length);
      for (const colour of colours) expect(contrast(colour, "#ffffff"), `${chart}: ${colour}`).toBeGreaterThanOrEqual(3);
    }
  });

  it("says each count with its noun in the right number, at 0, 1 and 2 of everything", async () => {
    for (const n of [0, 1, 2]) {
      const rpc = vi.fn((fn: string, args: Record<string, number>) => {
        if (fn === "submission_counts") return Promise.resolve(counts(1, { waitlist: n, newsletter: n, contact: n }));
        if (fn === "waitlist_totals") return Promise.resolve(days(args.days!).map((day, index) => ({ day, total: index === 0 ? 0 : n })));
        if (fn === "audience_figures")
          return Promise.resolve({ ...figures(1), days: days(1).map((day) => ({ day, views: n, visitors: n, signups: n })), totals: { views: n, visitors: n, signups: 2 * n, converted: n } });
        return stubRpc()(fn, args);
      });
      const { container, unmount } = renderInAdmin(<DashboardCharts submissions />, stubDataProvider({ rpc: rpc as never }));
      await screen.findByTestId("visitors-summary");
      await screen.findByTestId("waitlist-summary");
      await screen.findByTestId("submissions-summary");
      const text = ["visitors-summary", "submissions-summary", "waitlist-summary"].map((id) => screen.getByTestId(id).textContent).join(" ");
      expect(text, text).not.toMatch(/\b1 (page views|visitors|sign-ups|waitlist sign-ups|newsletter sign-ups|contact messages|people)\b/);
      expect(text, text).not.toMatch(/\b(0|2) (page view|visitor|sign-up|waitlist sign-up|newsletter sign-up|contact message|person)(?![\w-])/);
      for (const [, percent] of text.matchAll(/([\d.]+)%/g)) expect(Number(percent), text).toBeLessThanOrEqual(100);
      expect(container.textContent).not.toMatch(/days ago/);
      unmount();
    }
  });
});

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
