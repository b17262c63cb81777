import { errorStatus } from "./errors.ts";

type Listener = () => void;

interface Waiter {
  resolve: () => void;
  reject: (reason: unknown) => void;
  reason: unknown;
}

/**
 * Calls that failed because the session ended (401) wait here while the admin signs in again in
 * place (backoffice/auth/SessionExpiredDialog.tsx), then run again: a save keeps its form and its
 * values, and says "Saved" only once it really saved. Several calls failing at once share one prompt.
 */
export class SessionRenewal {
  #waiters: Waiter[] = [];
  #listeners = new Set<Listener>();

  /** Resolves once the admin signed in again; rejects with `reason` if they give up. */
  wait(reason: unknown): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#waiters.push({ resolve, reject, reason });
      if (this.#waiters.length === 1) this.#emit();
    });
  }

  /** Whether calls are waiting for the admin to sign in again. */
  isPending = (): boolean => this.#waiters.length > 0;

  subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** The admin signed in again: every waiting call runs again. */
  renewed(): void {
    this.#settle((waiter) => waiter.resolve());
  }

  /** The admin gave up: every waiting call fails with its own error. */
  abandoned(): void {
    this.#settle((waiter) => waiter.reject(waiter.reason));
  }

  #settle(action: (waiter: Waiter) => void): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    waiters.forEach(action);
    this.#emit();
  }

  #emit(): void {
    this.#listeners.forEach((listener) => listener());
  }
}

/** A 401: the request was refused before anything happened, so running it again is safe. */
function isSessionExpired(error: unknown): boolean {
  return errorStatus(error) === 401;
}

/**
 * The provider with every method wrapped: a call that fails with 401 waits for the admin to sign in
 * again, then runs once more (a second 401 is returned as it is).
 */
export function withSessionRenewal<T extends object>(provider: T, renewal: SessionRenewal): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(provider)) {
    if (typeof value !== "function") {
      wrapped[name] = value;
      continue;
    }
    const method = value as (...args: unknown[]) => Promise<unknown>;
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await method.apply(provider, args);
      } catch (error) {
        if (!isSessionExpired(error)) throw error;
        await renewal.wait(error);
        return method.apply(provider, args);
      }
    };
  }
  return wrapped as T;
}
