/**
 * SIGINT and SIGTERM stop the process gracefully with `stop` (requests in flight answered, background
 * work finished), then exit; a second signal while it drains exits at once, as an operator pressing
 * Ctrl-C twice expects. Used by `npm run serve` and `npm start`.
 */
export function onStopSignals(stop: () => Promise<void>, log: (line: string) => void = (line) => console.log(line)): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal} again: exiting now.`);
      process.exit(1);
    }
    stopping = true;
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
