// A part of a page the server could not render (a read that failed or timed out while it rendered)
// is sent as its fallback, marked with this digest, and the browser renders that part itself: a
// recovery React reports through hydrateRoot's onRecoverableError. The server has logged why
// (site/entry-server.tsx), so the browser only notes it; any other recoverable error (markup that
// does not match what the browser renders, a bug) is reported as an error, as React does by default.

/** The digest the server gives a part of a page it could not render. */
export const SERVER_RENDER_FAILED = "server-render-failed";

export const RENDERED_HERE = "A part of this page was rendered in the browser: the server could not render it in time.";

/** Where React reports a recoverable error by default: the window's error event, or the console where there is none. */
const report = typeof reportError === "function" ? reportError : (error: unknown) => console.error(error);

/** hydrateRoot's onRecoverableError. */
export function onRecoverableError(error: unknown): void {
  if (typeof error === "object" && error !== null && (error as { digest?: unknown }).digest === SERVER_RENDER_FAILED) {
    console.warn(RENDERED_HERE);
    return;
  }
  report(error);
}
