import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { NOT_FOUND_FLICKER_MS } from "../../shared/constants.ts";
import { splitLanguage } from "../../shared/languages.ts";
import { useLocalPath, useMessages } from "../lib/language.ts";
import { notFoundMeta, usePageMeta } from "../lib/meta.ts";
import { Link } from "./Link.tsx";

/** The frames the 404 cycles through, like a signal that will not lock. */
export const NOT_FOUND_FRAMES = ["404", "4O4", "40/-", "▓04", "4▒4", "404", "#0#", "40▚", "4 4", "404"];

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

export default function NotFoundPage() {
  const messages = useMessages();
  const localPath = useLocalPath();
  usePageMeta(notFoundMeta(messages), splitLanguage(useLocation().pathname).path);
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
        {messages["notFound.heading"]}
      </h1>
      <p>{messages["notFound.text"]}</p>
      <Link to={localPath("/")} className="button button-primary">
        {messages["layout.returnHome"]}
      </Link>
    </section>
  );
}
