import { act, cleanup } from "@testing-library/react";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { useRef, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { useEarlyTap } from "./use-early-tap.ts";

// The page's inline script (site/index.html) and the app's hook, together: each tap on a marked
// button is either recorded before the button's component runs, and performed once when it does, or
// handled by the component itself, never both.

const template = readFileSync(join(import.meta.dirname, "../index.html"), "utf8");
const recorder = [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!).find((code) => code.includes("rcrtEarlyTaps"))!;

function Toggle({ onTap }: { onTap: () => void }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEarlyTap("menu", button);
  return (
    <button
      ref={button}
      type="button"
      data-early-tap="menu"
      aria-expanded={open}
      onClick={() => {
        onTap();
        setOpen(!open);
      }}
    >
      Menu
    </button>
  );
}

afterEach(() => {
  cleanup();
  delete window.rcrtEarlyTaps;
});

describe("taps before the app", () => {
  it("are recorded, go no further and are performed once by the button's component; then the component takes its taps", async () => {
    new Function(recorder)();
    let taps = 0;
    let reached = 0;
    const container = document.body.appendChild(document.createElement("div"));
    // What the server sent: the button, with nothing of the app behind it yet.
    container.innerHTML = renderToString(<Toggle onTap={() => taps++} />);
    const pageListener = () => reached++;
    container.addEventListener("click", pageListener);
    const button = () => container.querySelector("button")!;

    button().click();
    button().click();
    expect(window.rcrtEarlyTaps).toEqual(["menu", "menu"]);
    expect(button()).toHaveAttribute("aria-busy", "true");
    expect({ taps, reached }).toEqual({ taps: 0, reached: 0 });

    await act(async () => {
      hydrateRoot(container, <Toggle onTap={() => taps++} />);
    });
    // Two taps while nothing happened: one intention, performed once.
    expect({ taps, reached }).toEqual({ taps: 1, reached: 1 });
    expect(button()).toHaveAttribute("aria-expanded", "true");
    expect(button()).not.toHaveAttribute("aria-busy");
    expect(button()).not.toHaveAttribute("data-early-tap");
    expect(window.rcrtEarlyTaps).toEqual([]);

    await act(async () => button().click());
    expect({ taps, reached }).toEqual({ taps: 2, reached: 2 });
    expect(button()).toHaveAttribute("aria-expanded", "false");
    expect(window.rcrtEarlyTaps).toEqual([]);
    container.removeEventListener("click", pageListener);
  });
});
