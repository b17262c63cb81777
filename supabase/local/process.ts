import { fork, type ChildProcess } from "node:child_process";
import { DEFAULT_STOP_TIMES } from "../../shared/http/drain.ts";
import type { LocalBackend, LocalBackendOptions } from "./server.ts";

/**
 * What a backend in a process of its own is started with: the options that cross a process
 * boundary. The product's rules (functions) and the log are the child's own: its entry module
 * imports the product's configuration, and it writes to the terminal the parent writes to.
 */
export type BackendSettings = Omit<LocalBackendOptions, "product" | "log">;

/** What the parent knows of a backend running in a child process. */
export interface BackendProcess {
  url: string;
  port: number;
  anonKey: string;
  serviceKey: string;
  mailboxUrl: string;
  smtpUrl: string;
  /** The child's process id, or null between a crash and the restart. */
  pid(): number | null;
  /** How many times the child ended unexpectedly and was started again. */
  restarts(): number;
  /** Readiness (`GET /ready`) turns 503 while the backend serves on: the web tier in front of it is draining. */
  leave(): void;
  /** Stops the backend gracefully (requests in flight answered, the database closed); resolves once the child has exited. */
  stop(): Promise<void>;
}

export interface BackendProcessOptions {
  /** The module the child runs: it calls `serveInChildProcess` with the product's start function. */
  entry: string;
  settings: BackendSettings;
  log?: (line: string) => void;
}

/** Messages between the parent and the child, over the IPC channel `fork` opens. */
type ToChild = { type: "leave" } | { type: "stop" };
type ToParent = { type: "ready"; url: string; port: number; anonKey: string; serviceKey: string; mailboxUrl: string; smtpUrl: string };
type Ready = Omit<ToParent, "type">;

/** A child that answered for a minute is healthy again: its next crash restarts it at once. */
const HEALTHY_MS = 60_000;
const FIRST_RESTART_DELAY_MS = 200;
const LONGEST_RESTART_DELAY_MS = 30_000;
/** What closing the database may take after the drain's deadline (shared/http/drain.ts): past both, the child is killed. */
const CLOSE_DEADLINE_MS = 50_000;

/**
 * The local backend in a child process of its own, so that the database (PGlite runs on its
 * process's one JavaScript thread) and lite's work per request never wait behind the web tier's
 * pages, or the pages behind them. The parent talks to it over HTTP, as to a hosted project.
 *
 * The child writes its logs to the parent's own stdout and stderr. It ignores SIGINT and SIGTERM,
 * which a terminal's Ctrl-C and a service manager send to the whole process group: the parent
 * decides when it stops (after the web tier has drained, whose requests in flight may still need
 * the API). If the parent dies, the child exits at once; committed transactions are in the
 * database's write-ahead log, which the next start replays. If the child dies, the parent reports
 * it and starts it again on the same ports, sooner the healthier it had been.
 */
export async function startBackendProcess(options: BackendProcessOptions): Promise<BackendProcess> {
  const log = options.log ?? ((line: string) => console.log(line));
  let settings = options.settings;
  let child: ChildProcess | null = null;
  let stopping: Promise<void> | null = null;
  let restarts = 0;
  let delayMs = FIRST_RESTART_DELAY_MS;
  let restartTimer: NodeJS.Timeout | null = null;
  // Only a backend that once served is restarted: one that cannot start says why and ends the start.
  let served = false;

  /** Starts a child; resolves with its addresses once it serves, rejects if it exits first. */
  function spawnChild(): Promise<Ready> {
    const started = fork(options.entry, [JSON.stringify(settings)], {
      // The child runs TypeScript as this repository's scripts do, whatever flags the parent had.
      execArgv: ["--import", import.meta.resolve("tsx")],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child = started;
    const startedAt = Date.now();
    return new Promise<Ready>((ready, fail) => {
      let childServed = false;
      started.on("message", (message: ToParent) => {
        if (message.type !== "ready") return;
        childServed = true;
        served = true;
        ready({ url: message.url, port: message.port, anonKey: message.anonKey, serviceKey: message.serviceKey, mailboxUrl: message.mailboxUrl, smtpUrl: message.smtpUrl });
      });
      started.once("exit", (code, signal) => {
        if (child === started) child = null;
        const how = signal ? `killed by ${signal}` : `exit code ${code}`;
        if (!childServed) fail(new Error(`The local API stopped before it was ready (${how}); its log above says why.`));
        if (stopping || !served) return;
        // Unexpected: a crash, an out-of-memory kill, a kill -9.
        if (Date.now() - startedAt > HEALTHY_MS) delayMs = FIRST_RESTART_DELAY_MS;
        log(`[api] the local API stopped unexpectedly (${how}); starting it again in ${delayMs} ms`);
        const wait = delayMs;
        delayMs = Math.min(delayMs * 2, LONGEST_RESTART_DELAY_MS);
        restartTimer = setTimeout(() => {
          restartTimer = null;
          restarts++;
          spawnChild().then(
            () => log(`[api] the local API is serving again (process ${child?.pid})`),
            () => undefined, // Its exit already scheduled the next attempt.
          );
        }, wait);
      });
    });
  }

  const first = await spawnChild();
  // A restart listens where the web tier was told the API and the mailbox are.
  const smtpPort = Number(new URL(first.smtpUrl).port);
  settings = { ...settings, port: first.port, smtpPort };

  return {
    ...first,
    pid: () => child?.pid ?? null,
    restarts: () => restarts,
    leave() {
      if (child?.connected) child.send({ type: "leave" } satisfies ToChild);
    },
    stop() {
      stopping ??= (async () => {
        if (restartTimer) clearTimeout(restartTimer);
        const running = child;
        if (!running || running.exitCode !== null || running.signalCode !== null) return;
        const exited = new Promise<void>((done) => running.once("exit", () => done()));
        running.send({ type: "stop" } satisfies ToChild);
        const deadline = setTimeout(() => running.kill("SIGKILL"), (settings.stopDeadlineMs ?? DEFAULT_STOP_TIMES.deadlineMs) + CLOSE_DEADLINE_MS);
        await exited;
        clearTimeout(deadline);
      })();
      return stopping;
    },
  };
}

/**
 * The child's side of `startBackendProcess`: starts the backend with the settings the parent
 * passed, tells the parent where it serves, and stops when the parent says so. A failed start is
 * printed and ends the process, as the parent expects.
 */
export function serveInChildProcess(start: (settings: BackendSettings) => Promise<LocalBackend>): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error("serveInChildProcess runs in a process started by startBackendProcess");
  // Ctrl-C and a service manager's SIGTERM reach the whole process group: the parent stops us in order.
  process.on("SIGINT", () => undefined);
  process.on("SIGTERM", () => undefined);
  const settings = JSON.parse(process.argv[2] ?? "{}") as BackendSettings;
  const starting = start(settings);
  let stopping = false;
  process.on("message", (message: ToChild) => {
    if (message.type === "leave") return void starting.then((backend) => backend.leave(), () => undefined);
    if (stopping) return;
    stopping = true;
    starting.then((backend) => backend.stop()).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`[api] the local API's stop failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  });
  // The parent is gone (a second Ctrl-C, a kill -9): exit now rather than serve nobody.
  process.on("disconnect", () => {
    if (!stopping) process.exit(1);
  });
  starting.then(
    (backend) => {
      const ready: ToParent = { type: "ready", url: backend.url, port: backend.port, anonKey: backend.anonKey, serviceKey: backend.serviceKey, mailboxUrl: backend.mailboxUrl, smtpUrl: backend.smtpUrl };
      send(ready);
    },
    (error: unknown) => {
      console.error(`[api] the local API could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    },
  );
}
