import { lazy, Suspense, useRef, useState } from "react";
import { BRAND, COMMUNITY_URL } from "../../shared/brand.ts";
import type { Language } from "../../shared/languages.ts";
import { homeTexts } from "../i18n/parts/home.ts";
import { usePart, useSiteLanguage } from "../lib/language.ts";
import { useEarlyTap } from "../lib/use-early-tap.ts";

const loadModal = () => import("../components/WaitlistModal.tsx");
const WaitlistModal = lazy(loadModal);

/** The modal's code and its words in `language` (site/i18n/parts.ts): loaded before it opens. */
async function loadModalIn(language: Language): Promise<void> {
  const modal = await loadModal();
  await Promise.all(modal.texts.map((part) => part.load(language)));
}

function scrollToFeatures() {
  const target = document.getElementById("features");
  if (!target) return;
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  target.focus({ preventScroll: true });
}

/** The hero: 80% of the viewport, with Join Waitlist (the modal), Join Discord and a scroll-down button. */
export function Hero() {
  const { language, messages } = useSiteLanguage();
  const words = usePart(homeTexts);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  useEarlyTap("waitlist", trigger);
  return (
    <section className="hero" aria-labelledby="hero-title" data-testid="hero">
      <div className="hero-inner container">
        <div className="hero-copy">
          <p className="eyebrow">
            <span className="rec-dot" aria-hidden="true" /> {words["hero.eyebrow"]}
          </p>
          <h1 id="hero-title" className="hero-title" data-text={BRAND}>
            {BRAND}
          </h1>
          <p className="hero-tagline">{words["hero.tagline"]}</p>
          <p className="hero-text">{words["hero.text"]}</p>
          <div className="hero-actions">
            <button
              ref={trigger}
              type="button"
              className="button button-primary"
              aria-haspopup="dialog"
              data-early-tap="waitlist"
              onClick={() => void loadModalIn(language).then(() => setOpen(true))}
              onPointerEnter={() => void loadModalIn(language)}
              onFocus={() => void loadModalIn(language)}
            >
              {messages["waitlist.join"]}
            </button>
            <a className="button button-ghost" href={COMMUNITY_URL} target="_blank" rel="noopener noreferrer">
              {words["hero.discord"]}
              <span className="visually-hidden">{messages["link.newTab"]}</span>
            </a>
          </div>
        </div>
        <div className="hero-tv" aria-hidden="true">
          <div className="tv-screen">
            <span className="tv-channel">CH 03</span>
            <span className="tv-play">▶ PLAY</span>
            <span className="tv-counter">00:19:84</span>
          </div>
          <div className="tv-knobs">
            <span />
            <span />
          </div>
        </div>
      </div>
      <button type="button" className="scroll-down" onClick={scrollToFeatures}>
        <span aria-hidden="true">▼</span>
        <span className="visually-hidden">{words["hero.scrollDown"]}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <WaitlistModal
            onClose={() => {
              setOpen(false);
              trigger.current?.focus();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
