import type { SupabaseClient } from "@supabase/supabase-js";
import type { Role } from "../lib/auth-provider.ts";

// The web tier's team endpoints (server/team.ts), called on the back office's own origin with the
// signed-in member's access token. The web tier checks the token and acts through the database's
// team functions as the caller, so the database decides who may do what and records it.

export type MemberStatus = "invited" | "active" | "banned";

export interface Member {
  id: string;
  email: string;
  role: Role;
  status: MemberStatus;
  invited_at: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  /** Has a verified authenticator app: sign-in asks for its code. */
  two_factor: boolean;
}

export interface Team {
  /** The caller's own id. */
  me: string;
  members: Member[];
}

/** A refusal or failure of an endpoint, with the message it gave (shown as it is). */
export class TeamApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = "TeamApiError";
  }
}

export const SIGN_IN_TO_MANAGE = "Sign in to manage the team";
export const TEAM_UNREACHABLE = "The server could not be reached. Check your connection and try again.";
const TEAM_FAILED = "The team could not be updated. Try again in a moment.";

export interface TeamApi {
  list(): Promise<Team>;
  invite(email: string, role: Role): Promise<Member>;
  resendInvitation(id: string): Promise<Member>;
  setRole(id: string, role: Role): Promise<Member>;
  remove(id: string): Promise<void>;
  /** Removes a member's authenticator apps and ends their sessions (they sign in with the password, then add one again). */
  resetTwoFactor(id: string): Promise<void>;
  /** Ends every session of a member. */
  endSessions(id: string): Promise<void>;
  /** Whether the team requires two-factor sign-in of every member. */
  twoFactorRequired(): Promise<boolean>;
  setTwoFactorRequired(required: boolean): Promise<void>;
}

export function createTeamApi(client: SupabaseClient, base = "/api/team"): TeamApi {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const { data } = await client.auth.getSession();
    if (!data.session) throw new TeamApiError(SIGN_IN_TO_MANAGE, 401);
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { Authorization: `Bearer ${data.session.access_token}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new TeamApiError(TEAM_UNREACHABLE, 0, error instanceof Error ? error.name : undefined);
    }
    if (response.status === 204) return undefined as T;
    const payload = (await response.json().catch(() => null)) as (T & { message?: unknown; code?: unknown }) | null;
    if (!response.ok) {
      const message = typeof payload?.message === "string" && payload.message ? payload.message : TEAM_FAILED;
      throw new TeamApiError(message, response.status, typeof payload?.code === "string" ? payload.code : undefined);
    }
    if (payload === null) throw new TeamApiError(TEAM_FAILED, response.status);
    return payload;
  }

  const member = (id: string) => `/${encodeURIComponent(id)}`;
  return {
    list: () => call<Team>("GET", ""),
    invite: async (email, role) => (await call<{ member: Member }>("POST", "/invitations", { email, role })).member,
    resendInvitation: async (id) => (await call<{ member: Member }>("POST", `${member(id)}/invitation`)).member,
    setRole: async (id, role) => (await call<{ member: Member }>("PATCH", member(id), { role })).member,
    remove: (id) => call<void>("DELETE", member(id)),
    resetTwoFactor: (id) => call<void>("DELETE", `${member(id)}/factors`),
    endSessions: (id) => call<void>("POST", `${member(id)}/sessions/end`),
    // The setting is the database's own (team_security, set_team_two_factor): no service role needed.
    async twoFactorRequired() {
      const { data, error } = await client.rpc("team_security");
      if (error) throw new TeamApiError(TEAM_FAILED, 500, error.code);
      return (data as { require_two_factor: boolean }).require_two_factor;
    },
    async setTwoFactorRequired(required) {
      const { error } = await client.rpc("set_team_two_factor", { required });
      if (error) throw new TeamApiError(error.message || TEAM_FAILED, error.code === "42501" ? 403 : 400, error.code);
    },
  };
}
