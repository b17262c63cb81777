import { act, cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderSite, stubNetwork } from "../test-utils.tsx";
import NotFoundPage, { NOT_FOUND_FRAMES } from "../components/NotFoundPage.tsx";
import { WHITEPAPER_MISSING } from "./whitepaper.tsx";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const main = () => within(screen.getByRole("main"));

describe("about page (Our Story)", () => {
  it("has every section, the technical specifications and the system architecture", async () => {
    stubNetwork();
    renderSite("/about");
    await screen.findByRole("heading", { level: 1, name: "Our Story" });
    const headings = main()
      .getAllByRole("heading")
      .map((heading) => heading.textContent);
    for (const name of [
      "The Personal Journey",
      "The Media Philosophy",
      "Technology Meets Tradition",
      "The Blockchain Vision",
      "Token Economics",
      "Technical Specifications",
      "Storage Capacity",
      "Performance",
      "Security",
      "Connectivity",
      "System Architecture",
      "Cartridge Design",
      "Player Architecture",
    ]) {
      expect(headings).toContain(name);
    }
    expect(main().getAllByRole("img", { name: /schematic placeholder/ })).toHaveLength(2);
  });
});

describe("gallery page", () => {
  it("shows both sections with a coming-soon banner and the static samples when nothing is published", async () => {
    stubNetwork({ interface_previews: [], cartridge_models: [] });
    renderSite("/gallery");
    const previews = (await screen.findByRole("heading", { name: "Interface Previews" })).closest("section")!;
    const cartridges = screen.getByRole("heading", { name: "Cartridge Models" }).closest("section")!;
    expect(within(previews).getByText("Coming soon")).toBeInTheDocument();
    expect(within(cartridges).getByText("Coming soon")).toBeInTheDocument();
    await vi.waitFor(() => expect(within(cartridges).getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual(["512GB Edition", "1TB Edition", "256GB Edition"]));
    expect(within(previews).getAllByRole("listitem").length).toBeGreaterThan(0);
  });

  it("shows the published items in their order", async () => {
    const network = stubNetwork({
      interface_previews: [
        { id: "1", title: "Main Menu", description: "d", image_url: "https://images.unsplash.com/photo-1", category: "UI", order: 0, published: true },
        { id: "2", title: "Filter Modes", description: "d", image_url: null, category: "Effects", order: 1, published: true },
      ],
      cartridge_models: [{ id: "3", title: "Collector's Edition", description: "d", image_url: null, specifications: { storage: "512GB", features: ["Gold Contacts"], dimensions: "110 mm", weight: "95 g" }, order: 0, published: true }],
    });
    renderSite("/gallery");
    await screen.findByRole("heading", { name: "Collector's Edition" });
    expect(screen.getByRole("heading", { name: "Filter Modes" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "1TB Edition" })).not.toBeInTheDocument();
    expect(network.reads("interface_previews")[0]!.searchParams.get("order")).toBe("order.asc");
    const image = screen.getByRole("heading", { name: "Main Menu" }).closest("li")!.querySelector("img")!;
    expect(image).toHaveAttribute("width", "640");
    expect(image).toHaveAttribute("height", "400");
    expect(image.getAttribute("src")).toContain("q=80");
  });
});

describe("videos page (/youtube)", () => {
  const FIRST_BOOT = { id: "v", title: "First Boot", description: "d", thumbnail_url: null, video_url: "https://www.youtube.com/watch?v=abc123", category: "Hardware", views: 12480, published: true, created_at: "2025-01-01T00:00:00Z" };

  it("without the channel's videos, the project's published videos are the latest (locale views, a facade), with the channel link; no placeholder shows above them", async () => {
    stubNetwork({ videos: [FIRST_BOOT] });
    const user = userEvent.setup();
    renderSite("/youtube");
    const library = await screen.findByTestId("library-videos");
    const latest = screen.getByRole("region", { name: "Latest Videos" });
    expect(latest).toContainElement(library);
    expect(within(library).getByText("12,480 views")).toBeInTheDocument();
    expect(screen.queryByTestId("latest-videos")).not.toBeInTheDocument();
    expect(screen.queryByText("0 views")).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "From the Workshop" })).not.toBeInTheDocument();
    expect(screen.queryByText("Unable to load videos at this time.")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Visit our YouTube channel/ })).toHaveAttribute("href", "https://www.youtube.com/@rcrt");
    // A facade: no player until asked.
    expect(document.querySelector("iframe")).toBeNull();
    await user.click(within(library).getByRole("button", { name: "Play First Boot" }));
    expect(library.querySelector("iframe")!.getAttribute("src")).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/abc123/);
  });

  it("with no video at all, shows the three placeholders: 0 views, no date, thumbnails of the site's own in a reserved 16:9 box", async () => {
    stubNetwork({ videos: [] });
    renderSite("/youtube");
    const latest = await screen.findByTestId("latest-videos");
    const cards = within(latest).getAllByRole("listitem");
    expect(cards).toHaveLength(3);
    expect(within(latest).getAllByText("0 views")).toHaveLength(3);
    expect(latest.querySelectorAll("time")).toHaveLength(0);
    for (const image of latest.querySelectorAll("img")) {
      // The site's own file: an address on this host, never another's.
      expect(image.getAttribute("src")).toMatch(/^\/(?!\/)/);
      expect([image.getAttribute("width"), image.getAttribute("height")]).toEqual(["640", "360"]);
    }
    expect(latest.querySelectorAll("img")).toHaveLength(3);
    expect(screen.queryByTestId("library-videos")).not.toBeInTheDocument();
  });

  it("the first list's thumbnails are the first screen's: the first fetched first and at once, the next two at once, the rest when near", async () => {
    const videos = Array.from({ length: 5 }, (_, index) => ({ ...FIRST_BOOT, id: `v${index}`, title: `Video ${index}`, thumbnail_url: `https://cdn.example/v${index}.png` }));
    stubNetwork({ videos });
    renderSite("/youtube");
    const library = await screen.findByTestId("library-videos");
    const images = [...library.querySelectorAll("img")];
    expect(images.map((image) => image.getAttribute("loading"))).toEqual(["eager", "eager", "eager", "lazy", "lazy"]);
    expect(images.map((image) => image.getAttribute("fetchpriority"))).toEqual(["high", null, null, null, null]);
  });
});

describe("whitepaper page", () => {
  it("shows the published version with the highest version, its sections in order and its change log", async () => {
    const network = stubNetwork({
      whitepaper: [
        {
          id: "w",
          title: "RCRT Whitepaper",
          version: "1.10",
          published: true,
          created_at: "2025-01-01T00:00:00Z",
          sections: [
            { title: "Second", content: "Two.", order: 1 },
            { title: "First", content: "One.", order: 0 },
          ],
          change_log: ["Initial release", "Updated whitepaper content"],
        },
      ],
    });
    renderSite("/whitepaper");
    await screen.findByRole("heading", { level: 1, name: "RCRT Whitepaper" });
    expect(screen.getByText("Version 1.10")).toBeInTheDocument();
    const sections = main()
      .getAllByRole("heading", { level: 2 })
      .map((heading) => heading.textContent);
    expect(sections).toEqual(["Contents", "01 First", "02 Second", "Change Log"]);
    expect(screen.getByText("Updated whitepaper content")).toBeInTheDocument();
    const query = network.reads("whitepaper")[0]!.searchParams;
    expect(query.get("published")).toBe("eq.true");
    expect(query.get("order")).toBe("version_key.desc");
    expect(query.get("limit")).toBe("1");
  });

  it("renders each section's document like a post's: bold, lists and line breaks, and nothing unsafe", async () => {
    stubNetwork({
      whitepaper: [
        {
          id: "w",
          title: "RCRT Whitepaper",
          version: "2.0",
          published: true,
          created_at: "2025-01-01T00:00:00Z",
          sections: [
            {
              title: "Cartridges",
              content: {
                type: "doc",
                content: [
                  { type: "paragraph", content: [{ type: "text", text: "Bold", marks: [{ type: "bold" }] }, { type: "text", text: " claim" }, { type: "hardBreak" }, { type: "text", text: "second line" }] },
                  { type: "bulletList", content: ["one", "two"].map((word) => ({ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: word }] }] })) },
                  { type: "paragraph", content: [{ type: "text", text: "<img src=x onerror=alert(1)>" }] },
                  { type: "html", attrs: { html: "<img src=x onerror=alert(1)>" } },
                ],
              },
              order: 0,
            },
          ],
          change_log: [],
        },
      ],
    });
    renderSite("/whitepaper");
    const section = (await screen.findByRole("heading", { level: 2, name: /Cartridges/ })).closest("section")!;
    expect(section.querySelector("strong")).toHaveTextContent("Bold");
    expect(section.textContent).toContain("<img src=x onerror=alert(1)>");
    expect(section.querySelector("p br")).not.toBeNull();
    expect(within(section).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["one", "two"]);
    expect(section.querySelector("[onerror], img")).toBeNull();
  });

  it("says Whitepaper coming soon... when none is published", async () => {
    stubNetwork({ whitepaper: [] });
    renderSite("/whitepaper");
    await screen.findByText(WHITEPAPER_MISSING);
  });
});

describe("not-found page", () => {
  it("is headed NO SIGNAL - PAGE NOT FOUND, flickers its 404 every 100 ms and returns home", async () => {
    stubNetwork();
    renderSite("/no/such/page");
    await screen.findByRole("heading", { level: 1, name: "NO SIGNAL - PAGE NOT FOUND" });
    expect(main().getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
    cleanup();
    vi.useFakeTimers();
    render(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    const text = screen.getByTestId("flicker-404");
    expect(text).toHaveTextContent(NOT_FOUND_FRAMES[0]!);
    act(() => vi.advanceTimersByTime(99));
    expect(text).toHaveTextContent(NOT_FOUND_FRAMES[0]!);
    act(() => vi.advanceTimersByTime(1));
    expect(text).toHaveTextContent(NOT_FOUND_FRAMES[1]!);
    act(() => vi.advanceTimersByTime(100));
    expect(text).toHaveTextContent(NOT_FOUND_FRAMES[2]!);
  });

  it("keeps the 404 still for visitors who prefer reduced motion", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("reduce"), media: query, addEventListener() {}, removeEventListener() {} }));
    render(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    const text = screen.getByTestId("flicker-404");
    act(() => vi.advanceTimersByTime(1000));
    expect(text).toHaveTextContent(/^404$/);
  });
});
