/**
 * A form post's idempotency key: made in the browser once per filling of a form and sent with every
 * attempt to post it, so that a retry after a lost answer is stored once (the database keeps one row
 * per key). A page rendered on the server never carries one: a cached page would hand the same key
 * to every visitor.
 */

/** The form field that carries the key. */
export const IDEMPOTENCY_KEY_FIELD = "idempotency-key";

/** The answer to a post whose key is not a UUID. */
export const MALFORMED_IDEMPOTENCY_KEY = "The form's idempotency-key must be a UUID such as 5f0c4a1e-8d2b-4c3a-9e7f-1b2c3d4e5f60";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The key a post carries: null when it carries none (a form posted without JavaScript), undefined
 * when what it carries is not a UUID.
 */
export function formIdempotencyKey(value: string | null | undefined): string | null | undefined {
  const key = (value ?? "").trim();
  if (key === "") return null;
  return UUID.test(key) ? key.toLowerCase() : undefined;
}

/** A random (version 4) UUID; `crypto.randomUUID` exists only on secure pages, `getRandomValues` everywhere. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
