/** The message of anything thrown: Error, PostgREST/HttpError bodies, supabase-js errors, strings. */
export function errorMessage(error: unknown): string {
  if (typeof error === "string") return error;
  if (error && typeof error === "object") {
    const body = (error as { body?: { message?: unknown } }).body;
    if (body && typeof body.message === "string" && body.message) return body.message;
    const message = (error as { message?: unknown }).message;
    if (typeof message === "string" && message) return message;
  }
  return "Unknown error";
}

/** The HTTP status carried by an error, if any. */
export function errorStatus(error: unknown): number | undefined {
  if (error && typeof error === "object") {
    const status = (error as { status?: unknown }).status;
    if (typeof status === "number") return status;
  }
  return undefined;
}

type Notify = (message: string, options?: { type?: "error" | "warning" | "info" | "success"; messageArgs?: Record<string, unknown> }) => void;

/**
 * A failure: logged with the spec's text ("Error saving video") and shown to the admin, so that a
 * failed save never looks like it worked. A refused write (403) says so plainly.
 */
export function reportError(logText: string, error: unknown, notify?: Notify): void {
  console.error(logText, error);
  if (!notify) return;
  const status = errorStatus(error);
  const reason = status === 403 ? "permission denied" : errorMessage(error);
  notify(`${logText}: ${reason}`, { type: "error", messageArgs: { _: `${logText}: ${reason}` } });
}

/**
 * Whether trying the same request again may work: no answer at all (offline, timed out, network),
 * or a server-side failure. Not a refusal (validation, permission, conflict, ended session), which
 * has its own answer on screen.
 */
export function isRetryable(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 0 || status === 408 || status === 429 || (status !== undefined && status >= 500);
}
