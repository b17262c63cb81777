import { spawn, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

/**
 * A process a test started ends with the test's own process at the latest: a test or hook that
 * timed out (a loaded machine) before it could stop its child would otherwise leave it running after
 * the suite, with its ports and data directory.
 */
export function endsWithThisProcess<T extends ChildProcess>(child: T): T {
  const end = () => child.kill("SIGKILL");
  process.once("exit", end);
  child.once("exit", () => process.removeListener("exit", end));
  return child;
}

/** A script of the project (`scripts/start.ts`, `server/main.ts`, ...) in a process of its own, run as `npm` runs it, ending with this one; its output piped. */
export function projectScript(script: string, env: NodeJS.ProcessEnv) {
  return endsWithThisProcess(spawn(process.execPath, ["--import", "tsx", script], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] }));
}
