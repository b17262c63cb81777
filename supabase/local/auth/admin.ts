import { randomBytes, randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import type { Database } from "../db/engines.ts";
import { verifyJwt } from "../keys.ts";
import type { LocalMailbox } from "../mailbox.ts";
import { authError, type Serve } from "./responses.ts";
import type { MfaApi } from "./mfa.ts";
import type { Body } from "./requests.ts";
import type { SessionTokens } from "./sessions.ts";

interface AuthAdminDeps {
  db: Database;
  jwtSecret: string;
  mailbox: LocalMailbox;
  siteOrigin: string;
  minimumPasswordLength: number;
  /** Lite's `otp_expiry`: how long it accepts a mailed link after the sent time it reads. */
  emailLinkSeconds: number;
  /** The users' MFA factors, which the admin API lists and removes. */
  factors: Pick<MfaApi, "listFor" | "deleteFor">;
  sessions: Pick<SessionTokens, "withFactors">;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DEFAULT_PER_PAGE = 50;
const TOKEN_COLUMNS = ["confirmation_token", "recovery_token", "email_change", "email_change_token_new", "email_change_token_current", "phone_change", "phone_change_token", "reauthentication_token"];
const NIL_INSTANCE = "00000000-0000-0000-0000-000000000000";
/** How long an invitation link works: a day, so an invitee need not act within the hour. */
const INVITATION_SECONDS = 24 * 3600;

/** `/admin/users/:id` and what is below it: the user's id, and the rest of the path. */
const USER_ROUTE = /^\/admin\/users\/([^/]+)(?:\/(.*))?$/;

/**
 * GoTrue's admin API (`/admin/users`, `/invite`, a user's MFA factors), which lite lacks: what supabase-js's
 * `auth.admin.*` calls, for the service-role key only, with GoTrue's answers and errors. Users are
 * written as lite stores a sign-up; passwords are set through lite itself, so they are hashed as
 * lite's sign-in expects, and users are rendered by lite's own `GET /user`.
 */
export class AuthAdmin {
  constructor(private readonly deps: AuthAdminDeps) {}

  /** Whether `route` (below `/auth/v1`, lower-cased) is one of the admin API's. */
  static serves(route: string): boolean {
    return route === "/invite" || route === "/admin/users" || route.startsWith("/admin/users/");
  }

  async handle(request: Request, route: string, body: Body | null, serve: Serve): Promise<Response> {
    const apikey = request.headers.get("apikey") ?? new URL(request.url).searchParams.get("apikey");
    const keyRole = apikey ? (await verifyJwt(this.deps.jwtSecret, apikey))?.role : undefined;
    // A missing or foreign API key is refused by lite, with the answer every route gets.
    if (keyRole !== "anon" && keyRole !== "service_role") return serve(request);
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
    if (!bearer) return authError(401, "no_authorization", "This endpoint requires a valid Bearer token");
    const claims = await verifyJwt(this.deps.jwtSecret, bearer);
    if (!claims) return authError(403, "bad_jwt", "invalid JWT: unable to parse or verify signature, token signature is invalid");
    if (claims.role !== "service_role") return authError(403, "not_admin", "User not allowed");
    // Lite's own answers (users, password changes) are asked for with the caller's API key.
    const serveLite: Serve = (inner) => {
      inner.headers.set("apikey", apikey!);
      return serve(inner);
    };
    return this.#route(request, route, body, serveLite);
  }

  async #route(request: Request, route: string, body: Body | null, serve: Serve): Promise<Response> {

    const url = new URL(request.url);
    const method = request.method;
    if (route === "/invite" && method === "POST") return this.#invite(url, body ?? {}, serve);
    if (route === "/admin/users" && method === "GET") return this.#list(url, serve);
    if (route === "/admin/users" && method === "POST") return this.#create(body ?? {}, serve);
    const [, id, below] = USER_ROUTE.exec(route) ?? [];
    if (id === undefined) return authError(404, "not_found", "Not Found");
    if (!UUID.test(id)) return authError(404, "validation_failed", "user_id must be an UUID");
    const exists = (await this.deps.db.query("select 1 from auth.users where id = $1", [id])).rows.length > 0;
    if (!exists) return authError(404, "user_not_found", "User not found");
    if (below === undefined) {
      if (method === "GET") return this.#render(id, serve);
      if (method === "PUT") return this.#update(id, body ?? {}, serve);
      if (method === "DELETE") return this.#delete(id);
    }
    if (below === "factors" && method === "GET") return this.deps.factors.listFor(id);
    const factorId = below?.startsWith("factors/") ? below.slice("factors/".length) : undefined;
    if (factorId !== undefined && !factorId.includes("/") && method === "DELETE") return this.deps.factors.deleteFor(id, factorId);
    return authError(404, "not_found", "Not Found");
  }

  async #list(url: URL, serve: Serve): Promise<Response> {
    const page = pageParameter(url.searchParams.get("page"), 1);
    const perPage = pageParameter(url.searchParams.get("per_page"), DEFAULT_PER_PAGE);
    if (page === null || perPage === null) return authError(400, "validation_failed", "Bad Pagination Parameters: strconv.ParseUint: invalid syntax");
    const filter = url.searchParams.get("filter") ?? "";
    const where = "aud = 'authenticated' and ($1 = '' or email ilike '%' || $1 || '%')";
    const [{ total }] = (await this.deps.db.query<{ total: number }>(`select count(*)::int as total from auth.users where ${where}`, [filter])).rows as [{ total: number }];
    const { rows } = await this.deps.db.query<{ id: string }>(`select id from auth.users where ${where} order by created_at desc, id limit $2 offset $3`, [
      filter,
      perPage,
      Math.max(0, page - 1) * perPage,
    ]);
    const users = await Promise.all(rows.map((row) => this.#user(row.id, serve)));
    const lastPage = Math.ceil(total / Math.max(perPage, 1));
    const link = (n: number) => {
      const target = new URL(url);
      target.searchParams.set("page", String(n));
      return `<${target.pathname}${target.search}>`;
    };
    const links = [...(lastPage > page ? [`${link(page + 1)}; rel="next"`] : []), `${link(lastPage)}; rel="last"`];
    return Response.json({ users, aud: "authenticated" }, { headers: { "X-Total-Count": String(total), Link: links.join(", ") } });
  }

  async #create(body: Body, serve: Serve): Promise<Response> {
    const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
    if (!email && !body.phone) return authError(400, "validation_failed", "Cannot create a user without either an email or phone");
    if (!email) return authError(422, "phone_provider_disabled", "Phone signups are disabled");
    const refused = (await this.#checkEmail(email, null)) ?? this.#checkPassword(body.password);
    if (refused) return refused;
    const id = typeof body.id === "string" && body.id !== "" ? body.id : randomUUID();
    if (!UUID.test(id)) return authError(400, "validation_failed", "ID must conform to the uuid v4 format");
    const confirmed = body.email_confirm === true;
    await this.#insertUser(id, email, {
      confirmed,
      userMetadata: objectOr(body.user_metadata),
      appMetadata: objectOr(body.app_metadata),
    });
    const password = typeof body.password === "string" && body.password !== "" ? body.password : null;
    if (password) {
      const set = await this.#setPassword(id, password, serve);
      if (!set.ok) {
        await this.#removeUser(id);
        return set;
      }
    }
    return this.#render(id, serve);
  }

  /**
   * GoTrue's invite: a new address gets an unconfirmed user; an unconfirmed one is sent a new link
   * (the last one stops working); a confirmed one is refused. The link is a one-time sign-in that
   * confirms the address (verified by its confirmation_token). The token is random, not the digest
   * of a 6-digit code as lite's are, so no code accepts an invitation; the mailbox puts a link token
   * of its own in the link (auth/email-verification.ts). Lite judges a link's age by
   * confirmation_sent_at against its one-hour `otp_expiry`; an invitation must hold 24 hours, so its
   * sent time is stored that much later (`#user` reports the real one).
   */
  async #invite(url: URL, body: Body, serve: Serve): Promise<Response> {
    const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
    if (!EMAIL.test(email)) return authError(400, "validation_failed", "Unable to validate email address: invalid format");
    const [existing] = (
      await this.deps.db.query<{ id: string; confirmed: boolean }>("select id, email_confirmed_at is not null as confirmed from auth.users where lower(email) = $1", [email])
    ).rows;
    if (existing?.confirmed) return authError(422, "email_exists", "A user with this email address has already been registered");
    const confirmationToken = randomBytes(32).toString("hex");
    const id = existing?.id ?? randomUUID();
    const heldFor = INVITATION_SECONDS - this.deps.emailLinkSeconds;
    if (existing) {
      await this.deps.db.query(
        "update auth.users set confirmation_token = $2, confirmation_sent_at = now() + make_interval(secs => $3), invited_at = now(), updated_at = now() where id = $1",
        [id, confirmationToken, heldFor],
      );
    } else {
      await this.#insertUser(id, email, { confirmed: false, userMetadata: objectOr(body.data), appMetadata: {}, invitation: { confirmationToken, heldFor } });
    }
    const requested = url.searchParams.get("redirect_to") ?? (typeof body.redirect_to === "string" ? body.redirect_to : null);
    const redirectTo = requested && URL.canParse(requested) && new URL(requested).origin === this.deps.siteOrigin ? requested : this.deps.siteOrigin;
    const link = new URL("/auth/v1/verify", url.origin);
    link.search = new URLSearchParams({ token: confirmationToken, type: "invite", redirect_to: redirectTo }).toString();
    const href = link.toString();
    await this.deps.mailbox.send({
      to: email,
      subject: "You have been invited",
      text: `You have been invited to create a user on ${this.deps.siteOrigin}. Follow this link to accept the invite: ${href}`,
      html: `<h2>You have been invited</h2><p>You have been invited to create a user on ${this.deps.siteOrigin}. Follow this link to accept the invite:</p><p><a href="${href.replaceAll("&", "&amp;")}">Accept the invite</a></p>`,
    });
    return this.#render(id, serve);
  }

  async #update(id: string, body: Body, serve: Serve): Promise<Response> {
    const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : null;
    const refused = (email !== null ? await this.#checkEmail(email, id) : null) ?? (body.password !== undefined ? this.#checkPassword(body.password) : null);
    if (refused) return refused;
    let bannedUntil: Date | null | undefined;
    if (typeof body.ban_duration === "string") {
      bannedUntil = body.ban_duration === "none" ? null : banEnd(body.ban_duration);
      if (bannedUntil === undefined) return authError(400, "validation_failed", `invalid format for ban duration: time: invalid duration "${body.ban_duration}"`);
    }
    await this.deps.db.transaction(async (tx) => {
      if (email !== null) {
        await tx.query("update auth.users set email = $2, updated_at = now() where id = $1", [id, email]);
        await tx.query(
          "update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now() where user_id = $1 and provider = 'email'",
          [id, email],
        );
      }
      if (body.email_confirm === true) await tx.query("update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1", [id]);
      // GoTrue merges metadata: listed keys are set, a null value removes its key.
      for (const [field, column] of [
        ["user_metadata", "raw_user_meta_data"],
        ["app_metadata", "raw_app_meta_data"],
      ] as const) {
        const patch = body[field];
        if (!patch || typeof patch !== "object" || Array.isArray(patch)) continue;
        await tx.query(
          `update auth.users set ${column} = jsonb_strip_nulls(coalesce(${column}, '{}'::jsonb) || $2::jsonb), updated_at = now() where id = $1`,
          [id, JSON.stringify(patch)],
        );
      }
      if (bannedUntil !== undefined) await tx.query("update auth.users set banned_until = $2, updated_at = now() where id = $1", [id, bannedUntil?.toISOString() ?? null]);
    });
    if (typeof body.password === "string") {
      const set = await this.#setPassword(id, body.password, serve);
      if (!set.ok) return set;
    }
    return this.#render(id, serve);
  }

  async #delete(id: string): Promise<Response> {
    await this.#removeUser(id);
    return Response.json({});
  }

  async #removeUser(id: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await tx.query("delete from auth.refresh_tokens where user_id::text = $1", [id]);
      await tx.query("delete from auth.sessions where user_id = $1", [id]);
      await tx.query("delete from auth.identities where user_id = $1", [id]);
      await tx.query("delete from auth.users where id = $1", [id]);
    });
  }

  async #checkEmail(email: string, exceptId: string | null): Promise<Response | null> {
    if (!EMAIL.test(email)) return authError(400, "validation_failed", "Unable to validate email address: invalid format");
    const taken = await this.deps.db.query("select 1 from auth.users where lower(email) = $1 and ($2::uuid is null or id <> $2::uuid)", [email, exceptId]);
    return taken.rows.length > 0 ? authError(422, "email_exists", "A user with this email address has already been registered") : null;
  }

  #checkPassword(password: unknown): Response | null {
    if (password === undefined || password === null || password === "") return null;
    if (typeof password !== "string") return authError(400, "bad_json", "Could not parse request body as JSON: json: cannot unmarshal into Go struct field .password of type string");
    if (password.length >= this.deps.minimumPasswordLength) return null;
    return Response.json(
      { code: 422, error_code: "weak_password", msg: `Password should be at least ${this.deps.minimumPasswordLength} characters.`, weak_password: { reasons: ["length"] } },
      { status: 422, headers: { "X-Sb-Error-Code": "weak_password" } },
    );
  }

  /** Written as lite writes a sign-up, and as GoTrue reads rows: the nil instance, token columns empty. */
  async #insertUser(id: string, email: string, options: { confirmed: boolean; userMetadata: Body; appMetadata: Body; invitation?: { confirmationToken: string; heldFor: number } }): Promise<void> {
    const identity = { sub: id, email, email_verified: options.confirmed, phone_verified: false };
    await this.deps.db.transaction(async (tx) => {
      await tx.query(
        `insert into auth.users (
           instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, confirmation_token, confirmation_sent_at,
           raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
           recovery_token, email_change, email_change_token_new, email_change_token_current, phone_change, phone_change_token, reauthentication_token
         ) values ($1, $2, 'authenticated', 'authenticated', $3, '', case when $4::boolean then now() end, case when $5::text is not null then now() end,
                   coalesce($5::text, ''), case when $5::text is not null then now() + make_interval(secs => $8) end, $6::jsonb, $7::jsonb, now(), now(), '', '', '', '', '', '', '')`,
        [
          NIL_INSTANCE,
          id,
          email,
          options.confirmed,
          options.invitation?.confirmationToken ?? null,
          JSON.stringify({ ...options.appMetadata, provider: "email", providers: ["email"] }),
          JSON.stringify({ ...identity, ...options.userMetadata }),
          options.invitation?.heldFor ?? 0,
        ],
      );
      await tx.query("insert into auth.identities (id, provider, provider_id, user_id, identity_data, created_at, updated_at) values ($1, 'email', $2::text, $2::uuid, $3::jsonb, now(), now())", [
        randomUUID(),
        id,
        JSON.stringify(identity),
      ]);
    });
  }

  /** Lite hashes and stores the password as its own `PUT /user` does, for a token of that user. */
  async #setPassword(id: string, password: string, serve: Serve): Promise<Response> {
    const response = await serve(
      new Request("http://localhost/auth/v1/user", {
        method: "PUT",
        headers: { Authorization: `Bearer ${await this.#userToken(id)}`, "Content-Type": "application/json" },
        body: JSON.stringify({ password }),
      }),
    );
    // Lite refuses a password equal to the current one; for an admin that is simply done.
    if (response.status === 422 && ((await response.clone().json()) as Body).error_code === "same_password") return Response.json({});
    if (response.ok) {
      // Lite clears the reset token to NULL; GoTrue reads token columns as strings.
      await this.deps.db.query(
        `update auth.users set ${TOKEN_COLUMNS.map((column) => `${column} = coalesce(${column}, '')`).join(", ")} where id = $1`,
        [id],
      );
    }
    return response;
  }

  async #render(id: string, serve: Serve): Promise<Response> {
    return Response.json(await this.#user(id, serve));
  }

  async #user(id: string, serve: Serve): Promise<Body> {
    const response = await serve(new Request("http://localhost/auth/v1/user", { headers: { Authorization: `Bearer ${await this.#userToken(id)}` } }));
    if (!response.ok) throw new Error(`lite answered ${response.status} reading user ${id}`);
    const [row] = (
      await this.deps.db.query<{ invited_at: string | null; banned_until: string | null; held: boolean }>(
        "select invited_at, banned_until, coalesce(confirmation_sent_at > now(), false) as held from auth.users where id = $1",
        [id],
      )
    ).rows;
    const user = await this.deps.sessions.withFactors((await response.json()) as Body);
    const iso = (value: string) => new Date(value).toISOString();
    return {
      ...user,
      ...(row?.invited_at ? { invited_at: iso(row.invited_at) } : {}),
      // An invitation's sent time is stored ahead (see #invite); GoTrue sets it with invited_at.
      ...(row?.held && row.invited_at ? { confirmation_sent_at: iso(row.invited_at) } : {}),
      ...(row?.banned_until ? { banned_until: iso(row.banned_until) } : {}),
    };
  }

  /** A short-lived token of the user with no session, which lite accepts for `/user` (as GoTrue does). */
  #userToken(id: string): Promise<string> {
    return new SignJWT({ sub: id, role: "authenticated", aud: "authenticated" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt()
      .setExpirationTime("1m")
      .sign(new TextEncoder().encode(this.deps.jwtSecret));
  }
}

function pageParameter(value: string | null, fallback: number): number | null {
  if (value === null || value === "") return fallback;
  return /^\d+$/.test(value) ? Number(value) : null;
}

function objectOr(value: unknown): Body {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Body) : {};
}

/** A Go duration such as `24h`, `90m` or `1h30m` from now; undefined when it is not one. */
function banEnd(duration: string): Date | undefined {
  const units: Record<string, number> = { h: 3600_000, m: 60_000, s: 1000, ms: 1 };
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join("") !== duration) return undefined;
  return new Date(Date.now() + parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * units[unit!]!, 0));
}
