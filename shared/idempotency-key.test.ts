import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY_FIELD, MALFORMED_IDEMPOTENCY_KEY, formIdempotencyKey, newIdempotencyKey } from "./idempotency-key.ts";

describe("a form post's idempotency key", () => {
  it("is a version 4 UUID, a new one each time", () => {
    const keys = Array.from({ length: 100 }, newIdempotencyKey);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(100);
  });

  it("is read from a post as sent (any case, spaces around), absent as null, anything else as malformed", () => {
    const key = newIdempotencyKey();
    expect(formIdempotencyKey(key)).toBe(key);
    expect(formIdempotencyKey(` ${key.toUpperCase()} `)).toBe(key);
    expect([formIdempotencyKey(null), formIdempotencyKey(undefined), formIdempotencyKey("  ")]).toEqual([null, null, null]);
    for (const bad of ["1", `${key}0`, `0${key}`, key.replace(/-/g, ""), `{${key}}`, "'; drop table form_submissions; --"]) expect(formIdempotencyKey(bad)).toBeUndefined();
  });

  it("travels in the field idempotency-key, and a malformed one is answered with an example", () => {
    expect(IDEMPOTENCY_KEY_FIELD).toBe("idempotency-key");
    expect(MALFORMED_IDEMPOTENCY_KEY).toBe("The form's idempotency-key must be a UUID such as 5f0c4a1e-8d2b-4c3a-9e7f-1b2c3d4e5f60");
  });
});
