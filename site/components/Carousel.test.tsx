import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { STATIC_SLIDES } from "../home/FeaturedCollections.tsx";
import { homePage, renderSite, stubNetwork } from "../test-utils.tsx";
import { render } from "@testing-library/react";
import { Carousel } from "./Carousel.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

const current = () => screen.getAllByRole("group", { hidden: true }).find((slide) => slide.getAttribute("data-active") === "true")!;
const title = () => within(current()).getByRole("heading", { hidden: true }).textContent;

// jsdom has no PointerEvent: a MouseEvent that carries the pointer's id and type stands in for it.
beforeAll(() => {
  if ("PointerEvent" in window) return;
  class PointerEventStandIn extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
      this.pointerType = init.pointerType ?? "";
    }
  }
  Object.defineProperty(window, "PointerEvent", { value: PointerEventStandIn, configurable: true });
});

function mouseDrag(element: HTMLElement, fromX: number, toX: number) {
  const at = (clientX: number) => ({ pointerType: "mouse", button: 0, pointerId: 1, clientX, clientY: 100 });
  fireEvent.pointerDown(element, at(fromX));
  fireEvent.pointerMove(element, at((fromX + toX) / 2));
  fireEvent.pointerMove(element, at(toX));
  fireEvent.pointerUp(element, at(toX));
}

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
    await screen.findByRole("heading", { name: "Anime Vault" });
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
    expect(dots[0]).toHaveAccessibleName("Go to slide 1: Classic Cinema Collection");
    expect(screen.getByRole("group", { name: "1 of 3: Classic Cinema Collection" })).toBeInTheDocument();
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

  it("Home and End go to the first and last slide", async () => {
    const user = userEvent.setup();
    render(<Carousel slides={STATIC_SLIDES} label="Featured Collections" />);
    screen.getByRole("region", { name: "Featured Collections" }).focus();
    await user.keyboard("{End}");
    expect(title()).toBe("Documentary Archive");
    await user.keyboard("{Home}");
    expect(title()).toBe("Classic Cinema Collection");
  });

  it("a mouse drag of more than 50 px changes slide like a swipe, and does not click what it ends on", () => {
    render(<Carousel slides={STATIC_SLIDES} label="Featured Collections" />);
    const carousel = screen.getByRole("region", { name: "Featured Collections" });
    mouseDrag(carousel, 300, 240);
    expect(title()).toBe("Series Showcase");
    mouseDrag(carousel, 200, 150);
    expect(title()).toBe("Series Showcase");
    mouseDrag(carousel, 100, 200);
    expect(title()).toBe("Classic Cinema Collection");
    // A drag that ends on a dot is a drag, not a press of the dot.
    const lastDot = screen.getByRole("button", { name: /Go to slide 3/ });
    mouseDrag(lastDot, 300, 200);
    fireEvent.click(lastDot);
    expect(title()).toBe("Series Showcase");
    // A plain click still works.
    fireEvent.pointerDown(lastDot, { pointerType: "mouse", button: 0, clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerUp(lastDot, { pointerType: "mouse", button: 0, clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.click(lastDot);
    expect(title()).toBe("Documentary Archive");
  });

  it("slides show their alt text, else their title", () => {
    render(
      <Carousel
        slides={[
          { ...STATIC_SLIDES[0]!, image_alt: "Red cinema seats under a dimmed light" },
          { ...STATIC_SLIDES[1]!, image_decorative: true },
          STATIC_SLIDES[2]!,
        ]}
        label="Featured Collections"
      />,
    );
    const images = [...document.querySelectorAll(".slide img")];
    expect(images.map((image) => image.getAttribute("alt"))).toEqual(["Red cinema seats under a dimmed light", "", "Documentary Archive"]);
  });

  describe("fresh data while a slide control has keyboard focus", () => {
    const renamed = STATIC_SLIDES.map((slide, position) => (position === 1 ? { ...slide, title: "Series Showcase II" } : slide));

    it("keeps the slides and the focused element as they are, then shows the fresh slides once focus leaves", async () => {
      const user = userEvent.setup();
      const { rerender } = render(
        <>
          <Carousel slides={STATIC_SLIDES} label="Featured Collections" />
          <button type="button">Elsewhere</button>
        </>,
      );
      const dot = screen.getByRole("button", { name: "Go to slide 2: Series Showcase" });
      dot.focus();
      await user.keyboard("{Enter}");
      expect(title()).toBe("Series Showcase");
      rerender(
        <>
          <Carousel slides={[...renamed]} label="Featured Collections" />
          <button type="button">Elsewhere</button>
        </>,
      );
      expect(dot).toBeInTheDocument();
      expect(dot).toHaveFocus();
      expect(dot).toHaveAccessibleName("Go to slide 2: Series Showcase");
      expect(title()).toBe("Series Showcase");
      await user.click(screen.getByRole("button", { name: "Elsewhere" }));
      await screen.findByRole("button", { name: "Go to slide 2: Series Showcase II" });
      expect(title()).toBe("Series Showcase II");
    });

    it("shows fresh slides at once when focus is elsewhere, and renders nothing again for the same content", () => {
      const { rerender } = render(<Carousel slides={STATIC_SLIDES} label="Featured Collections" />);
      const firstImage = document.querySelector(".slide img");
      rerender(<Carousel slides={STATIC_SLIDES.map((slide) => ({ ...slide, features: [...slide.features] }))} label="Featured Collections" />);
      expect(document.querySelector(".slide img")).toBe(firstImage);
      rerender(<Carousel slides={renamed} label="Featured Collections" />);
      expect(screen.getByRole("button", { name: "Go to slide 2: Series Showcase II" })).toBeInTheDocument();
    });
  });
});
