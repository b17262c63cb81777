import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation, useNavigationType } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COMMUNITY_URL } from "../../shared/brand.ts";
import { App } from "../App.tsx";
import { clearData } from "../lib/resource.ts";
import { post, renderSite, stubNetwork } from "../test-utils.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

const text = (value: string, marks?: unknown[]) => (marks ? { type: "text", text: value, marks } : { type: "text", text: value });
const paragraph = (...content: unknown[]) => ({ type: "paragraph", content });

/** A document with every block a post may hold, and what no editor writes: unknown nodes, unsafe links, text that looks like HTML. */
const CONTENT = {
  type: "doc",
  content: [
    paragraph(text("Intro paragraph with "), text("bold", [{ type: "bold" }]), text(" text.")),
    { type: "heading", attrs: { level: 2 }, content: [text("What works")] },
    paragraph(text('<script>window.hacked = true</script><img src="x" onerror="window.hacked = true" alt="pic">')),
    paragraph(text("click", [{ type: "link", attrs: { href: "javascript:alert(1)" } }]), text(" and "), text("a link", [{ type: "link", attrs: { href: "https://example.com" } }])),
    { type: "script", content: [text("window.hacked = true")] },
    { type: "iframe", attrs: { src: "https://evil.example" } },
    { type: "image", attrs: { src: "https://images.unsplash.com/photo-1?x=1", alt: "The board on the bench", caption: "Revision two" } },
    { type: "video", attrs: { youtubeId: "dQw4w9WgXcQ", title: "First boot", thumbnail: "https://images.unsplash.com/photo-2" } },
    { type: "callToAction", attrs: { action: "waitlist" } },
    { type: "callToAction", attrs: { action: "newsletter" } },
    { type: "callToAction", attrs: { action: "discord" } },
  ],
};

describe("post page /updates/:slug", () => {
  it("renders the post's document, with category, milestone badge, date and read time, and nothing that is not the format", async () => {
    const network = stubNetwork({ blog_posts: [post({ content: CONTENT })] });
    renderSite("/updates/fpga-prototype-boots-its-first-cartridge");
    await screen.findByRole("heading", { level: 1, name: "FPGA Prototype Boots Its First Cartridge" });
    expect(screen.getByRole("heading", { level: 2, name: "What works" })).toBeInTheDocument();
    expect(screen.getByText("bold").tagName).toBe("STRONG");
    expect(screen.getByText("Hardware")).toBeInTheDocument();
    expect(screen.getByText("Milestone: Prototype v1")).toBeInTheDocument();
    expect(screen.getByText("January 5, 2025")).toBeInTheDocument();
    expect(screen.getByText("2 min read")).toBeInTheDocument();
    const prose = document.querySelector(".prose")!;
    expect(prose.querySelector("script, iframe")).toBeNull();
    for (const element of prose.querySelectorAll("*")) {
      for (const attribute of element.getAttributeNames()) expect(attribute.startsWith("on")).toBe(false);
    }
    expect(prose.innerHTML).not.toMatch(/javascript:/i);
    expect(screen.getByRole("link", { name: "a link" })).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.queryByRole("link", { name: "click" })).toBeNull();
    expect(prose.textContent).toContain('<img src="x" onerror="window.hacked = true" alt="pic">');
    const figure = screen.getByRole("img", { name: "The board on the bench" }).closest("figure")!;
    expect(figure.querySelector("figcaption")).toHaveTextContent("Revision two");
    expect(figure.querySelector("img")).toHaveAttribute("srcset");
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
    const query = network.reads("blog_posts")[0]!.searchParams;
    expect(query.get("slug")).toBe("eq.fpga-prototype-boots-its-first-cartridge");
    expect(query.get("published")).toBe("eq.true");
    await vi.waitFor(() => expect(document.title).toBe("FPGA Prototype Boots Its First Cartridge | RCRT"));
  });

  it("shows the NO SIGNAL page when the post does not exist or is not published", async () => {
    stubNetwork({ blog_posts: [], post_redirect: null });
    renderSite("/updates/no-such-post");
    await screen.findByRole("heading", { name: "NO SIGNAL - PAGE NOT FOUND" });
    await vi.waitFor(() => expect(document.title).toBe("Page Not Found | RCRT"));
  });

  it("a renamed post's old address, followed inside the site, goes on to the post at its current address", async () => {
    const moved = post({ slug: "prototype-boots" });
    const network = stubNetwork({ blog_posts: (url) => (url.searchParams.get("slug") === "eq.prototype-boots" ? [moved] : []), post_redirect: "prototype-boots" });
    renderSite("/updates/fpga-prototype-boots-its-first-cartridge");
    await screen.findByRole("heading", { level: 1, name: "FPGA Prototype Boots Its First Cartridge" });
    expect(screen.queryByRole("heading", { name: "NO SIGNAL - PAGE NOT FOUND" })).toBeNull();
    expect(network.reads("post_redirect")).toHaveLength(1);
    await vi.waitFor(() => expect(document.title).toBe("FPGA Prototype Boots Its First Cartridge | RCRT"));
    expect(new URL(document.querySelector<HTMLLinkElement>('link[rel="canonical"]')!.href).pathname).toBe("/updates/prototype-boots");
  });

  it("a renamed post's old address replaces itself with the current one, its query and fragment kept", async () => {
    stubNetwork({ blog_posts: (url) => (url.searchParams.get("slug") === "eq.prototype-boots" ? [post({ slug: "prototype-boots" })] : []), post_redirect: "prototype-boots" });
    function Address() {
      const { pathname, search, hash } = useLocation();
      return <output data-testid="address">{`${useNavigationType()} ${pathname}${search}${hash}`}</output>;
    }
    clearData();
    window.scrollTo = () => {};
    render(
      <MemoryRouter initialEntries={["/updates/fpga-prototype-boots-its-first-cartridge?ref=feed#what-works"]}>
        <App />
        <Address />
      </MemoryRouter>,
    );
    await screen.findByRole("heading", { level: 1, name: "FPGA Prototype Boots Its First Cartridge" });
    expect(screen.getByTestId("address")).toHaveTextContent("REPLACE /updates/prototype-boots?ref=feed#what-works");
  });

  it("plays a video in place only when asked: nothing from YouTube before the click, then the privacy-enhanced player", async () => {
    stubNetwork({ blog_posts: [post({ content: CONTENT })] });
    const user = userEvent.setup();
    renderSite("/updates/fpga-prototype-boots-its-first-cartridge");
    const play = await screen.findByRole("link", { name: "Play First boot" });
    const prose = document.querySelector(".prose")!;
    expect(prose.querySelector("iframe")).toBeNull();
    for (const element of prose.querySelectorAll("[src], [srcset]")) expect(`${element.getAttribute("src")} ${element.getAttribute("srcset") ?? ""}`).not.toMatch(/youtube|ytimg/);
    await user.click(play);
    const player = prose.querySelector("iframe")!;
    expect(player).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0");
    expect(player).toHaveAttribute("title", "First boot");
    expect(screen.queryByRole("link", { name: "Play First boot" })).toBeNull();
  });

  it("its call-to-action cards: Join Waitlist opens the waitlist modal, the newsletter one the footer's box, Discord is a link to it", async () => {
    stubNetwork({ blog_posts: [post({ content: CONTENT })] });
    const user = userEvent.setup();
    renderSite("/updates/fpga-prototype-boots-its-first-cartridge");
    const prose = await vi.waitFor(() => {
      const found = document.querySelector(".prose");
      if (!found?.querySelector("[data-cta]")) throw new Error("not rendered yet");
      return found as HTMLElement;
    });
    expect(within(prose).getByRole("link", { name: "Join Discord (opens in a new tab)" })).toHaveAttribute("href", COMMUNITY_URL);
    const join = within(prose).getByRole("button", { name: "Join Waitlist" });
    await user.click(join);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("textbox")).toHaveFocus();
    await user.keyboard("{Escape}");
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(join).toHaveFocus();
    Element.prototype.scrollIntoView = vi.fn();
    await user.click(within(prose).getByRole("link", { name: "Subscribe to the newsletter" }));
    expect(document.getElementById("newsletter")!.querySelector("input[type=email]")).toHaveFocus();
  });
});
