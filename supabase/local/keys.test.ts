import { SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkBearer, verifyJwt } from "./keys.ts";

const SECRET = "a-secret-of-this-test-backend-0000000000";
const sign = (secret: string, expiresInSeconds: number) =>
  new SignJWT({ sub: "0b9f3c1e-5d2a-4c55-9b1e-2f8d7a6c4e10", role: "authenticated" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
    .sign(new TextEncoder().encode(secret));

afterEach(() => void vi.useRealTimers());

describe("tokens verified once per request stream", () => {
  it("a token accepted before is refused once it has expired, as a bearer and as a key", async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 26, 12), toFake: ["Date"] });
    const token = await sign(SECRET, 60);
    expect(await verifyJwt(SECRET, token)).toMatchObject({ role: "authenticated" });
    expect(await checkBearer(SECRET, `Bearer ${token}`)).toEqual({ ok: true, claims: expect.objectContaining({ role: "authenticated" }) });
    vi.setSystemTime(Date.UTC(2026, 10, 26, 12, 1, 1));
    expect(await verifyJwt(SECRET, token)).toBeNull();
    expect(await checkBearer(SECRET, `Bearer ${token}`)).toEqual({ ok: false, expired: true, reason: "JWT expired" });
  });

  it("a token accepted with one secret is not accepted with another", async () => {
    const token = await sign(SECRET, 60);
    expect(await verifyJwt(SECRET, token)).not.toBeNull();
    expect(await verifyJwt("another-secret-of-another-backend-000000", token)).toBeNull();
    expect(await checkBearer("another-secret-of-another-backend-000000", `Bearer ${token}`)).toMatchObject({ ok: false, expired: false });
  });
});
