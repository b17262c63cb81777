import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AdminCheckUnavailableError, createAuthProvider, NotAdminError, TwoFactorNeeded } from "../../backoffice/lib/auth-provider.ts";
import { createDataProvider, type AdminDataProvider, type MediaReplacement, type MediaUpload } from "../../backoffice/lib/data-provider.ts";
import { moveItem } from "../../backoffice/resources/types.ts";
import { publishVersion } from "../../backoffice/resources/whitepaper/versions.ts";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import { absoluteAssetUrl } from "../../shared/images.ts";
import type { MediaAsset } from "../../shared/content-types/media.ts";
import { ADMIN, EDITOR, nodeClient, startTestBackend, USER, type TestBackend } from "../support/backend.ts";
import { tinyPng } from "../support/png.ts";
import { Authenticator, claimsOf, enrollTotp } from "../support/totp.ts";

// The back office's providers (backoffice/lib) against the real local backend: the same supabase-js
// client, ra-supabase data provider, RLS and RPCs the browser uses. No mocked client for data.

/**
 * Route names to tables, as the back office's registry gives them (shared/content-tables.ts); the
 * back office adds each config's noun for messages and publish RPC (backoffice/lib/providers.ts), the
 * blog's noun and the whitepaper's RPC here.
 */
const ROUTES = CONTENT_TABLES.map((entry) =>
  entry.table === "blog_posts" ? { ...entry, noun: "post" } : entry.table === "whitepaper" ? { ...entry, publish: publishVersion } : entry,
);

/** A Storage in memory, as window.localStorage is in the browser. */
class MemoryStorage implements Storage {
  #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
}

let backend: TestBackend;
const clients: SupabaseClient[] = [];

/** The providers over a client that keeps its session in `storage`, as the browser's does. */
function providers() {
  const storage = new MemoryStorage();
  const { client, state } = clientWithFailures(storage);
  const authProvider = createAuthProvider(client, { storage, resetRedirect: () => "http://localhost:5173/admin/update-password" });
  const dataProvider = createDataProvider(client, { url: backend.url, anonKey: backend.anonKey }, ROUTES);
  return { client, storage, authProvider, dataProvider, network: state };
}

async function signedInAdmin(): Promise<{ dataProvider: AdminDataProvider; client: SupabaseClient }> {
  const p = providers();
  await p.authProvider.login({ email: ADMIN.email, password: ADMIN.password });
  return p;
}

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.removeAllChannels()));
  await backend?.stop();
});

/** The supabase-js session the client stores: the admin token. */
function storedSession(storage: Storage): string | null {
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index)!;
    if (key.endsWith("-auth-token")) return storage.getItem(key);
  }
  return null;
}

/**
 * A client over `storage` whose requests can be made to fail with `failure` (a status, or offline), or
 * to wait for `held` before they are sent.
 */
function clientWithFailures(storage: Storage) {
  const state: { failure: null | "offline" | number; matching: RegExp; held: Promise<void> | null; holding: number } = { failure: null, matching: /./, held: null, holding: 0 };
  const client = createClient(backend.url, backend.anonKey, {
    auth: { storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
    global: {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        if (state.held && state.matching.test(String(input))) {
          state.holding++;
          await state.held;
        }
        if (state.failure !== null && state.matching.test(String(input))) {
          if (state.failure === "offline") return Promise.reject(new TypeError("Failed to fetch"));
          return Promise.resolve(new Response(JSON.stringify({ message: "Internal error" }), { status: state.failure, headers: { "Content-Type": "application/json" } }));
        }
        return fetch(input, init);
      },
    },
    realtime: { transport: WebSocket as never },
  });
  clients.push(client);
  return { client, state };
}

/** A new member with a password (and no authenticator app yet). */
async function newMember(role: "administrator" | "editor"): Promise<{ id: string; email: string; password: string }> {
  const email = `two-factor-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = "Member12345";
  const { data, error } = await backend.service().auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw error;
  await backend.sql("insert into public.admin_users (id, role) values ($1, $2)", [data.user!.id, role]);
  return { id: data.user!.id, email, password };
}

describe("auth provider: two-factor sign-in against Auth and the database", () => {
  it("a member with an authenticator: the password asks for the code, which the admin check asks too; a wrong code is refused in words, the right one signs in", async () => {
    const member = await newMember("administrator");
    const { authenticator } = await enrollTotp(await backend.signIn(member.email, member.password));
    const { authProvider, client } = providers();
    const needs = await authProvider.login({ email: member.email, password: member.password }).catch((error: unknown) => error);
    expect(needs).toBeInstanceOf(TwoFactorNeeded);
    expect((needs as TwoFactorNeeded).step).toBe("code");
    // Signed in with the password alone: the database refuses the member everything.
    expect(claimsOf((await client.auth.getSession()).data.session!.access_token).aal).toBe("aal1");
    await expect(authProvider.getPermissions?.({})).rejects.toMatchObject({ name: "TwoFactorNeeded", step: "code" });

    const right = await authenticator.nextCode();
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
    await expect(authProvider.login({ code: wrong })).rejects.toThrow("That code is not right. Check your authenticator app and try again.");
    await authProvider.login({ code: right });
    expect(claimsOf((await client.auth.getSession()).data.session!.access_token).aal).toBe("aal2");
    expect(await authProvider.getPermissions?.({})).toEqual({ role: "administrator" });
  });

  it("a check still under way from before the code answers for the session it asked about: the check after the code is a new one", async () => {
    const member = await newMember("editor");
    const { authenticator } = await enrollTotp(await backend.signIn(member.email, member.password));
    const { authProvider, network } = providers();
    await expect(authProvider.login({ email: member.email, password: member.password })).rejects.toBeInstanceOf(TwoFactorNeeded);
    let release!: () => void;
    network.matching = /\/rest\/v1\/rpc\/team_security/;
    network.held = new Promise((done) => (release = done));
    const before = authProvider.getPermissions?.({}).catch((error: unknown) => error);
    // Its two-factor read is on its way, with the session before the code.
    await expect.poll(() => network.holding).toBe(1);
    network.held = null;
    await authProvider.login({ code: await authenticator.nextCode() });
    expect(await authProvider.getPermissions?.({})).toEqual({ role: "editor" });
    release();
    expect(await before).toMatchObject({ name: "TwoFactorNeeded", step: "code" });
  });

  it("when the team requires two-factor, a member without an app signs in to the enrolment step, and is in once the app is added", async () => {
    const administrator = await newMember("administrator");
    const adminSession = await backend.signIn(administrator.email, administrator.password);
    await enrollTotp(adminSession);
    expect((await adminSession.rpc("set_team_two_factor", { required: true })).error).toBeNull();
    try {
      const member = await newMember("editor");
      const { authProvider } = providers();
      await authProvider.login({ email: member.email, password: member.password });
      await expect(authProvider.getPermissions?.({})).rejects.toMatchObject({ name: "TwoFactorNeeded", step: "enrol" });
      const added = await authProvider.twoFactor.enrol("Work phone");
      await authProvider.twoFactor.confirm(added.id, await new Authenticator(added.secret).nextCode());
      expect(await authProvider.getPermissions?.({})).toEqual({ role: "editor" });
      expect((await authProvider.twoFactor.authenticators()).map(({ name, verified }) => ({ name, verified }))).toEqual([{ name: "Work phone", verified: true }]);
    } finally {
      expect((await adminSession.rpc("set_team_two_factor", { required: false })).error).toBeNull();
    }
  });

  it("removing an app takes a current code; Logout ends this session, Sign out everywhere every session", async () => {
    const member = await newMember("editor");
    const { authProvider } = providers();
    await authProvider.login({ email: member.email, password: member.password });
    const added = await authProvider.twoFactor.enrol("Laptop");
    const authenticator = new Authenticator(added.secret);
    await authProvider.twoFactor.confirm(added.id, await authenticator.nextCode());
    await expect(authProvider.twoFactor.remove(added.id, "000000")).rejects.toThrow(/code is not right|Too many attempts/);
    await authProvider.twoFactor.remove(added.id, await authenticator.nextCode());
    expect(await authProvider.twoFactor.authenticators()).toEqual([]);

    const elsewhere = await backend.signIn(member.email, member.password);
    const second = providers();
    await second.authProvider.login({ email: member.email, password: member.password });
    await authProvider.logout(undefined);
    expect((await second.client.auth.getUser()).error).toBeNull();
    expect((await elsewhere.auth.getUser()).error).toBeNull();
    await second.authProvider.logout({ scope: "global" });
    const { data: { session } } = await elsewhere.auth.getSession();
    const refused = await fetch(`${backend.url}/auth/v1/user`, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${session!.access_token}` } });
    expect(refused.status).toBe(403);
  });
});

describe("auth provider: login", () => {
  it("a wrong password gives Invalid email or password", async () => {
    const { authProvider, storage } = providers();
    await expect(authProvider.login({ email: ADMIN.email, password: "Wrong12345" })).rejects.toMatchObject({ message: "Invalid email or password" });
    expect(storedSession(storage)).toBeNull();
  });

  it("a signed-in non-admin gets Access denied. Admin privileges required. and is signed out", async () => {
    const { authProvider, client, storage } = providers();
    await expect(authProvider.login({ email: USER.email, password: USER.password })).rejects.toThrow("Access denied. Admin privileges required.");
    expect((await client.auth.getSession()).data.session).toBeNull();
    expect(storedSession(storage)).toBeNull();
  });

  it("the admin signs in: the stored session (a JWT with a future exp) is the admin token; checkAuth and the admin check pass", async () => {
    const { authProvider, storage } = providers();
    await authProvider.login({ email: ADMIN.email, password: ADMIN.password });
    const stored = JSON.parse(storedSession(storage)!) as { access_token: string; expires_at: number };
    const exp = JSON.parse(Buffer.from(stored.access_token.split(".")[1]!, "base64url").toString()).exp as number;
    expect(exp).toBeGreaterThan(Date.now() / 1000);
    // Lite reads the clock twice, signing the token and then writing the answer's expires_at: a second
    // later when a second turns between the two.
    expect(stored.expires_at - exp).toBeGreaterThanOrEqual(0);
    expect(stored.expires_at - exp).toBeLessThanOrEqual(1);
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(await authProvider.getPermissions?.({})).toEqual({ role: "administrator" });
  });

  it("logout signs out of the backend and clears all storage", async () => {
    const { authProvider, client, storage } = providers();
    await authProvider.login({ email: ADMIN.email, password: ADMIN.password });
    const { access_token } = (await client.auth.getSession()).data.session!;
    storage.setItem("RaStore.something", "kept until logout");
    await authProvider.logout({});
    expect(storage.length).toBe(0);
    expect((await client.auth.getSession()).data.session).toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toBeDefined();
    // Revoked on the server too, not only forgotten here.
    const refused = await fetch(`${backend.url}/auth/v1/user`, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${access_token}` } });
    expect(refused.status).toBe(403);
  });

  it("signed out: checkAuth fails without a request, and there are no permissions (nothing to check)", async () => {
    const { authProvider } = providers();
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: "/login" });
    expect(await authProvider.getPermissions?.({})).toBeNull();
  });

  it("a session of a user who is not an admin fails the admin check: logged, and checkError signs out", async () => {
    const { authProvider, client } = providers();
    await client.auth.signInWithPassword(USER);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = await Promise.resolve(authProvider.getPermissions?.({})).catch((reason: unknown) => reason);
    expect(failure).toBeInstanceOf(NotAdminError);
    expect(error).toHaveBeenCalledWith("Error checking admin status", expect.anything());
    error.mockRestore();
    await expect(authProvider.checkError(failure)).rejects.toMatchObject({ redirectTo: "/login" });
  });

  it.each([
    ["a 500 from the API", 500],
    ["no answer at all (offline)", "offline"],
  ] as const)("a check that got %s is logged, keeps the session, and passes once the API answers", async (_name, failure) => {
    const storage = new MemoryStorage();
    const { client, state } = clientWithFailures(storage);
    const authProvider = createAuthProvider(client, { storage });
    await authProvider.login({ email: ADMIN.email, password: ADMIN.password });
    const before = storedSession(storage);
    state.failure = failure;
    state.matching = /\/rest\/v1\/admin_users|\/auth\/v1\/user/;
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const outcome = await Promise.resolve(authProvider.getPermissions?.({})).catch((reason: unknown) => reason);
    expect(outcome).toBeInstanceOf(AdminCheckUnavailableError);
    expect(error).toHaveBeenCalledWith("Error checking admin status", expect.anything());
    error.mockRestore();
    await expect(authProvider.checkError(outcome)).resolves.toBeUndefined();
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(storedSession(storage)).toBe(before);
    state.failure = null;
    expect(await authProvider.getPermissions?.({})).toEqual({ role: "administrator" });
  });

  it("a check answers for the session it started with: the session leaving storage halfway does not make it read 'not an admin'", async () => {
    const storage = new MemoryStorage();
    const { client, state } = clientWithFailures(storage);
    const authProvider = createAuthProvider(client, { storage });
    await authProvider.login({ email: ADMIN.email, password: ADMIN.password });
    // The server is verifying the session (getUser) when another tab signs out: the tokens go.
    let release = () => {};
    state.held = new Promise((resolve) => (release = resolve));
    state.matching = /\/auth\/v1\/user/;
    const check = Promise.resolve(authProvider.getPermissions?.({})).catch((reason: unknown) => reason);
    await vi.waitFor(() => expect(state.holding).toBe(1));
    storage.removeItem(Array.from({ length: storage.length }, (_, index) => storage.key(index)!).find((key) => key.endsWith("-auth-token"))!);
    expect(storedSession(storage)).toBeNull();
    state.held = null;
    release();
    expect(await check).toEqual({ role: "administrator" });
    // The next check has no session to ask about.
    expect(await authProvider.getPermissions?.({})).toBeNull();
  });

  it("password reset sends a mail whose link leads to /admin/update-password", async () => {
    const { authProvider } = providers();
    await authProvider.resetPassword(ADMIN.email);
    // The backend sends the mail just after answering, so the answer's timing says nothing.
    await backend.backend.settled();
    const mail = backend.backend.mailbox.list()[0];
    expect(mail?.to).toBe(ADMIN.email);
    expect(mail?.link).toMatch(/type=recovery/);
    expect(decodeURIComponent(mail!.link!)).toContain("/admin/update-password");
    // The same outcome for an address without an account: no error to tell them apart.
    await expect(authProvider.resetPassword("nobody@example.com")).resolves.toBeUndefined();
  });
});

describe("data provider: lists through the API", () => {
  it("paginates, sorts and counts on the server (route names map to tables)", async () => {
    const { dataProvider } = await signedInAdmin();
    const page = await dataProvider.getList("blog", { pagination: { page: 1, perPage: 2 }, sort: { field: "created_at", order: "DESC" }, filter: {} });
    expect(page.total).toBe(4);
    expect(page.data).toHaveLength(2);
    expect(page.data[0]!.title).toBe("Draft: How Cartridge Royalties Will Work");
  });

  it("the search box is a case-insensitive substring match, and filters apply", async () => {
    const { dataProvider } = await signedInAdmin();
    const found = await dataProvider.getList("blog", { pagination: { page: 1, perPage: 25 }, sort: { field: "created_at", order: "DESC" }, filter: { q: "fpga PROTO" } });
    expect(found.data.map((row) => row.title)).toEqual(["FPGA Prototype Boots Its First Cartridge"]);
    const drafts = await dataProvider.getList("blog", { pagination: { page: 1, perPage: 25 }, sort: { field: "created_at", order: "DESC" }, filter: { published: false } });
    expect(drafts.total).toBe(1);
    const tricky = await dataProvider.getList("community", { pagination: { page: 1, perPage: 25 }, sort: { field: "created_at", order: "DESC" }, filter: { q: "zz,(qq)*" } });
    expect(tricky.data).toEqual([]);
  });
});

describe("data provider: writes as the admin", () => {
  it("creates a draft video, publishes it with previousData, edits and deletes it", async () => {
    const { dataProvider } = await signedInAdmin();
    const { data: created } = await dataProvider.create("videos", { data: { title: "Provider test", description: "x", category: "Tutorial", thumbnail_url: "", published: false } });
    expect(created.published).toBe(false);
    expect(created.thumbnail_url).toBeNull();
    const { data: published } = await dataProvider.update("videos", { id: created.id, data: { published: true }, previousData: created });
    expect(published.published).toBe(true);
    await dataProvider.delete("videos", { id: created.id, previousData: published });
    await expect(dataProvider.getOne("videos", { id: created.id })).rejects.toMatchObject({ status: 406 });
  });

  it("an update of a whitepaper version's published goes to its RPC (with the version read), which unpublishes the others; a stale one is refused", async () => {
    const { dataProvider } = await signedInAdmin();
    const rpc = vi.spyOn(dataProvider, "rpc");
    const toggle = async (id: string, published: boolean) => {
      const { data: previousData } = await dataProvider.getOne("whitepaper", { id });
      return (await dataProvider.update("whitepaper", { id, data: { published }, previousData })).data;
    };
    const published = await toggle("70000000-0000-4000-8000-000000000002", true);
    expect(published).toMatchObject({ id: "70000000-0000-4000-8000-000000000002", published: true });
    expect(rpc).toHaveBeenCalledWith("publish_whitepaper", { whitepaper_id: published.id, whitepaper_version: published.row_version - 1 });
    const { data } = await dataProvider.getList("whitepaper", { pagination: { page: 1, perPage: 10 }, sort: { field: "created_at", order: "DESC" }, filter: { published: true } });
    expect(data.map((row) => row.version)).toEqual(["1.1"]);
    const stale = await dataProvider.update("whitepaper", { id: published.id, data: { published: false }, previousData: { ...published, row_version: published.row_version - 1 } }).catch((error: unknown) => error);
    expect(stale).toMatchObject({ body: { code: "RC409" } });
    await toggle("70000000-0000-4000-8000-000000000002", false);
    await toggle("70000000-0000-4000-8000-000000000001", true);
  });

  it("moving a stage swaps it with its neighbour in its own category; the first one up does nothing", async () => {
    const { dataProvider } = await signedInAdmin();
    const order = async () =>
      (await dataProvider.getList("progress", { pagination: { page: 1, perPage: 50 }, sort: { field: "order", order: "ASC" }, filter: { category: "token" } })).data.map((row) => row.name);
    const move = async (direction: string) => {
      const { data: stage } = await dataProvider.getOne("progress", { id: "5a000000-0000-4000-8000-000000000012" });
      return dataProvider.rpc("move_stage", { stage_id: stage.id, direction, stage_version: stage.row_version });
    };
    const before = await order();
    expect(await move("up")).toBe(true);
    expect(await order()).toEqual([before[1], before[0], ...before.slice(2)]);
    expect(await move("up")).toBe(false);
    await move("down");
    expect(await order()).toEqual(before);
  });

  const png = (name: string) => new File([new Uint8Array(tinyPng())], name, { type: "image/png" });
  const upload = async (dataProvider: AdminDataProvider, file: File, onProgress?: (fraction: number) => void) =>
    (await dataProvider.create("media", { data: { file } satisfies MediaUpload, meta: { onProgress } })).data as unknown as MediaAsset & { id: string };

  it("media: create uploads media/{random}.{ext}, then writes the row; delete removes the object, then the row", async () => {
    const { dataProvider } = await signedInAdmin();
    const file = png("Logo Final.PNG");
    const progress: number[] = [];
    const asset = await upload(dataProvider, file, (fraction) => progress.push(fraction));
    expect(progress.at(-1)).toBe(1);
    expect(asset).toMatchObject({ filename: "Logo Final.PNG", type: "image", size: tinyPng().length, metadata: { format: "image/png" } });
    // Stored host-relative, so the library's files serve under any API host.
    expect(asset.url).toMatch(/^\/storage\/v1\/object\/public\/assets\/media\/[0-9a-f-]{36}\.png$/);
    expect((await fetch(absoluteAssetUrl(asset.url, backend.url))).status).toBe(200);
    const search = await dataProvider.getList("media", { pagination: { page: 1, perPage: 10 }, sort: { field: "created_at", order: "DESC" }, filter: { q: "logo fin" } });
    expect(search.data.map((row) => row.id)).toEqual([asset.id]);
    await dataProvider.delete("media", { id: asset.id, previousData: { ...asset } });
    expect((await fetch(absoluteAssetUrl(asset.url, backend.url))).ok).toBe(false);
    const after = await dataProvider.getList("media", { pagination: { page: 1, perPage: 10 }, sort: { field: "created_at", order: "DESC" }, filter: {} });
    expect(after.data.find((row) => row.id === asset.id)).toBeUndefined();
  });

  it("media: deleteMany removes every object, then the rows", async () => {
    const { dataProvider } = await signedInAdmin();
    const assets = [await upload(dataProvider, png("one.png")), await upload(dataProvider, png("two.png"))];
    for (const asset of assets) expect((await fetch(absoluteAssetUrl(asset.url, backend.url))).status).toBe(200);
    await dataProvider.deleteMany("media", { ids: assets.map((asset) => asset.id) });
    for (const asset of assets) expect((await fetch(absoluteAssetUrl(asset.url, backend.url))).ok).toBe(false);
    const { data } = await dataProvider.getMany("media", { ids: assets.map((asset) => asset.id) });
    expect(data).toEqual([]);
  });

  it("a duplicate slug is an error on the slug field, in words (not the constraint's text)", async () => {
    const { dataProvider } = await signedInAdmin();
    const { data: posts } = await dataProvider.getList("blog", { pagination: { page: 1, perPage: 2 }, sort: { field: "created_at", order: "DESC" }, filter: {} });
    const [first, second] = posts as { id: string; slug: string }[];
    const failure = await dataProvider.update("blog", { id: second!.id, data: { slug: first!.slug }, previousData: second! }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 409, message: "This slug is already used by another post", body: { errors: { slug: "This slug is already used by another post" } } });
  });

  it("Mark handled on selected submissions (the inbox's one updateMany) changes exactly those rows, and only their handled", async () => {
    const { dataProvider } = await signedInAdmin();
    const rows = await backend.sql<{ id: string }>(
      `insert into public.form_submissions (kind, email, name, message) values
         ('contact', 'bulk-a@example.com', 'A', 'First'),
         ('waitlist', 'bulk-b@example.com', null, null),
         ('newsletter', 'bulk-c@example.com', null, null)
       returning id`,
    );
    const [a, b, c] = rows.map((row) => row.id) as [string, string, string];
    try {
      const snapshot = () => backend.sql(`select * from public.form_submissions where id = any($1::uuid[]) order by email`, [[a, b, c]]);
      const before = await snapshot();
      // The call the inbox's Mark handled makes (its component test checks which ids it picks).
      const { data } = await dataProvider.updateMany("community", { ids: [a, c], data: { handled: true } });
      expect(new Set(data)).toEqual(new Set([a, c]));
      const after = await snapshot();
      expect(after).toEqual(before.map((row) => (row.id === a || row.id === c ? { ...row, handled: true } : row)));
    } finally {
      await backend.sql(`delete from public.form_submissions where id = any($1::uuid[])`, [[a, b, c]]);
    }
  });

  it("marks a community submission handled (the only column admins may change)", async () => {
    const { dataProvider } = await signedInAdmin();
    const { data: row } = await dataProvider.getOne("community", { id: "60000000-0000-4000-8000-000000000001" });
    const { data: handled } = await dataProvider.update("community", { id: row.id, data: { ...row, handled: true }, previousData: row });
    expect(handled.handled).toBe(true);
    await dataProvider.update("community", { id: row.id, data: { handled: false }, previousData: handled });
  });
});

describe("data provider: no lost updates", () => {
  const refusal = (details: unknown) => ({ body: { code: "RC409", message: "Someone else changed this item since you opened it", details } });
  const videoRow = { description: "x", category: "Tutorial", published: false };

  /** Videos as two admins opened them; removed afterwards. */
  async function withVideos(count: number, run: (rows: { id: string; row_version: number; title: string }[], dataProvider: AdminDataProvider) => Promise<void>) {
    const { dataProvider } = await signedInAdmin();
    const rows: { id: string; row_version: number; title: string }[] = [];
    try {
      for (let n = 0; n < count; n++) rows.push((await dataProvider.create("videos", { data: { ...videoRow, title: `Versioned ${n}` } })).data as never);
      await run(rows, dataProvider);
    } finally {
      await backend.sql(`delete from public.videos where id = any($1::uuid[])`, [rows.map((row) => row.id)]);
    }
  }

  it("an update from a stale version is refused with RC409 (the current version in its detail); from the current one it is saved", async () => {
    await withVideos(1, async ([opened], mine) => {
      expect(opened!.row_version).toBe(1);
      const { dataProvider: theirs } = await signedInAdmin();
      await theirs.update("videos", { id: opened!.id, data: { title: "Theirs" }, previousData: opened });
      const stale = await mine.update("videos", { id: opened!.id, data: { title: "Mine" }, previousData: opened }).catch((error: unknown) => error);
      expect(stale).toMatchObject(refusal("2"));
      expect((await mine.getOne("videos", { id: opened!.id })).data).toMatchObject({ title: "Theirs", row_version: 2 });
      // The form reloaded on their version carries it: the save starts from it, whatever the editor first read.
      const { data: saved } = await mine.update("videos", { id: opened!.id, data: { ...opened, title: "Mine", row_version: 2 }, previousData: opened });
      expect(saved).toMatchObject({ title: "Mine", row_version: 3 });
      const { data: toggled } = await mine.update("videos", { id: opened!.id, data: { published: true }, previousData: saved });
      expect(toggled).toMatchObject({ published: true, row_version: 4 });
    });
  });

  it("bulk publish with a stale row is refused whole (its id in the detail) and changes nothing; with current versions it publishes all", async () => {
    await withVideos(2, async (rows, dataProvider) => {
      const items = () => rows.map((row) => ({ id: row.id, version: row.row_version }));
      await backend.sql(`update public.videos set title = 'Changed elsewhere' where id = $1`, [rows[1]!.id]);
      const stale = await dataProvider.rpc("set_published_many", { target_table: "videos", items: items(), publish: true }).catch((error: unknown) => error);
      expect(stale).toMatchObject(refusal(expect.stringContaining(rows[1]!.id)));
      const { data: after } = await dataProvider.getMany("videos", { ids: rows.map((row) => row.id) });
      expect(after.map((row) => row.published)).toEqual([false, false]);
      rows[1]!.row_version = after.find((row) => row.id === rows[1]!.id)!.row_version;
      expect(await dataProvider.rpc("set_published_many", { target_table: "videos", items: items(), publish: true })).toBe(2);
      const stillStale = await dataProvider.rpc("delete_many", { target_table: "videos", items: items() }).catch((error: unknown) => error);
      expect(stillStale).toMatchObject(refusal(expect.any(String)));
      expect((await dataProvider.getMany("videos", { ids: rows.map((row) => row.id) })).data).toHaveLength(2);
    });
  });

  it("a move from a stale version is refused and the order stays; from the current one it moves", async () => {
    const { dataProvider } = await signedInAdmin();
    const list = async () => (await dataProvider.getList("faq", { pagination: { page: 1, perPage: 50 }, sort: { field: "order", order: "ASC" }, filter: {} })).data;
    const before = await list();
    const opened = before[0]!;
    const move = moveItem("faq_entries");
    await backend.sql(`update public.faq_entries set question = question || ' (edited)' where id = $1`, [opened.id]);
    try {
      expect(await move(dataProvider, opened, "down").catch((error: unknown) => error)).toMatchObject(refusal(String(opened.row_version + 1)));
      expect((await list()).map((row) => row.id)).toEqual(before.map((row) => row.id));
      const current = (await list())[0]!;
      expect(await move(dataProvider, current, "down")).toBe(true);
      expect((await list()).map((row) => row.id).slice(0, 2)).toEqual([before[1]!.id, before[0]!.id]);
      await move(dataProvider, (await list())[1]!, "up");
    } finally {
      await backend.sql(`update public.faq_entries set question = $2 where id = $1`, [opened.id, opened.question]);
    }
  });

  it("replacing a media file from a stale row is refused before the file in Storage is touched", async () => {
    const { dataProvider } = await signedInAdmin();
    const png = (last: number) => new File([new Uint8Array(tinyPng(last))], `stale-${last}.png`, { type: "image/png" });
    const { data: asset } = await dataProvider.create("media", { data: { file: png(1) } satisfies MediaUpload });
    try {
      const bytes = async () => Buffer.from(await (await fetch(absoluteAssetUrl(asset.url, backend.url))).arrayBuffer());
      const before = await bytes();
      await backend.sql(`update public.media_assets set alt_text = 'Changed elsewhere' where id = $1`, [asset.id]);
      const failure = await dataProvider.update("media", { id: asset.id, data: { file: png(2) } satisfies MediaReplacement, previousData: asset }).catch((error: unknown) => error);
      expect(failure).toMatchObject(refusal("2"));
      expect(await bytes()).toEqual(before);
    } finally {
      await dataProvider.delete("media", { id: asset.id, previousData: asset });
    }
  });

  it("edit leases: an editor holding a row sees the other holders, lists see who holds which row; released on close, and as the page goes away", async () => {
    const { dataProvider: admin } = await signedInAdmin();
    const { client, dataProvider: editor } = providers();
    await client.auth.signInWithPassword(EDITOR);
    const lease = { target_table: "blog_posts", target_id: "b0000000-0000-4000-8000-000000000001" };
    try {
      expect(await admin.rpc("hold_edit_lease", lease)).toEqual([]);
      expect(await editor.rpc("hold_edit_lease", lease)).toEqual([expect.objectContaining({ email: ADMIN.email })]);
      expect(await admin.rpc("current_editors", { target_table: "blog_posts" })).toEqual([expect.objectContaining({ row_id: lease.target_id, email: EDITOR.email })]);
      // What pagehide sends: a keepalive request with the session's token, read without asking the client.
      await editor.rpcKeepalive("release_edit_lease", lease);
      expect(await admin.rpc("current_editors", { target_table: "blog_posts" })).toEqual([]);
    } finally {
      await editor.rpc("release_edit_lease", lease);
      await admin.rpc("release_edit_lease", lease);
    }
    expect(await editor.rpc("current_editors", { target_table: "blog_posts" })).toEqual([]);
  });
});

describe("401 and 403: what ends a session and what does not", () => {
  it("a write the database refuses (a signed-in non-admin) is a 403: checkError keeps the session", async () => {
    const { client, dataProvider, authProvider } = providers();
    await client.auth.signInWithPassword(USER);
    const failure = await dataProvider.create("videos", { data: { title: "Nope", description: "x", category: "Tutorial" } }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 403 });
    await expect(authProvider.checkError(failure)).resolves.toBeUndefined();
    const rpcFailure = await dataProvider.rpc("move_stage", { stage_id: "5a000000-0000-4000-8000-000000000012", direction: "up", stage_version: 1 }).catch((error: unknown) => error);
    expect(rpcFailure).toMatchObject({ status: 403 });
    await expect(authProvider.checkError(rpcFailure)).resolves.toBeUndefined();
  });

  it("an expired session is a 401 that stays an error (the session-expired dialog handles it), and the admin check refuses it", async () => {
    const { client, dataProvider, authProvider } = providers();
    const secret = readFileSync(join(backend.dataDir, "jwt-secret"), "utf8").trim();
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await new SignJWT({ role: "authenticated", sub: "a0a0a0a0-0000-4000-8000-000000000001", aud: "authenticated" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt(past - 3600)
      .setExpirationTime(past)
      .sign(new TextEncoder().encode(secret));
    // The browser's client would hand over the stale token it still holds.
    client.auth.getSession = (async () => ({ data: { session: { access_token: expired } }, error: null })) as never;
    client.auth.getUser = (() => nodeClient(backend.url, backend.anonKey).auth.getUser(expired)) as never;
    const failure = await dataProvider.getList("blog", { pagination: { page: 1, perPage: 1 }, sort: { field: "id", order: "ASC" }, filter: {} }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 401 });
    await expect(authProvider.checkError(failure)).resolves.toBeUndefined();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const check = await Promise.resolve(authProvider.getPermissions?.({})).catch((reason: unknown) => reason);
    error.mockRestore();
    expect(check).toBeInstanceOf(NotAdminError);
    await expect(authProvider.checkError(check)).rejects.toMatchObject({ redirectTo: "/login" });
  });
});
