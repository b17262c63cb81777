import { useId, useRef, useState, type KeyboardEvent, type TouchEvent } from "react";
import { swipeStep, wrapIndex } from "../lib/carousel.ts";
import { stockImage, stockImageSrcSet } from "../../shared/images.ts";
import type { Slide } from "../content.ts";

/**
 * The Featured Collections carousel: previous/next buttons, dot indicators, swipe (more than 50 px
 * changes slide) and the arrow keys; it wraps around both ways and never moves by itself.
 */
export function Carousel({ slides, label }: { slides: Slide[]; label: string }) {
  const id = useId();
  const [index, setIndex] = useState(0);
  const start = useRef<{ x: number; y: number } | null>(null);
  const count = slides.length;
  const current = Math.min(index, Math.max(0, count - 1));
  const go = (step: number) => setIndex(wrapIndex(current, step, count));

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      go(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(-1);
    }
  }
  function onTouchStart(event: TouchEvent) {
    const touch = event.touches[0];
    start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  }
  function onTouchEnd(event: TouchEvent) {
    const touch = event.changedTouches[0];
    if (!start.current || !touch) return;
    const step = swipeStep(touch.clientX - start.current.x, touch.clientY - start.current.y);
    start.current = null;
    if (step !== 0) go(step);
  }

  return (
    <div
      className="carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <div className="carousel-viewport">
        <div className="carousel-track" style={{ transform: `translateX(-${current * 100}%)` }} aria-live="polite">
          {slides.map((slide, position) => (
            <div
              key={slide.id}
              className="slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${position + 1} of ${count}: ${slide.title}`}
              aria-hidden={position !== current}
              inert={position !== current}
              data-active={position === current}
            >
              <div className="slide-media">
                {slide.image_url && (
                  <img
                    src={stockImage(slide.image_url, { width: 800, height: 500 })}
                    srcSet={stockImageSrcSet(slide.image_url, [480, 800, 1200], 8 / 5)}
                    sizes="(min-width: 960px) 560px, 100vw"
                    width={800}
                    height={500}
                    loading="lazy"
                    decoding="async"
                    alt=""
                  />
                )}
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
        <button type="button" className="icon-button" onClick={() => go(-1)} aria-controls={id}>
          <span aria-hidden="true">◀</span>
          <span className="visually-hidden">Previous slide</span>
        </button>
        <div className="carousel-dots" id={id}>
          {slides.map((slide, position) => (
            <button
              key={slide.id}
              type="button"
              className="dot"
              aria-label={`Go to slide ${position + 1}: ${slide.title}`}
              aria-current={position === current ? "true" : undefined}
              onClick={() => setIndex(position)}
            />
          ))}
        </div>
        <button type="button" className="icon-button" onClick={() => go(1)} aria-controls={id}>
          <span aria-hidden="true">▶</span>
          <span className="visually-hidden">Next slide</span>
        </button>
      </div>
    </div>
  );
}
