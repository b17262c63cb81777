import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { sendJson } from "./http-util.ts";

/** How a server stops: a load balancer's notice first, then a bounded wait for what is in flight. */
export interface StopTimes {
  /**
   * How long, once asked to stop, the server goes on answering as before while its readiness says
   * it is leaving, so that a load balancer's health check takes it out of rotation before it stops
   * accepting connections (0: at once, as locally, where nothing checks).
   */
  announceMs: number;
  /** How long requests in flight may take to finish once no connection is accepted; then the rest are cut. */
  deadlineMs: number;
}

export const DEFAULT_STOP_TIMES: StopTimes = { announceMs: 0, deadlineMs: 10_000 };

/** What a request that reaches a stopping server on a kept connection is told: to come again elsewhere. */
const RETRY_AFTER_SECONDS = "2";

export interface Drain {
  /** The server's request listener: the handler's, until the server stops. */
  readonly listener: (req: IncomingMessage, res: ServerResponse) => void;
  /** False from the moment the server is asked to leave or stop: what its readiness endpoint reports. */
  ready(): boolean;
  /**
   * Readiness turns false while the server goes on serving, each answer closing its connection: for a
   * server that others still need while they drain (the local API behind the web tier), until `stop`.
   */
  leave(): void;
  /**
   * Stops `server` gracefully: readiness turns false at once; after `announceMs` no new connection
   * is accepted, idle kept connections close, a new request on a kept connection is answered 503
   * with Retry-After, and requests in flight finish (their connections closing after their answers)
   * for at most `deadlineMs`, when the connections left are cut. Resolves once every connection is
   * closed. Calling it again returns the same stop.
   */
  stop(times?: Partial<StopTimes>): Promise<void>;
}

/**
 * A server's requests counted, so that it can stop without cutting any off: a request in flight at
 * a stop gets its whole answer, and a client never sees a connection reset mid-answer (it sees the
 * connection refused, or a 503 it may retry).
 */
export function drain(server: Server, handler: (req: IncomingMessage, res: ServerResponse) => void): Drain {
  let phase: "serving" | "leaving" | "closing" = "serving";
  let stopping: Promise<void> | null = null;
  const inFlight = new Set<ServerResponse>();
  // An answer finished while closing leaves its connection idle: closed as soon as it is.
  const closeIdle = () => setImmediate(() => server.closeIdleConnections());

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (phase === "closing") {
      req.resume();
      sendJson(res, 503, { message: "This server is stopping: try again in a moment." }, { "Retry-After": RETRY_AFTER_SECONDS, Connection: "close" });
      return;
    }
    // Leaving: a client's next request opens a new connection, which a load balancer sends elsewhere.
    if (phase === "leaving") res.setHeader("Connection", "close");
    inFlight.add(res);
    res.once("close", () => {
      inFlight.delete(res);
      if (phase === "closing") closeIdle();
    });
    handler(req, res);
  };

  // Answers not yet begun close their connections after them. Idle kept connections stay open while
  // the server still listens: one closed just as its client sends on it would fail that request.
  const closeAfterAnswers = () => {
    for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
  };

  function leave(): void {
    if (phase !== "serving") return;
    phase = "leaving";
    closeAfterAnswers();
  }

  async function stopServer(times: StopTimes): Promise<void> {
    leave();
    if (times.announceMs > 0) await new Promise((done) => setTimeout(done, times.announceMs));
    phase = "closing";
    const closed = new Promise<void>((done) => server.close(() => done()));
    closeAfterAnswers();
    server.closeIdleConnections();
    const cut = setTimeout(() => server.closeAllConnections(), times.deadlineMs);
    try {
      await closed;
    } finally {
      clearTimeout(cut);
    }
  }

  return {
    listener,
    ready: () => phase === "serving",
    leave,
    stop(times = {}) {
      // `??`, not a spread: a time given as undefined (not configured) keeps its default.
      stopping ??= stopServer({ announceMs: times.announceMs ?? DEFAULT_STOP_TIMES.announceMs, deadlineMs: times.deadlineMs ?? DEFAULT_STOP_TIMES.deadlineMs });
      return stopping;
    },
  };
}
