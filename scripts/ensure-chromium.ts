import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Browser tests drive Debian's Chromium (test tools cannot download their own browsers here).
 * Installs it with apt-get when it is missing, as root or through sudo.
 */
export function ensureChromium(log: (line: string) => void = console.log): void {
  if (existsSync(CHROMIUM_PATH)) return;
  log(`Chromium is missing at ${CHROMIUM_PATH}: installing Debian's chromium package...`);
  const asRoot = process.getuid?.() === 0;
  const run = (args: string[]) =>
    execFileSync(asRoot ? args[0]! : "sudo", asRoot ? args.slice(1) : args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  run(["apt-get", "update", "-qq"]);
  run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-dejavu-core"]);
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is still missing at ${CHROMIUM_PATH} after apt-get install`);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
