import { render, screen } from "@testing-library/react";
import { MemoryRouter, useLocation, useNavigationType } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "../App.tsx";
import { clearData } from "../lib/resource.ts";
import { post, renderSite, stubNetwork } from "../test-utils.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

const HOSTILE = [
  "Intro paragraph with **bold** text.",
  "",
  "## What works",
  "",
  '<script>window.hacked = true</script><img src="x" onerror="window.hacked = true" alt="pic">',
  "",
  '[click](javascript:alert(1)) and <a href="https://example.com" onclick="steal()">a link</a>',
  "",
  '<iframe src="https://evil.example"></iframe><div style="x" onmouseover="x()">hover</div>',
].join("\n");

describe("post page /updates/:slug", () => {
  it("renders the post's markdown sanitized, with category, milestone badge, date and read time", async () => {
    const network = stubNetwork({ blog_posts: [post({ content: HOSTILE })] });
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
});
