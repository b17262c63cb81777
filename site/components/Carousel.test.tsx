import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { STATIC_SLIDES } from "../content.ts";
import { homePage, renderSite, stubNetwork } from "../test-utils.tsx";
import { render } from "@testing-library/react";
import { Carousel } from "./Carousel.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

const current = () => screen.getAllByRole("group", { hidden: true }).find((slide) => slide.getAttribute("data-active") === "true")!;
const title = () => within(current()).getByRole("heading", { hidden: true }).textContent;

function swipe(element: HTMLElement, fromX: number, toX: number, fromY = 100, toY = 100) {
  fireEvent.touchStart(element, { touches: [{ clientX: fromX, clientY: fromY }] });
  fireEvent.touchEnd(element, { changedTouches: [{ clientX: toX, clientY: toY }] });
}

describe("featured collections carousel", () => {
  it("shows the three static slides when no collection is published", async () => {
    stubNetwork({ home_page: homePage() });
    renderSite("/");
    const carousel = await screen.findByRole("region", { name: "Collection slides" });
    expect(within(carousel).getAllByRole("group", { hidden: true }).map((slide) => within(slide).getByRole("heading", { hidden: true }).textContent)).toEqual([
      "Classic Cinema Collection",
      "Series Showcase",
      "Documentary Archive",
    ]);
  });

  it("shows the published collections instead", async () => {
    stubNetwork({
      home_page: homePage({
        collections: [{ id: "c1", title: "Anime Vault", description: "Classic anime.", image_url: null, features: ["Artbook"], capacity: "128GB", published: true, created_at: "2025-01-01" }],
      }),
    });
    renderSite("/");
    expect(await screen.findByRole("heading", { name: "Anime Vault" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Series Showcase", hidden: true })).not.toBeInTheDocument();
  });

  it("previous and next wrap around", async () => {
    const user = userEvent.setup();
    render(<Carousel slides={STATIC_SLIDES} label="Featured Collections" />);
    expect(title()).toBe("Classic Cinema Collection");
    await user.click(screen.getByRole("button", { name: "Next slide" }));
    expect(title()).toBe("Series Showcase");
    await user.click(screen.getByRole("button", { name: "Next slide" }));
    await user.click(screen.getByRole("button", { name: "Next slide" }));
    expect(title()).toBe("Classic Cinema Collection");
    await user.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(title()).toBe("Documentary Archive");
  });

  it("dot indicators show and choose the slide", async () => {
    const user = userEvent.setup();
    render(<Carousel slides={STATIC_SLIDES} label="Featured Collections" />);
    const dots = screen.getAllByRole("button", { name: /Go to slide/ });
    expect(dots).toHaveLength(3);
    expect(dots[0]).toHaveAttribute("aria-current", "true");
    await user.click(dots[2]!);
    expect(title()).toBe("Documentary Archive");
    expect(dots[2]).toHaveAttribute("aria-current", "true");
    expect(dots[0]).not.toHaveAttribute("aria-current");
  });

  it("a horizontal swipe of more than 50 px changes slide; 50 px or less does not", () => {
    render(<Carousel slides={STATIC_SLIDES} label="Featured Collections" />);
    const carousel = screen.getByRole("region", { name: "Featured Collections" });
    swipe(carousel, 200, 150);
    expect(title()).toBe("Classic Cinema Collection");
    swipe(carousel, 200, 149);
    expect(title()).toBe("Series Showcase");
    swipe(carousel, 100, 151);
    expect(title()).toBe("Classic Cinema Collection");
    swipe(carousel, 100, 150);
    expect(title()).toBe("Classic Cinema Collection");
    swipe(carousel, 100, 160);
    expect(title()).toBe("Documentary Archive");
    // Mostly vertical: a scroll, not a swipe.
    swipe(carousel, 100, 170, 0, 200);
    expect(title()).toBe("Documentary Archive");
  });

  it("is keyboard operable with the arrow keys", async () => {
    const user = userEvent.setup();
    render(<Carousel slides={STATIC_SLIDES} label="Featured Collections" />);
    screen.getByRole("region", { name: "Featured Collections" }).focus();
    await user.keyboard("{ArrowLeft}");
    expect(title()).toBe("Documentary Archive");
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(title()).toBe("Series Showcase");
  });

  it("only the current slide is exposed", () => {
    render(<Carousel slides={STATIC_SLIDES} label="Featured Collections" />);
    const slides = screen.getAllByRole("group", { hidden: true });
    expect(slides.filter((slide) => slide.hasAttribute("inert"))).toHaveLength(2);
    expect(screen.getAllByRole("group")).toHaveLength(1);
  });
});
