import { performance } from "node:perf_hooks";

/**
 * A signal this soon after the first is the same one delivered twice, not an operator's second
 * press: a terminal's Ctrl-C reaches every process of its foreground group, so `npm start` gets it
 * from the terminal and again from npm, which passes the signals it gets on to the script it runs.
 */
const SAME_SIGNAL_MS = 500;

/**
 * SIGINT and SIGTERM stop the process gracefully with `stop` (requests in flight answered, background
 * work finished), then exit; a second signal while it drains exits at once, as an operator pressing
 * Ctrl-C twice expects. Used by `npm run serve` and `npm start`.
 */
export function onStopSignals(stop: () => Promise<void>, log: (line: string) => void = (line) => console.log(line)): void {
  let stoppingSince: number | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stoppingSince !== null) {
      if (performance.now() - stoppingSince < SAME_SIGNAL_MS) return;
      log(`${signal} again: exiting now.`);
      process.exit(1);
    }
    stoppingSince = performance.now();
    log(`\n${signal}: stopping (requests in flight are answered first; ${signal} again exits now)...`);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log(`The stop failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}
