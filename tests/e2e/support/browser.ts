import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Every journey's Chromium: no sandbox (the tests may run as root), no GPU, and nothing that reaches
 * for the network, which this machine has only on loopback (Chromium would otherwise keep trying).
 */
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/**
 * Debian's Chromium, headless, as a visitor's browser runs: with V8's optimising compilers, and motion
 * as the page makes it. For the journeys that watch the site in motion (the first taps, what a visitor
 * meets) and those that open contexts of their own (a phone, another browser's user agent).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/** The browsers this test file has open, and what each page logged, for the report of a failed test. */
const openContexts = new Set<BrowserContext>();
const pageLogs = new WeakMap<Page, string[]>();
const KEPT_LOG_LINES = 40;

function keepLog(page: Page): void {
  const log: string[] = [];
  pageLogs.set(page, log);
  const add = (line: string) => {
    log.push(line.slice(0, 500));
    if (log.length > KEPT_LOG_LINES) log.shift();
  };
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") add(`console.${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => add(`uncaught: ${error.message}`));
  page.on("requestfailed", (request) => add(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? "?"})`));
}

/**
 * What every open page shows and logged: a locator that timed out says only what it waited for, not
 * what was on the screen instead (an error screen, a dialog, a list that never reloaded).
 */
export async function describeOpenPages(): Promise<string> {
  const parts: string[] = [];
  for (const context of openContexts) {
    for (const page of context.pages().filter((open) => open.url() !== "about:blank")) {
      const text = await page
        .evaluate(() => document.body?.innerText ?? "")
        .then((value) => value.replace(/\n{2,}/g, "\n").slice(0, 4000))
        .catch((error: unknown) => `(unreadable: ${error instanceof Error ? error.message : String(error)})`);
      parts.push([`--- ${page.url()}`, text, ...(pageLogs.get(page) ?? [])].join("\n"));
    }
  }
  return parts.join("\n");
}

/**
 * Forgets the list parameters (search, filters, sort, page) that react-admin keeps in the page's local
 * storage, so that a list opens whole, not as an earlier visit left it.
 */
export async function forgetListParamsOn(page: Page): Promise<void> {
  await page.evaluate(() => Object.keys(localStorage).filter((key) => /^RaStore\..*\.listParams$/.test(key)).forEach((key) => localStorage.removeItem(key)));
}

/**
 * The same on every open page, so that no test finds a list as an earlier test left it. A page not on
 * a site (about:blank) has no storage and is skipped.
 */
export async function forgetListParams(): Promise<void> {
  for (const context of openContexts) {
    for (const page of context.pages().filter((open) => open.url().startsWith("http"))) {
      // A page in the middle of a navigation has no context to run in; its next document reads storage afresh.
      await forgetListParamsOn(page).catch(() => undefined);
    }
  }
}

/**
 * Debian's Chromium, headless, with a throw-away profile. It prefers reduced motion, as the site lets
 * a visitor: the home page's endless decorative animations (the screen's rolling band, the bobbing
 * scroll button) otherwise cost a browser without a GPU half a core for every second a home page
 * stays open. Its JavaScript stops at V8's baseline compiler: a journey's pages live for seconds, and
 * optimising their code cost more than it saved (measured on a 2-core machine, where the journeys run
 * CPU-bound: a back-office list load cost 1.35 s of CPU, 0.45 s of it in V8's background threads, and
 * took 1.4 s; with the baseline compiler alone, 0.95 s of CPU, 0.1 s in those threads, and 1.1 s).
 * The journeys that watch the site in motion use `launchChromium` instead.
 */
export async function openBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), "rcrt-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    reducedMotion: "reduce",
    args: [...CHROMIUM_ARGS, "--js-flags=--max-opt=1"],
  });
  openContexts.add(context);
  context.pages().forEach(keepLog);
  context.on("page", keepLog);
  return {
    context,
    async close() {
      openContexts.delete(context);
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Picks `name` in the open select menu and waits for the menu to be gone: until it is, the menu's
 * closing hands the focus back to its select, so a click elsewhere made meanwhile (in the rich
 * editor, on a loaded machine) loses its focus and the next keys go to the select.
 */
export async function pickOption(page: Page, name: string): Promise<void> {
  await page.getByRole("option", { name }).click();
  await page.getByRole("listbox").waitFor({ state: "detached" });
}

/**
 * Starts a trail of the page's focus moves: each focus in and out, with the element it left (and
 * whether that element was then gone from the page or hidden) and the one it went to. A test that
 * types reads it when its keys did not arrive: where the focus went, and what took it.
 */
export async function traceFocus(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const trail: string[] = [];
    const start = performance.now();
    const at = () => `${Math.round(performance.now() - start)} ms`;
    const describe = (node: EventTarget | null) => {
      if (!(node instanceof Element)) return String(node);
      const role = node.getAttribute("role");
      const label = node.getAttribute("aria-label") ?? node.getAttribute("name");
      return `<${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${role ? ` role=${role}` : ""}${label ? ` "${label}"` : ""} class="${[...node.classList].slice(0, 2).join(" ")}">`;
    };
    document.addEventListener("focusin", (event) => trail.push(`${at()} in ${describe(event.target)}`), true);
    document.addEventListener(
      "focusout",
      (event) => {
        const left = event.target as HTMLElement;
        const to = event.relatedTarget;
        // A focus lost to a removal is dispatched while the removing code runs: its stack names it.
        const stack = new Error().stack?.split("\n").slice(2, 14).join("\n    ") ?? "";
        const parents: Element[] = [];
        for (let parent = left.parentElement; parent && parents.length < 6; parent = parent.parentElement) parents.push(parent);
        // Whether the element was removed or hidden is known once the change that blurred it is done;
        // and, when removed, how much of what held it went with it.
        queueMicrotask(() => {
          const removed = !left.isConnected;
          const kept = parents.filter((parent) => parent.isConnected);
          const shown = kept.length > 0 && (kept[0] as HTMLElement).offsetParent !== null ? "shown" : "hidden";
          trail.push(
            `${at()} out of ${describe(left)}${removed ? ` (removed; ${kept.length} of its ${parents.length} nearest ancestors still in the page, ${shown}; by\n    ${stack})` : ""}${!removed && left.offsetParent === null ? " (hidden)" : ""} to ${describe(to)}`,
          );
        });
      },
      true,
    );
    // What a Suspense boundary hides (React sets display: none !important on its elements), which
    // takes the focus from anything inside.
    new MutationObserver((records) => {
      for (const record of records) {
        const element = record.target as HTMLElement;
        if (element.style.getPropertyValue("display") === "none" && element.style.getPropertyPriority("display") === "important" && trail.length < 200) trail.push(`${at()} hidden: ${describe(element)}`);
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["style"] });
    (window as unknown as { focusTrail: string[] }).focusTrail = trail;
  });
  return () => page.evaluate(() => (window as unknown as { focusTrail?: string[] }).focusTrail ?? []);
}

