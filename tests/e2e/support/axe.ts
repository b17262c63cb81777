import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe-core's violations on the page as it stands (or on the part `within` selects), one readable line each. Transitions under way are
 * let end first: a button fading in is measured at its final colours, not halfway (a busy machine
 * stretched a fade into axe's contrast check).
 */
export async function violations(page: Page, within?: string): Promise<string[]> {
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
    undefined,
    { polling: 100 },
  );
  const builder = new AxeBuilder({ page }).withTags(WCAG_22_AA);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

/** Collects Content-Security-Policy violations and uncaught errors while a page is open. */
export function watchPolicy(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}
