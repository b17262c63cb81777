import { afterEach, describe, expect, it, vi } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { createTeamApi, SIGN_IN_TO_MANAGE, TeamApiError, TEAM_UNREACHABLE } from "./team-api.ts";

// How the Team screen calls the web tier: the request each function makes and how answers and
// refusals come back. The endpoints themselves are tested with the web tier.

const BASE = "http://localhost/api/team";

function clientWith(accessToken: string | null): SupabaseClient {
  const session = accessToken ? { access_token: accessToken } : null;
  return { auth: { getSession: () => Promise.resolve({ data: { session }, error: null }) } } as unknown as SupabaseClient;
}

function answer(status: number, body?: unknown) {
  return vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the team endpoints' client", () => {
  it("sends the session's access token and JSON, and returns the member", async () => {
    const member = { id: "m1", email: "x@y.com", role: "editor", status: "invited" };
    const fetch = answer(201, { member });
    vi.stubGlobal("fetch", fetch);
    const api = createTeamApi(clientWith("token-1"), BASE);
    await expect(api.invite("x@y.com", "editor")).resolves.toEqual(member);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${BASE}/invitations`);
    expect(init).toMatchObject({ method: "POST", body: JSON.stringify({ email: "x@y.com", role: "editor" }) });
    expect(new Headers(init!.headers).get("Authorization")).toBe("Bearer token-1");
    expect(new Headers(init!.headers).get("Content-Type")).toBe("application/json");
  });

  it("addresses a member by id for a new invitation, a role and a removal", async () => {
    const fetch = vi.fn((_url: string, init?: RequestInit) => Promise.resolve(init?.method === "DELETE" ? new Response(null, { status: 204 }) : Response.json({ member: { id: "m/1" } })));
    vi.stubGlobal("fetch", fetch);
    const api = createTeamApi(clientWith("t"), BASE);
    await api.resendInvitation("m/1");
    await api.setRole("m/1", "administrator");
    await expect(api.remove("m/1")).resolves.toBeUndefined();
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      `POST ${BASE}/m%2F1/invitation`,
      `PATCH ${BASE}/m%2F1`,
      `DELETE ${BASE}/m%2F1`,
    ]);
  });

  it("a refusal carries the endpoint's message and status", async () => {
    vi.stubGlobal("fetch", answer(403, { message: "You cannot remove yourself: ask another administrator", code: "RC403" }));
    const failure = await createTeamApi(clientWith("t"), BASE)
      .remove("me")
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TeamApiError);
    expect(failure).toMatchObject({ message: "You cannot remove yourself: ask another administrator", status: 403, code: "RC403" });
  });

  it("no session, or no server, is said in words without a request or a stack", async () => {
    const fetch = answer(200, { me: "a", members: [] });
    vi.stubGlobal("fetch", fetch);
    await expect(createTeamApi(clientWith(null), BASE).list()).rejects.toMatchObject({ message: SIGN_IN_TO_MANAGE, status: 401 });
    expect(fetch).not.toHaveBeenCalled();
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    await expect(createTeamApi(clientWith("t"), BASE).list()).rejects.toMatchObject({ message: TEAM_UNREACHABLE, status: 0 });
  });
});
