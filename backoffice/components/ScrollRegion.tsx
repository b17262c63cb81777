import { useEffect, useRef, useState, type ReactNode } from "react";
import Box from "@mui/material/Box";

/**
 * A box that scrolls sideways when what it holds (a table of long addresses, a narrow screen) is wider
 * than itself. While it does, it is a named region in the tab order, so a keyboard can scroll it as a
 * mouse can (axe: scrollable-region-focusable); while it does not, it adds no tab stop. Without
 * ResizeObserver (jsdom) nothing is measured and it stays a plain box.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === "undefined") return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    // The content can widen while the box keeps its size (longer rows arrive), and can be replaced:
    // what is observed is renewed at each render.
    for (const child of box.children) observer.observe(child);
    return () => observer.disconnect();
  });
  return (
    <Box ref={ref} sx={{ overflowX: "auto" }} {...(scrolls ? { tabIndex: 0, role: "region", "aria-label": label } : {})}>
      {children}
    </Box>
  );
}
