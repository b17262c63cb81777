import { lazy, memo, Suspense, useEffect, useRef, type ComponentType } from "react";

// Below-the-fold sections are islands: their code is a lazy chunk. On a prerendered page the island
// keeps its server HTML (a suspended Suspense boundary is left as it is during hydration) until it
// comes near the viewport; only then is its code fetched and hydrated. Rendered in the browser
// without prerendered HTML (a client-side navigation, a test) it loads at once.

let hydrating = false;

/** main.tsx sets this around hydrateRoot; islands first rendered meanwhile wait to be seen. */
export function setHydrating(value: boolean): void {
  hydrating = value;
}

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
  const Lazy = lazy(() => (hydrating && typeof window !== "undefined" ? gate.promise.then(load) : load()));

  function Island() {
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const element = ref.current;
      if (!element || typeof IntersectionObserver === "undefined") {
        gate.open();
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
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
