import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { homePage, postCard, renderSite, stubNetwork } from "../test-utils.tsx";
import { ImageApiContext } from "../lib/image-api.ts";
import { Picture } from "./Picture.tsx";
import { FIRST_SCREEN_IMAGE } from "../lib/first-screen.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

const STORAGE = "http://127.0.0.1:54321/storage/v1/object/public/assets/media/cover.jpg";
const EXTERNAL = "https://cdn.example.com/cover.jpg";

function params(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}

function srcSetEntries(image: HTMLElement): [string, string][] {
  return (image.getAttribute("srcset") ?? "").split(", ").map((entry) => entry.split(" ") as [string, string]);
}

describe("content images are responsive", () => {
  it("a Storage image gets a srcset of transformation URLs, sizes, width, height and lazy loading", () => {
    render(<Picture src={STORAGE} width={640} height={400} widths={[320, 640, 960]} sizes="(min-width: 700px) 45vw, 100vw" alt="A cartridge" />);
    const image = screen.getByRole("img", { name: "A cartridge" });
    expect(image).toHaveAttribute("width", "640");
    expect(image).toHaveAttribute("height", "400");
    expect(image).toHaveAttribute("sizes", "(min-width: 700px) 45vw, 100vw");
    expect(image).toHaveAttribute("loading", "lazy");
    expect(image).not.toHaveAttribute("fetchpriority");
    expect(image).not.toHaveAttribute("elementtiming");
    const src = image.getAttribute("src")!;
    expect(new URL(src).pathname).toBe("/storage/v1/render/image/public/assets/media/cover.jpg");
    expect(params(src)).toEqual({ width: "640", height: "400", quality: "80", resize: "cover" });
    const entries = srcSetEntries(image);
    expect(entries.map(([, descriptor]) => descriptor)).toEqual(["320w", "640w", "960w"]);
    expect(entries.map(([url]) => params(url).height)).toEqual(["200", "400", "600"]);
  });

  it("a host-relative image of our own Storage loads, src and every srcset entry, from the API the page reads", () => {
    render(
      <ImageApiContext value="https://api.other.example">
        <Picture src="/storage/v1/object/public/assets/media/cover.jpg" width={640} height={400} widths={[320, 640]} sizes="100vw" alt="A cartridge" />
      </ImageApiContext>,
    );
    const image = screen.getByRole("img", { name: "A cartridge" });
    const addresses = [image.getAttribute("src")!, ...srcSetEntries(image).map(([url]) => url)];
    expect(addresses).toHaveLength(3);
    for (const address of addresses) expect(address).toMatch(/^https:\/\/api\.other\.example\/storage\/v1\/render\/image\/public\/assets\/media\/cover\.jpg\?width=/);
  });

  it("the largest image of the first screen loads eagerly with a high fetch priority, named for Element Timing (the app waits for its paint)", () => {
    render(<Picture src={STORAGE} width={960} height={540} widths={[480, 960]} sizes="100vw" alt="Hero" loading="priority" />);
    const image = screen.getByRole("img", { name: "Hero" });
    expect(image).toHaveAttribute("loading", "eager");
    expect(image).toHaveAttribute("fetchpriority", "high");
    expect(image).toHaveAttribute("elementtiming", FIRST_SCREEN_IMAGE);
  });

  it("an external image is used as it is, at one size", () => {
    render(<Picture src={EXTERNAL} width={640} height={400} widths={[320, 640]} sizes="100vw" alt="External" />);
    const image = screen.getByRole("img", { name: "External" });
    expect(image).toHaveAttribute("src", EXTERNAL);
    expect(image).not.toHaveAttribute("srcset");
    expect(image).not.toHaveAttribute("sizes");
    expect(image).toHaveAttribute("width", "640");
    expect(image).toHaveAttribute("height", "400");
  });
});

describe("an image that fails shows the NO SIGNAL tile", () => {
  it("in the same box, named like the image", () => {
    render(<Picture src={EXTERNAL} width={640} height={400} widths={[]} sizes="100vw" alt="A gold cartridge" className="post-hero" />);
    fireEvent.error(screen.getByRole("img", { name: "A gold cartridge" }));
    const tile = screen.getByRole("img", { name: "A gold cartridge" });
    expect(tile.tagName).toBe("SPAN");
    expect(tile).toHaveClass("image-fallback", "post-hero");
    expect(tile).toHaveStyle({ aspectRatio: "640 / 400" });
    expect(tile).toHaveTextContent("NO SIGNAL");
    expect(document.querySelector("img")).toBeNull();
  });

  it("hidden from screen readers when the image was decorative", () => {
    const { container } = render(<Picture src={EXTERNAL} width={640} height={400} widths={[]} sizes="100vw" alt="" />);
    fireEvent.error(container.querySelector("img")!);
    expect(screen.getByTestId("image-fallback")).toHaveAttribute("aria-hidden", "true");
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("tries again when the address changes", () => {
    const { rerender } = render(<Picture src={EXTERNAL} width={640} height={400} widths={[]} sizes="100vw" alt="Cover" />);
    fireEvent.error(screen.getByRole("img", { name: "Cover" }));
    rerender(<Picture src="https://cdn.example.com/other.jpg" width={640} height={400} widths={[]} sizes="100vw" alt="Cover" />);
    expect(screen.getByRole("img", { name: "Cover" }).tagName).toBe("IMG");
  });
});

describe("pages show content images with their alt text", () => {
  it("updates: the first card's image has priority, the alt text comes from the post, decorative ones have alt=\"\"", async () => {
    stubNetwork({
      post_cards: [
        postCard({ id: "a", title: "First", slug: "first", image_url: STORAGE, image_alt: "The prototype board on a desk" }),
        postCard({ id: "b", title: "Second", slug: "second", image_url: STORAGE, image_decorative: true, image_alt: "ignored" }),
        postCard({ id: "c", title: "Third", slug: "third", image_url: STORAGE }),
      ],
    });
    renderSite("/updates");
    await screen.findByRole("link", { name: "First" });
    const images = document.querySelectorAll(".post-list img");
    expect([...images].map((image) => image.getAttribute("alt"))).toEqual(["The prototype board on a desk", "", "Third"]);
    expect([...images].map((image) => image.getAttribute("loading"))).toEqual(["eager", "eager", "lazy"]);
    expect(images[0]).toHaveAttribute("fetchpriority", "high");
    expect(images[0]).toHaveAttribute("srcset");
  });

  it("press coverage shows each quote's logo, named by its alt text or its source", async () => {
    stubNetwork({
      home_page: homePage({
        press: [
          { id: "q1", quote: "Great.", source: "Retro Tech Weekly", logo_url: STORAGE, logo_alt: null, logo_decorative: false, published: true, created_at: "2025-01-02" },
          { id: "q2", quote: "Fine.", source: "Pixel Mag", logo_url: EXTERNAL, logo_alt: "Pixel Mag wordmark", logo_decorative: false, published: true, created_at: "2025-01-01" },
        ],
      }),
    });
    renderSite("/");
    const section = (await screen.findByRole("heading", { name: "Press Coverage" })).closest("section")!;
    await within(section).findByText("“Great.”");
    const logos = within(section).getAllByRole("img");
    expect(logos.map((logo) => logo.getAttribute("alt"))).toEqual(["Retro Tech Weekly logo", "Pixel Mag wordmark"]);
    expect(params(logos[0]!.getAttribute("src")!).resize).toBe("contain");
    expect(logos[0]).toHaveAttribute("width", "160");
    expect(logos[0]).toHaveAttribute("height", "48");
  });
});
