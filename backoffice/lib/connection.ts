// Every back-office request has an answer: offline it fails at once, and a server that does not
// answer within the timeout fails with a message instead of leaving a button on "Saving..." forever.

/** How long a request may wait for the server's answer (its headers). */
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * localStorage key that shortens the timeout (milliseconds), so that browser tests can meet a server
 * that never answers without waiting 10 s. Only a shorter value than the default is taken.
 */
export const REQUEST_TIMEOUT_KEY = "rcrt:request-timeout-ms";

export const CONNECTION_MESSAGES = {
  offline: "You are offline. Check your connection and try again.",
  timeout: "The server did not answer in time. Check your connection and try again.",
  network: "Could not reach the server. Check your connection and try again.",
} as const;

export type ConnectionFailure = keyof typeof CONNECTION_MESSAGES;

/** A request that got no answer: offline, timed out, or the network failed. Status 0: no HTTP answer. */
export class ConnectionError extends Error {
  readonly status = 0;
  constructor(readonly kind: ConnectionFailure) {
    super(CONNECTION_MESSAGES[kind]);
    this.name = "ConnectionError";
  }
}

/**
 * The ConnectionError behind a message, if any: supabase-js reports a failed fetch as the error's
 * "name: message" text, not as the error itself.
 */
export function connectionFailureIn(message: string): ConnectionError | null {
  const kind = (Object.keys(CONNECTION_MESSAGES) as ConnectionFailure[]).find((key) => message.includes(CONNECTION_MESSAGES[key]));
  return kind ? new ConnectionError(kind) : null;
}

export interface GuardOptions {
  timeoutMs?: () => number;
  isOnline?: () => boolean;
}

function configuredTimeout(): number {
  try {
    const value = Number(globalThis.localStorage?.getItem(REQUEST_TIMEOUT_KEY));
    return value > 0 && value < REQUEST_TIMEOUT_MS ? value : REQUEST_TIMEOUT_MS;
  } catch {
    return REQUEST_TIMEOUT_MS;
  }
}

const browserOnline = () => globalThis.navigator?.onLine !== false;

/**
 * Runs a request with a signal that aborts it after the timeout (and when the caller's own signal
 * aborts). Offline it is not sent at all; a timeout, or a network failure, becomes a ConnectionError.
 * A caller's own abort stays an abort.
 */
export async function guardRequest<T>(run: (signal: AbortSignal) => Promise<T>, callerSignal?: AbortSignal | null, options: GuardOptions = {}): Promise<T> {
  const isOnline = options.isOnline ?? browserOnline;
  if (!isOnline()) throw new ConnectionError("offline");
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, (options.timeoutMs ?? configuredTimeout)());
  const forward = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) forward();
  else callerSignal?.addEventListener("abort", forward, { once: true });
  try {
    return await run(controller.signal);
  } catch (error) {
    if (timedOut) throw new ConnectionError("timeout");
    if (callerSignal?.aborted) throw error;
    if (error instanceof TypeError) throw new ConnectionError(isOnline() ? "network" : "offline");
    throw error;
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener("abort", forward);
  }
}

/** `fetch` under guardRequest: what the supabase client is given. */
export function guardedFetch(fetchImpl: typeof fetch = (...args) => fetch(...args), options: GuardOptions = {}): typeof fetch {
  return (input, init) => guardRequest((signal) => fetchImpl(input, { ...init, signal }), init?.signal, options);
}
