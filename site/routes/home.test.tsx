import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COMMUNITY_URL } from "../../shared/brand.ts";
import { homePage, renderSite, STAGES, stubNetwork } from "../test-utils.tsx";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("home page", () => {
  it("shows its sections in the spec's order", async () => {
    stubNetwork({ home_page: homePage({ stages: STAGES }) });
    renderSite("/");
    const order = ["Key Features", "Project Progress", "Featured Collections", "Press Coverage", "Join Our Community"];
    // Sections below the fold load lazily, each on its own; under load they arrive in any order.
    for (const name of order) await screen.findByRole("heading", { level: 2, name });
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(headings.filter((text) => order.includes(text ?? ""))).toEqual(order);
    expect(screen.getByRole("heading", { level: 1, name: "RCRT" })).toBeInTheDocument();
  });

  it("hero: Join Waitlist button, Join Discord link and a scroll-down button", () => {
    stubNetwork();
    renderSite("/");
    const hero = screen.getByTestId("hero");
    expect(within(hero).getByRole("button", { name: "Join Waitlist" })).toBeInTheDocument();
    expect(within(hero).getByRole("link", { name: /Join Discord/ })).toHaveAttribute("href", COMMUNITY_URL);
    const scroll = within(hero).getByRole("button", { name: /Scroll down/ });
    const scrollIntoView = vi.fn();
    document.getElementById("features")!.scrollIntoView = scrollIntoView;
    fireEvent.click(scroll);
    expect(scrollIntoView).toHaveBeenCalled();
  });

  it("a tap on Join Waitlist recorded before the app ran opens the modal once the app starts", async () => {
    stubNetwork();
    window.rcrtEarlyTaps = ["waitlist"];
    try {
      renderSite("/");
      await screen.findByRole("dialog", { name: "Join the Waitlist" });
      expect(window.rcrtEarlyTaps).toEqual([]);
    } finally {
      delete window.rcrtEarlyTaps;
    }
  });

  it("key features: four groups of three cards with the spec's names", () => {
    stubNetwork();
    renderSite("/");
    const section = screen.getByRole("region", { name: "Key Features" });
    const groups = within(section).getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent?.replace(/^\W+/, "").trim());
    expect(groups).toEqual(["FPGA Advantage", "Video Filters & Modes", "Blockchain Integration", "Media Library Experience"]);
    expect(within(section).getAllByRole("heading", { level: 4 })).toHaveLength(12);
  });

  describe("v key flicker", () => {
    it("shows the purple overlay for 1000 ms", () => {
      vi.useFakeTimers();
      stubNetwork();
      renderSite("/");
      expect(screen.queryByTestId("flicker-overlay")).not.toBeInTheDocument();
      fireEvent.keyDown(window, { key: "v" });
      expect(screen.getByTestId("flicker-overlay")).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(999));
      expect(screen.getByTestId("flicker-overlay")).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByTestId("flicker-overlay")).not.toBeInTheDocument();
    });

    it("does not flicker while typing in a field, or for other keys", () => {
      stubNetwork();
      renderSite("/");
      const field = within(screen.getByRole("contentinfo")).getByLabelText("Email address");
      fireEvent.keyDown(field, { key: "v" });
      fireEvent.keyDown(window, { key: "b" });
      fireEvent.keyDown(window, { key: "v", ctrlKey: true });
      expect(screen.queryByTestId("flicker-overlay")).not.toBeInTheDocument();
    });
  });

  describe("project progress", () => {
    it("shows the category averages, zero-padded, and both five-column timelines", async () => {
      stubNetwork({ home_page: homePage({ stages: STAGES }) });
      renderSite("/");
      expect(await screen.findByTestId("hardware-percentage")).toHaveTextContent(/^057%$/);
      expect(screen.getByTestId("token-percentage")).toHaveTextContent(/^037%$/);
      expect(screen.getByText("Hardware Progress")).toBeInTheDocument();
      expect(screen.getByText("RCRT Token Progress")).toBeInTheDocument();
      const hardware = screen.getByRole("region", { name: "Hardware Development" });
      const token = screen.getByRole("region", { name: "RCRT Token Launch" });
      for (const timeline of [hardware, token]) {
        expect(within(timeline).getByRole("list")).toHaveStyle({ "--columns": "5" });
        expect(within(timeline).getAllByRole("listitem")).toHaveLength(5);
      }
      const items = within(hardware).getAllByRole("listitem");
      expect(items[0]).toHaveTextContent("Concept & ResearchCompleted");
      expect(items[2]).toHaveTextContent("Cartridge InterfaceIn Progress (60%)");
      // A stage not started shows neither label.
      expect(items[4]).toHaveTextContent(/^Manufacturing$/);
    });

    it("shows 000% without stages", async () => {
      stubNetwork({ home_page: homePage() });
      renderSite("/");
      expect(await screen.findByTestId("hardware-percentage")).toHaveTextContent("000%");
      expect(screen.getByTestId("token-percentage")).toHaveTextContent("000%");
    });

    it("the three sections share one read of the home page's lists", async () => {
      const network = stubNetwork({ home_page: homePage({ stages: STAGES }) });
      renderSite("/");
      await screen.findByTestId("hardware-percentage");
      await screen.findByRole("heading", { level: 2, name: "Press Coverage" });
      await screen.findByRole("heading", { level: 2, name: "Featured Collections" });
      expect(network.reads("home_page")).toHaveLength(1);
    });
  });

  describe("press coverage", () => {
    it("shows the published quotes with their source", async () => {
      stubNetwork({ home_page: homePage({ press: [{ id: "q", quote: "Worth it for the CRT filter.", source: "Pixel Mag", logo_url: null, published: true, created_at: "2025-01-01" }] }) });
      renderSite("/");
      await screen.findByText("“Worth it for the CRT filter.”");
      expect(screen.getByText("— Pixel Mag")).toBeInTheDocument();
    });

    it("falls back to the two static quotes", async () => {
      const network = stubNetwork({ home_page: homePage() });
      renderSite("/");
      const section = await screen.findByRole("region", { name: "Press Coverage" });
      await waitFor(() => expect(network.reads("home_page")).toHaveLength(1));
      expect(within(section).getAllByRole("figure")).toHaveLength(2);
    });
  });

  it("join our community: Discord link and the three goal tiles", () => {
    stubNetwork();
    renderSite("/");
    const section = screen.getByRole("region", { name: "Join Our Community" });
    expect(within(section).getByRole("link", { name: /Join Discord/ })).toHaveAttribute("href", COMMUNITY_URL);
    const tiles = within(section).getAllByRole("listitem").map((tile) => tile.textContent);
    expect(tiles).toEqual(["1,000+ community members", "1k+ Discord messages", "50+ project contributors"]);
  });
});
