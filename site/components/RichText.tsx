import { lazy, Suspense, useState, type FocusEvent, type MouseEvent } from "react";
import { NEWSLETTER_ID } from "../../shared/routes.ts";
import { facadePlayable, playerElement } from "../lib/video-player.ts";

const loadModal = () => import("./WaitlistModal.tsx");
const WaitlistModal = lazy(loadModal);

/** The footer's newsletter box brought into view, its email field focused. */
function showNewsletter(): void {
  const box = document.getElementById(NEWSLETTER_ID);
  if (!box) return;
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  box.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "center" });
  box.querySelector<HTMLInputElement>("input[type=email]")?.focus({ preventScroll: true });
}

/** A click that asks for the link's own behaviour (a new tab or window, a download): left to the browser. */
const modified = (event: MouseEvent) => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * A document's HTML (site/lib/rich-text.ts: made where the row is read, server-rendered) with the
 * site's behaviour on its blocks, bound by event delegation on this container so it works on the
 * server's markup once hydrated: a video's facade swaps in its player on a click (nothing is loaded
 * from another site before), "waitlist" opens the waitlist modal (focus returns to the button),
 * "newsletter" brings the footer's box into view; "discord" is a plain link. Without the script, the
 * facade and the buttons that are links still lead where they say.
 */
export function RichText({ html, className = "prose" }: { html: string; className?: string }) {
  const [waitlistOpener, setWaitlistOpener] = useState<HTMLElement | null>(null);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || modified(event) || !(event.target instanceof Element)) return;
    const facade = event.target.closest<HTMLElement>(".video-facade");
    if (facade && event.currentTarget.contains(facade)) {
      const playable = facadePlayable(facade);
      if (!playable) return;
      event.preventDefault();
      const title = facade.closest("figure")?.querySelector("figcaption")?.textContent?.trim() || "Video";
      const player = playerElement(playable, title);
      facade.replaceWith(player);
      player.focus();
      return;
    }
    const action = event.target.closest<HTMLElement>("[data-cta]");
    if (!action || !event.currentTarget.contains(action)) return;
    if (action.dataset.cta === "waitlist") {
      event.preventDefault();
      setWaitlistOpener(action);
    } else if (action.dataset.cta === "newsletter") {
      event.preventDefault();
      showNewsletter();
    }
  };

  // The modal's code loads as a visitor heads for a waitlist button, as the home page's does.
  const preload = (event: MouseEvent<HTMLDivElement> | FocusEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('[data-cta="waitlist"]')) void loadModal();
  };

  return (
    <>
      {/* The clicks handled are those of the links and buttons inside, which a keyboard presses too. */}
      <div className={className} onClick={onClick} onPointerOver={preload} onFocus={preload} dangerouslySetInnerHTML={{ __html: html }} />
      {waitlistOpener && (
        <Suspense fallback={null}>
          <WaitlistModal
            onClose={() => {
              setWaitlistOpener(null);
              waitlistOpener.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
