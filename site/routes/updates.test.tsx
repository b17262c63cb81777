import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { postCard, renderSite, stubNetwork } from "../test-utils.tsx";
import { NO_POSTS, POSTS_FAILED } from "./updates.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const POSTS = [
  postCard({ id: "a", title: "Community Update", slug: "community-update", category: "community", milestone: null, read_time: "1 min read", created_at: "2025-03-01T00:00:00Z" }),
  postCard({ id: "b", title: "Filter Pipeline", slug: "filter-pipeline", category: "development", milestone: null, read_time: "3 min read", created_at: "2025-02-01T00:00:00Z" }),
  postCard({ id: "c", title: "Prototype Boots", slug: "prototype-boots", category: "hardware", milestone: "Prototype v1", read_time: "2 min read", created_at: "2025-01-01T00:00:00Z" }),
];

const titles = () => within(screen.getByRole("main")).queryAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);

describe("updates page", () => {
  it("lists published posts newest first, each with its read time and a link to its page", async () => {
    const network = stubNetwork({ post_cards: POSTS });
    renderSite("/updates");
    await screen.findByRole("link", { name: "Community Update" });
    expect(titles()).toEqual(["Community Update", "Filter Pipeline", "Prototype Boots"]);
    expect(screen.getByText("3 min read")).toBeInTheDocument();
    expect(screen.getByText("1 min read")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Prototype Boots" })).toHaveAttribute("href", "/updates/prototype-boots");
    expect(screen.getByText("Milestone: Prototype v1")).toBeInTheDocument();
    // The cards and their excerpts come made from the database: the list reads no post's content.
    expect(network.reads("post_cards")).toHaveLength(1);
    expect(network.reads("blog_posts")).toEqual([]);
    expect(screen.getAllByText("After months of late nights the board read a cartridge. What works Playback")).toHaveLength(3);
  });

  it("filters by category, reflected in the URL", async () => {
    stubNetwork({ post_cards: POSTS });
    const user = userEvent.setup();
    renderSite("/updates");
    await screen.findByRole("link", { name: "Community Update" });
    const filters = screen.getByRole("group", { name: "Filter updates by category" });
    expect(within(filters).getAllByRole("button").map((button) => button.textContent)).toEqual(["All Updates", "Development", "Hardware", "Community"]);
    expect(within(filters).getByRole("button", { name: "All Updates" })).toHaveAttribute("aria-pressed", "true");
    await user.click(within(filters).getByRole("button", { name: "Hardware" }));
    expect(titles()).toEqual(["Prototype Boots"]);
    expect(screen.getByTestId("location")).toHaveTextContent("/updates?category=hardware");
    expect(within(filters).getByRole("button", { name: "Hardware" })).toHaveAttribute("aria-pressed", "true");
    await user.click(within(filters).getByRole("button", { name: "All Updates" }));
    expect(titles()).toHaveLength(3);
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/updates$/);
  });

  it("opens filtered from a linked address", async () => {
    stubNetwork({ post_cards: POSTS });
    renderSite("/updates?category=development");
    await screen.findByRole("link", { name: "Filter Pipeline" });
    expect(titles()).toEqual(["Filter Pipeline"]);
    expect(screen.getByRole("button", { name: "Development" })).toHaveAttribute("aria-pressed", "true");
  });

  it("says No posts found. when there are none", async () => {
    stubNetwork({ post_cards: [] });
    renderSite("/updates");
    await screen.findByText(NO_POSTS);
  });

  it("says No posts found. when a filter matches none", async () => {
    stubNetwork({ post_cards: [POSTS[0]!] });
    renderSite("/updates?category=hardware");
    await screen.findByText(NO_POSTS);
  });

  it("shows the load failure with a Try Again that works", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let fail = true;
    stubNetwork({ post_cards: () => (fail ? new Error("offline") : POSTS) });
    const user = userEvent.setup();
    renderSite("/updates");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(POSTS_FAILED);
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try Again" }));
    await screen.findByRole("link", { name: "Community Update" });
    await waitFor(() => expect(screen.queryByText(POSTS_FAILED)).not.toBeInTheDocument());
  });
});
