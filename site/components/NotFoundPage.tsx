import { useEffect, useState } from "react";
import { Link } from "react-router";
import { NOT_FOUND_FLICKER_MS } from "../../shared/constants.ts";
import { NOT_FOUND_META, usePageMeta } from "../lib/meta.ts";

/** The frames the 404 cycles through, like a signal that will not lock. */
export const NOT_FOUND_FRAMES = ["404", "4O4", "40/-", "▓04", "4▒4", "404", "#0#", "40▚", "4 4", "404"];

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

export default function NotFoundPage() {
  usePageMeta(NOT_FOUND_META, typeof window === "undefined" ? "/404" : window.location.pathname);
  const [frame, setFrame] = useState(0);

  useEffect(() => {
    if (prefersReducedMotion()) return;
    const timer = setInterval(() => setFrame((current) => (current + 1) % NOT_FOUND_FRAMES.length), NOT_FOUND_FLICKER_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <div className="static-noise" aria-hidden="true" />
      <p className="glitch-404" aria-hidden="true" data-testid="flicker-404">
        {NOT_FOUND_FRAMES[frame]}
      </p>
      <h1 id="not-found-title" className="not-found-title">
        NO SIGNAL - PAGE NOT FOUND
      </h1>
      <p>The channel you tuned to is not broadcasting. Check the address, or head back to the home screen.</p>
      <Link to="/" className="button button-primary">
        Return Home
      </Link>
    </section>
  );
}
