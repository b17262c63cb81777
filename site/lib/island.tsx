import { lazy, memo, Suspense, useEffect, useRef, type ComponentType } from "react";

// Below-the-fold sections are islands: their code is a lazy chunk. On a server-rendered page the island
// keeps its server HTML (a suspended Suspense boundary is left as it is during hydration) until it
// comes near the viewport; only then is its code fetched and hydrated. Rendered in the browser
// without server-rendered HTML (a client-side navigation, a test) it loads at once.
//
// Whether there is server HTML is read from the island's own element when it mounts: React hydrates
// a suspended boundary after the root has committed, so no flag set around hydrateRoot can tell.

interface Gate {
  promise: Promise<void>;
  open: () => void;
}

function makeGate(): Gate {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

export function island(load: () => Promise<{ default: ComponentType }>, options: { rootMargin?: string; minHeight?: string } = {}): ComponentType {
  const gate = makeGate();
  const Lazy = lazy(() => (typeof window === "undefined" ? load() : gate.promise.then(load)));

  function Island() {
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const element = ref.current;
      const prerendered = element !== null && element.childElementCount > 0;
      if (!prerendered || typeof IntersectionObserver === "undefined") {
        gate.open();
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          // Near the viewport, or already scrolled past (a jump down the page never crossed it).
          if (entries.some((entry) => entry.isIntersecting || entry.boundingClientRect.bottom < 0)) {
            gate.open();
            observer.disconnect();
          }
        },
        { rootMargin: options.rootMargin ?? "400px 0px" },
      );
      observer.observe(element);
      return () => observer.disconnect();
    }, []);
    return (
      <div ref={ref} className="island" style={options.minHeight ? { minHeight: options.minHeight } : undefined}>
        <Suspense fallback={null}>
          <Lazy />
        </Suspense>
      </div>
    );
  }
  return memo(Island);
}
