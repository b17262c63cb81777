import { memo, useEffect, useId, useRef, useState, type ButtonHTMLAttributes, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent, type TouchEvent } from "react";
import { sameSlides, slideForKey, swipeStep, wrapIndex } from "../lib/carousel.ts";
import { useEarlyTap } from "../lib/use-early-tap.ts";
import { IMAGE_BOXES, imageAlt } from "../../shared/images.ts";
import type { FeaturedCollection } from "../../shared/content-types/collections.ts";
import { fill } from "../i18n/catalogues.ts";
import { homeTexts } from "../i18n/parts/home.ts";
import { usePart } from "../lib/language.ts";
import { Picture } from "./Picture.tsx";

/** A carousel slide: a featured collection as visitors see it. */
/** A collection as a slide; `lang`: the language of its words where it is not the page's. */
export type Slide = Omit<FeaturedCollection, "published" | "created_at"> & { lang?: string };

/** How far a mouse must move before a press counts as a drag (then the click that ends it is not a click). */
const DRAG_START_PX = 6;

interface CarouselProps {
  slides: Slide[];
  label: string;
}

/**
 * The Featured Collections carousel: previous/next buttons, dot indicators, swipe and mouse drag (more
 * than 50 px changes slide), the arrow keys, Home and End; it wraps around both ways and never moves by
 * itself. Fresh slides with the same content render nothing again; different ones wait while focus is
 * inside, so the element a keyboard user is on never changes under them.
 */
export const Carousel = memo(CarouselView, (before, after) => before.label === after.label && sameSlides(before.slides, after.slides));

function CarouselView({ slides: incoming, label }: CarouselProps) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const words = usePart(homeTexts);
  const [slides, setSlides] = useState(incoming);
  const [index, setIndex] = useState(0);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const drag = useRef<{ x: number; y: number; pointerId: number; moved: boolean } | null>(null);
  const suppressClick = useRef(false);
  const count = slides.length;
  const current = Math.min(index, Math.max(0, count - 1));
  const go = (step: number) => setIndex(wrapIndex(current, step, count));

  const latest = useRef(incoming);
  useEffect(() => {
    latest.current = incoming;
    const focusInside = root.current?.contains(document.activeElement) ?? false;
    if (!focusInside && !sameSlides(incoming, slides)) setSlides(incoming);
  }, [incoming, slides]);

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    // Focus left the carousel: now show the slides that arrived meanwhile.
    if (root.current?.contains(event.relatedTarget as Node | null)) return;
    if (!sameSlides(latest.current, slides)) setSlides(latest.current);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = slideForKey(event.key, current, count);
    if (next === null) return;
    event.preventDefault();
    setIndex(next);
  }

  function onTouchStart(event: TouchEvent) {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  }
  function onTouchEnd(event: TouchEvent) {
    const touch = event.changedTouches[0];
    if (!touchStart.current || !touch) return;
    const step = swipeStep(touch.clientX - touchStart.current.x, touch.clientY - touchStart.current.y);
    touchStart.current = null;
    if (step !== 0) go(step);
  }

  // A mouse drag works like a swipe (touch has its own events above).
  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType !== "mouse" || event.button !== 0) return;
    drag.current = { x: event.clientX, y: event.clientY, pointerId: event.pointerId, moved: false };
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const start = drag.current;
    if (!start || start.moved || Math.hypot(event.clientX - start.x, event.clientY - start.y) < DRAG_START_PX) return;
    start.moved = true;
    // Captured only once it is a drag, so that a plain click still reaches the button under it.
    event.currentTarget.setPointerCapture?.(start.pointerId);
  }
  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const start = drag.current;
    drag.current = null;
    if (!start?.moved) return;
    suppressClick.current = true;
    const step = swipeStep(event.clientX - start.x, event.clientY - start.y);
    if (step !== 0) go(step);
  }
  function onClickCapture(event: MouseEvent) {
    if (!suppressClick.current) return;
    suppressClick.current = false;
    event.preventDefault();
    event.stopPropagation();
  }

  return (
    <div
      ref={root}
      className="carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (drag.current = null)}
      onClickCapture={onClickCapture}
      onDragStart={(event) => event.preventDefault()}
    >
      <div className="carousel-viewport">
        <div className="carousel-track" style={{ transform: `translateX(-${current * 100}%)` }} aria-live="polite">
          {slides.map((slide, position) => (
            <div
              key={slide.id}
              lang={slide.lang}
              className="slide"
              role="group"
              aria-roledescription="slide"
              aria-label={fill(words["carousel.slide"], { position: position + 1, count, title: slide.title })}
              aria-hidden={position !== current}
              inert={position !== current}
              data-active={position === current}
            >
              <div className="slide-media">
                <Picture
                  src={slide.image_url}
                  {...IMAGE_BOXES.carouselSlide}
                  sizes="(min-width: 960px) 560px, 100vw"
                  alt={imageAlt(slide.image_alt, slide.image_decorative, slide.title)}
                />
                <span className="slide-capacity">{slide.capacity}</span>
              </div>
              <div className="slide-body">
                <h3 className="slide-title">{slide.title}</h3>
                <p>{slide.description}</p>
                {slide.features.length > 0 && (
                  <ul className="chip-list">
                    {slide.features.map((feature) => (
                      <li key={feature}>{feature}</li>
                    ))}
                  </ul>
                )}
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="carousel-controls">
        <ControlButton early="carousel-previous" className="icon-button" onClick={() => go(-1)} aria-controls={id}>
          <span aria-hidden="true">◀</span>
          <span className="visually-hidden">{words["carousel.previous"]}</span>
        </ControlButton>
        <div className="carousel-dots" id={id}>
          {slides.map((slide, position) => (
            <ControlButton
              key={slide.id}
              early={`carousel-slide-${position}`}
              className="dot"
              aria-label={fill(words["carousel.goTo"], { position: position + 1, title: slide.title })}
              aria-current={position === current ? "true" : undefined}
              onClick={() => setIndex(position)}
            />
          ))}
        </div>
        <ControlButton early="carousel-next" className="icon-button" onClick={() => go(1)} aria-controls={id}>
          <span aria-hidden="true">▶</span>
          <span className="visually-hidden">{words["carousel.next"]}</span>
        </ControlButton>
      </div>
    </div>
  );
}

/**
 * A carousel control that keeps a tap made before the carousel's code ran (its island hydrates once
 * near the viewport, after the page): the page's inline script records it, and it is performed once
 * this button's component runs (site/lib/early-taps.ts).
 */
function ControlButton({ early, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { early: string }) {
  const button = useRef<HTMLButtonElement>(null);
  useEarlyTap(early, button);
  return <button ref={button} type="button" data-early-tap={early} {...props} />;
}
