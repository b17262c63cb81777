import { useLayoutEffect } from "react";

/**
 * Locks page scrolling while `locked` (the mobile menu and the modal): overflow hidden on the root
 * and the body, with the scrollbar's width kept as padding so nothing jumps. Unlocks on cleanup.
 * Before the first frame that shows what locks it: no frame has the menu or the modal over a page
 * that still scrolls, or the scrollbar gone without its padding.
 */
export function useScrollLock(locked: boolean): void {
  useLayoutEffect(() => {
    if (!locked) return;
    const { documentElement: root, body } = document;
    const scrollbar = window.innerWidth - root.clientWidth;
    const previous = { root: root.style.overflow, body: body.style.overflow, padding: body.style.paddingRight };
    root.style.overflow = "hidden";
    body.style.overflow = "hidden";
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    root.dataset.scrollLocked = "true";
    return () => {
      root.style.overflow = previous.root;
      body.style.overflow = previous.body;
      body.style.paddingRight = previous.padding;
      delete root.dataset.scrollLocked;
    };
  }, [locked]);
}
