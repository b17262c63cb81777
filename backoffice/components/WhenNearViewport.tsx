import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * Renders `children` only once the placeholder comes near the viewport (or was scrolled past), so a
 * section below the first screen does not load its code with it. Without IntersectionObserver (jsdom)
 * the children render at once.
 */
export function WhenNearViewport({ children, placeholder, rootMargin = "200px 0px", testId }: { children: ReactNode; placeholder: ReactNode; rootMargin?: string; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting || entry.boundingClientRect.bottom < 0)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, rootMargin]);
  return (
    <div ref={ref} data-testid={testId}>
      {near ? children : placeholder}
    </div>
  );
}
