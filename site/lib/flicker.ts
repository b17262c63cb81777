import { useEffect, useState } from "react";
import { FLICKER_OVERLAY_MS } from "../../shared/constants.ts";

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * The home page's easter egg: pressing v shows the purple flicker overlay for 1000 ms (a new press
 * starts the second again). Not while typing in a field, and not with a modifier (Ctrl+V pastes).
 */
export function useFlickerKey(): boolean {
  const [until, setUntil] = useState(0);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "v" || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      if (isTyping(event.target)) return;
      setUntil(Date.now() + FLICKER_OVERLAY_MS);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  useEffect(() => {
    if (until === 0) return;
    const timer = setTimeout(() => setUntil(0), Math.max(0, until - Date.now()));
    return () => clearTimeout(timer);
  }, [until]);
  return until !== 0;
}
