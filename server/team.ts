// The team endpoints (`/api/team...`): administrators list, invite, re-invite, change the role of and
// remove members, end their sessions and reset their second factors. Every call is checked with Auth
// (the caller's token) and acts on the database through the team RPCs with the caller's own token, so
// the database decides who may and records who did. The service-role key is used for Auth's admin API
// only (invitations, accounts), which no browser may hold: that is why these calls go through the web
// tier. Only GoTrue's documented admin API is used, so this works the same against a hosted project
// and the local backend.
import type { IncomingMessage, ServerResponse } from "node:http";
import { BodyError, readJsonBody, sendJson } from "../shared/http/http-util.ts";
import { validEmail } from "../shared/validation.ts";
import { BASE_HEADERS } from "./security-headers.ts";
import { callApi, RestError } from "./supabase-rest.ts";

export const TEAM_ROLES = ["administrator", "editor"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export type MemberStatus = "invited" | "active" | "banned";

/** A row of public.admin_users, as the team reads it. */
export interface MemberRow {
  id: string;
  email: string | null;
  role: TeamRole;
  created_at: string;
}

/** A row of `team_two_factor()`: whether the member has a verified second factor. */
export interface MemberFactors {
  member_id: string;
  two_factor: boolean;
}

/** What `end_team_membership` answers: whether the account goes too (the team's invitation made it, and it holds nothing else). */
export interface EndedMembership {
  delete_account: boolean;
}

/** The fields of GoTrue's user object the team shows. */
export interface AuthUser {
  id: string;
  email?: string;
  invited_at?: string | null;
  email_confirmed_at?: string | null;
  banned_until?: string | null;
  last_sign_in_at?: string | null;
}

export interface Member {
  id: string;
  email: string | null;
  role: TeamRole;
  status: MemberStatus;
  invited_at: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  /** Has a verified second factor. */
  two_factor: boolean;
}

export const MEMBER_COLUMNS = "id,email,role,created_at";
export const MESSAGES = {
  signIn: "Sign in to manage the team",
  administratorsOnly: "Only administrators manage the team",
  alreadyMember: "This address is already a member of the team",
  alreadyAccepted: "This member has already accepted the invitation",
  noSuchMember: "No such member",
  badEmail: "Enter a valid email address",
  badRole: "Role must be administrator or editor",
  unavailable: "The team cannot be reached right now. Please try again in a moment.",
} as const;

const BODY_LIMIT = 16 * 1024;
const MAX_EMAIL_LENGTH = 320;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const checkEmail = validEmail(MESSAGES.badEmail);
const DEFAULT_TIMEOUT_MS = 10_000;
/** Users read per page when looking one up by address. */
const USERS_PER_PAGE = 200;

/** PostgREST as one caller: a user's token with the anon key, or the service role. */
export class TeamRest {
  constructor(
    private readonly url: string,
    private readonly apikey: string,
    private readonly bearer: string,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}

  rpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
    return this.#call(`/rpc/${name}`, "POST", args) as Promise<T>;
  }

  /** Rows of `table` matching `query` (PostgREST's query string); writes return the rows written. */
  async rows<T>(method: "GET" | "POST" | "PATCH" | "DELETE", table: string, query: string, body?: unknown): Promise<T[]> {
    return ((await this.#call(`/${table}?${query}`, method, body, method === "GET" ? {} : { Prefer: "return=representation" })) ?? []) as T[];
  }

  #call(path: string, method: string, body?: unknown, headers: Record<string, string> = {}): Promise<unknown> {
    return callApi(`${this.url}/rest/v1${path}`, { method, apikey: this.apikey, bearer: this.bearer, body, headers, timeoutMs: this.timeoutMs });
  }
}

/** GoTrue's admin API (`/auth/v1/invite`, `/auth/v1/admin/users`), with the service-role key. */
export class AuthAdminApi {
  constructor(
    private readonly url: string,
    private readonly serviceRoleKey: string,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}

  /** Invites `email`, or sends an unconfirmed invitee a new link (the last one stops working). */
  async invite(email: string, redirectTo: string): Promise<AuthUser> {
    return (await this.#call(`/invite?${new URLSearchParams({ redirect_to: redirectTo })}`, "POST", { email })) as AuthUser;
  }

  async user(id: string): Promise<AuthUser | null> {
    try {
      return (await this.#call(`/admin/users/${encodeURIComponent(id)}`)) as AuthUser;
    } catch (error) {
      if (error instanceof RestError && error.status === 404) return null;
      throw error;
    }
  }

  /** The account with this address, if any (GoTrue has no lookup by address: pages are read). */
  async findByEmail(email: string): Promise<AuthUser | null> {
    const wanted = email.toLowerCase();
    for (let page = 1; ; page++) {
      // `filter` narrows the pages where GoTrue supports it; the address is matched exactly here.
      const query = new URLSearchParams({ page: String(page), per_page: String(USERS_PER_PAGE), filter: wanted });
      const { users } = (await this.#call(`/admin/users?${query}`)) as { users: AuthUser[] };
      const found = users.find((user) => user.email?.toLowerCase() === wanted);
      if (found) return found;
      if (users.length < USERS_PER_PAGE) return null;
    }
  }

  /** Deletes the account: its sessions and refresh tokens end. An account already gone is fine. */
  async deleteUser(id: string): Promise<void> {
    try {
      await this.#call(`/admin/users/${encodeURIComponent(id)}`, "DELETE");
    } catch (error) {
      if (!(error instanceof RestError && error.status === 404)) throw error;
    }
  }

  #call(path: string, method = "GET", body?: unknown): Promise<unknown> {
    return callApi(`${this.url}/auth/v1${path}`, { method, apikey: this.serviceRoleKey, bearer: this.serviceRoleKey, body, timeoutMs: this.timeoutMs });
  }
}

/** Invited while the invitation is open; banned while a ban lasts; else active. */
export function memberStatus(user: AuthUser | null, now = Date.now()): MemberStatus {
  if (user?.invited_at && !user.email_confirmed_at) return "invited";
  if (user?.banned_until && new Date(user.banned_until).getTime() > now) return "banned";
  return "active";
}

export function toMember(row: MemberRow, user: AuthUser | null, twoFactor: boolean): Member {
  return {
    id: row.id,
    email: user?.email ?? row.email,
    role: row.role,
    status: memberStatus(user),
    invited_at: user?.invited_at ?? null,
    last_sign_in_at: user?.last_sign_in_at ?? null,
    created_at: row.created_at,
    two_factor: twoFactor,
  };
}

/** Where an invitation's link leads: the back office's page for choosing a password. */
export function invitationRedirect(siteUrl: string): string {
  return new URL("/admin/update-password?invited=1", siteUrl).toString();
}

/**
 * Makes `email` a member with `add`: an address without an account is invited first, and its new
 * account deleted again when `add` fails, so no half-made member stays. An existing account is added
 * as it is. A duplicate (someone added the address meanwhile) keeps the account: it is theirs.
 * `add` learns whether the invitation made the account, which the membership records: removing the
 * member deletes only such an account.
 */
export async function addMemberByEmail(auth: AuthAdminApi, email: string, redirectTo: string, add: (user: AuthUser, createdAccount: boolean) => Promise<MemberRow>): Promise<{ row: MemberRow; user: AuthUser; invited: boolean }> {
  const existing = await auth.findByEmail(email);
  if (existing) return { row: await add(existing, false), user: existing, invited: false };
  const user = await auth.invite(email, redirectTo);
  try {
    return { row: await add(user, true), user, invited: true };
  } catch (error) {
    if (!isDuplicate(error)) await auth.deleteUser(user.id);
    throw error;
  }
}

/** The database's "No such member" (SQLSTATE P0002). */
export function isNoSuchMember(error: unknown): boolean {
  return error instanceof RestError && errorField(error.body, "code") === "P0002";
}

/** PostgREST's refusal of a second row for the same member (SQLSTATE 23505). */
export function isDuplicate(error: unknown): boolean {
  return error instanceof RestError && errorField(error.body, "code") === "23505";
}

/** The message of a refusal from PostgREST (`message`) or Auth (`msg`). */
export function refusalMessage(error: RestError): string {
  return errorField(error.body, "message") ?? errorField(error.body, "msg") ?? `HTTP ${error.status}`;
}

function errorField(body: unknown, field: string): string | undefined {
  const value = body && typeof body === "object" ? (body as Record<string, unknown>)[field] : undefined;
  return typeof value === "string" ? value : undefined;
}

export class TeamError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** What the database's refusals (SQLSTATE) mean to the caller. */
const SQLSTATE_STATUS = new Map<string, number>([
  ["42501", 403],
  ["RC403", 403],
  ["RC412", 409],
  ["P0002", 404],
  ["22023", 400],
  ["23505", 409],
]);

function databaseRefusal(error: RestError): TeamError | null {
  const code = errorField(error.body, "code");
  const status = code === undefined ? undefined : SQLSTATE_STATUS.get(code);
  if (status !== undefined) return new TeamError(status, refusalMessage(error), code);
  // PostgREST refuses an expired or foreign token itself.
  if (error.status === 401) return new TeamError(401, MESSAGES.signIn);
  return null;
}

/** Auth's own refusals of an invitation (an address it will not take, its mail rate limit), passed on. */
function authRefusal(error: RestError): TeamError | null {
  const code = errorField(error.body, "error_code");
  if (code === undefined || ![400, 422, 429].includes(error.status)) return null;
  return new TeamError(error.status === 429 ? 429 : 400, refusalMessage(error), code);
}

interface Caller {
  id: string;
  rest: TeamRest;
}

type Action = "list" | "invite" | "resend" | "setRole" | "remove" | "endSessions" | "resetFactors";
type Route = { action: Action; id: string | null; hasBody: boolean } | { status: 404 } | { status: 405; allow: string };

/** Which action a method and path name, or why none. */
function route(method: string, pathname: string): Route {
  const parts = pathname.split("/").slice(3);
  const pick = (allowed: Partial<Record<string, Omit<Extract<Route, { action: Action }>, "id">>>, id: string | null = null): Route => {
    const found = allowed[method];
    return found ? { ...found, id } : { status: 405, allow: Object.keys(allowed).join(", ") };
  };
  if (parts.length === 0) return pick({ GET: { action: "list", hasBody: false } });
  if (parts.length === 1 && parts[0] === "invitations") return pick({ POST: { action: "invite", hasBody: true } });
  const id = parts[0] ?? "";
  if (!UUID.test(id)) return { status: 404 };
  if (parts.length === 1) return pick({ PATCH: { action: "setRole", hasBody: true }, DELETE: { action: "remove", hasBody: false } }, id.toLowerCase());
  if (parts.length === 2 && parts[1] === "invitation") return pick({ POST: { action: "resend", hasBody: false } }, id.toLowerCase());
  if (parts.length === 2 && parts[1] === "factors") return pick({ DELETE: { action: "resetFactors", hasBody: false } }, id.toLowerCase());
  if (parts.length === 3 && parts[1] === "sessions" && parts[2] === "end") return pick({ POST: { action: "endSessions", hasBody: false } }, id.toLowerCase());
  return { status: 404 };
}

export function isTeamPath(pathname: string): boolean {
  return pathname === "/api/team" || pathname.startsWith("/api/team/");
}

export interface TeamSettings {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  siteUrl: string;
  log: (line: string) => void;
}

type Answer = { status: number; body?: unknown };

/** The `/api/team...` handler of the web tier. */
export function teamEndpoints(settings: TeamSettings): (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<void> {
  const auth = new AuthAdminApi(settings.url, settings.serviceRoleKey);
  const redirectTo = invitationRedirect(settings.siteUrl);

  async function callerOf(req: IncomingMessage): Promise<Caller> {
    // A JWT's characters only: anything else could not be sent on as a header.
    const token = /^Bearer\s+([\w.~+/=-]+)$/i.exec(req.headers.authorization ?? "")?.[1];
    if (!token) throw new TeamError(401, MESSAGES.signIn);
    let user: AuthUser;
    try {
      user = (await callApi(`${settings.url}/auth/v1/user`, { apikey: settings.anonKey, bearer: token, timeoutMs: DEFAULT_TIMEOUT_MS })) as AuthUser;
    } catch (error) {
      if (error instanceof RestError && error.status < 500) throw new TeamError(401, MESSAGES.signIn);
      throw error;
    }
    if (typeof user?.id !== "string") throw new TeamError(401, MESSAGES.signIn);
    return { id: user.id, rest: new TeamRest(settings.url, settings.anonKey, token) };
  }

  async function requireAdministrator(caller: Caller): Promise<void> {
    const [own] = await caller.rest.rows<{ role: string }>("GET", "admin_users", `select=role&id=eq.${caller.id}`);
    if (own?.role !== "administrator") throw new TeamError(403, MESSAGES.administratorsOnly);
  }

  async function memberRow(caller: Caller, id: string): Promise<MemberRow> {
    const [row] = await caller.rest.rows<MemberRow>("GET", "admin_users", `select=${MEMBER_COLUMNS}&id=eq.${id}`);
    if (!row) throw new TeamError(404, MESSAGES.noSuchMember);
    return row;
  }

  /** Who of the team has a verified second factor (administrators only, as the rest). */
  async function twoFactorOf(caller: Caller): Promise<Map<string, boolean>> {
    const rows = await caller.rest.rpc<MemberFactors[]>("team_two_factor", {});
    return new Map(rows.map((row) => [row.member_id, row.two_factor]));
  }

  async function memberOf(caller: Caller, row: MemberRow, user: AuthUser | null): Promise<Member> {
    return toMember(row, user, (await twoFactorOf(caller)).get(row.id) ?? false);
  }

  const actions: Record<Action, (caller: Caller, id: string | null, body: Record<string, unknown>) => Promise<Answer>> = {
    async list(caller) {
      await requireAdministrator(caller);
      const rows = await caller.rest.rows<MemberRow>("GET", "admin_users", `select=${MEMBER_COLUMNS}&order=created_at.asc,id.asc`);
      const [users, twoFactor] = await Promise.all([Promise.all(rows.map((row) => auth.user(row.id))), twoFactorOf(caller)]);
      return { status: 200, body: { me: caller.id, members: rows.map((row, index) => toMember(row, users[index]!, twoFactor.get(row.id) ?? false)) } };
    },

    async invite(caller, _id, body) {
      const email = emailOf(body);
      const role = roleOf(body);
      await requireAdministrator(caller);
      const { row, user } = await addMemberByEmail(auth, email, redirectTo, (account, createdAccount) =>
        caller.rest.rpc<MemberRow>("add_team_member", { member_id: account.id, member_email: email, member_role: role, created_account: createdAccount }),
      );
      return { status: 201, body: { member: await memberOf(caller, row, user) } };
    },

    async resend(caller, id) {
      await requireAdministrator(caller);
      const row = await memberRow(caller, id!);
      const user = await auth.user(id!);
      if (!user?.email || memberStatus(user) !== "invited") throw new TeamError(409, MESSAGES.alreadyAccepted);
      return { status: 200, body: { member: await memberOf(caller, row, await auth.invite(user.email, redirectTo)) } };
    },

    async setRole(caller, id, body) {
      const role = roleOf(body);
      const row = await caller.rest.rpc<MemberRow>("set_team_role", { member_id: id, member_role: role });
      return { status: 200, body: { member: await memberOf(caller, row, await auth.user(id!)) } };
    },

    /** The membership ends with the member's sessions; the account goes only when the team's invitation made it. */
    async remove(caller, id) {
      const ended = await caller.rest.rpc<EndedMembership>("end_team_membership", { member_id: id });
      if (ended.delete_account) await auth.deleteUser(id!);
      return { status: 204 };
    },

    async endSessions(caller, id) {
      return { status: 200, body: await caller.rest.rpc<{ sessions_ended: number }>("end_team_member_sessions", { member_id: id }) };
    },

    /** Every second factor of the member goes, and their sessions end: they sign in with their password and enrol again. */
    async resetFactors(caller, id) {
      return { status: 200, body: await caller.rest.rpc<{ factors_removed: number; sessions_ended: number }>("reset_team_member_factors", { member_id: id }) };
    },
  };

  return async function handle(req, res, pathname) {
    const send = ({ status, body }: Answer, headers: Record<string, string> = {}) => {
      const all = { ...BASE_HEADERS, "Cache-Control": "no-store", ...headers };
      if (body === undefined) res.writeHead(status, all).end();
      else sendJson(res, status, body, all);
    };
    const found = route(req.method ?? "GET", pathname);
    if ("status" in found) {
      req.resume();
      if (found.status === 405) return send({ status: 405, body: { message: `Use ${found.allow}` } }, { Allow: found.allow });
      return send({ status: 404, body: { message: "Not found" } });
    }
    try {
      const body = found.hasBody ? await readJsonBody(req, BODY_LIMIT) : (req.resume(), null);
      const caller = await callerOf(req);
      send(await actions[found.action](caller, found.id, isObject(body) ? body : {}));
    } catch (error) {
      send(failure(error, settings.log, `${req.method} ${pathname}`));
    }
  };
}

/** A thrown error as an answer: the caller's mistakes and the database's refusals say what they are. */
function failure(error: unknown, log: (line: string) => void, request: string): Answer {
  if (error instanceof BodyError) return { status: error.status, body: { message: error.status === 413 ? "The request body must be at most 16 KB" : error.message } };
  const known = error instanceof TeamError ? error : error instanceof RestError ? (databaseRefusal(error) ?? authRefusal(error)) : null;
  if (known) return { status: known.status, body: { message: known.message, ...(known.code ? { code: known.code } : {}) } };
  log(`[team] ${request} failed: ${error instanceof RestError ? `${error.status} ${JSON.stringify(error.body)}` : error instanceof Error ? error.message : String(error)}`);
  return { status: 503, body: { message: MESSAGES.unavailable } };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The address as Auth stores it (trimmed, lower case), or null when it is not one. */
export function normalEmail(value: unknown): string | null {
  const email = typeof value === "string" ? value.trim().toLowerCase() : "";
  return email === "" || email.length > MAX_EMAIL_LENGTH || checkEmail(email) !== undefined ? null : email;
}

function emailOf(body: Record<string, unknown>): string {
  const email = normalEmail(body.email);
  if (email === null) throw new TeamError(400, MESSAGES.badEmail);
  return email;
}

function roleOf(body: Record<string, unknown>): TeamRole {
  const role = body.role;
  if (typeof role !== "string" || !(TEAM_ROLES as readonly string[]).includes(role)) throw new TeamError(400, MESSAGES.badRole);
  return role as TeamRole;
}
