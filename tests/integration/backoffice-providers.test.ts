import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AdminCheckUnavailableError, createAuthProvider, LOGIN_ERRORS, NotAdminError } from "../../backoffice/lib/auth-provider.ts";
import { createDataProvider, type AdminDataProvider, type MediaUpload } from "../../backoffice/lib/data-provider.ts";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import type { MediaAsset } from "../../shared/types.ts";
import { ADMIN, nodeClient, startTestBackend, USER, type TestBackend } from "../support/backend.ts";

// The back office's providers (backoffice/lib) against the real local backend: the same supabase-js
// client, ra-supabase data provider, RLS and RPCs the browser uses. No mocked client for data.

/**
 * Route names to tables, as the back office's registry gives them (shared/content-tables.ts); the
 * back office adds each config's noun for messages (backoffice/lib/providers.ts), the blog's here.
 */
const ROUTES = CONTENT_TABLES.map((entry) => (entry.table === "blog_posts" ? { ...entry, noun: "post" } : entry));

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
  const { client } = clientWithFailures(storage);
  const authProvider = createAuthProvider(client, { storage, resetRedirect: () => "http://localhost:5173/admin/update-password" });
  const dataProvider = createDataProvider(client, { url: backend.url, anonKey: backend.anonKey }, ROUTES);
  return { client, storage, authProvider, dataProvider };
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

/** A client over `storage` whose requests can be made to fail with `failure` (a status, or offline). */
function clientWithFailures(storage: Storage) {
  const state: { failure: null | "offline" | number; matching: RegExp } = { failure: null, matching: /./ };
  const client = createClient(backend.url, backend.anonKey, {
    auth: { storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
    global: {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
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

describe("auth provider: login", () => {
  it("a wrong password gives Invalid email or password", async () => {
    const { authProvider, storage } = providers();
    await expect(authProvider.login({ email: ADMIN.email, password: "Wrong12345" })).rejects.toThrow(LOGIN_ERRORS.invalidCredentials);
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
    expect(stored.expires_at).toBe(exp);
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(await authProvider.getPermissions?.({})).toBe("admin");
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
    expect(await authProvider.getPermissions?.({})).toBe("admin");
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

  it("publishing a whitepaper version through the RPC unpublishes the others", async () => {
    const { dataProvider } = await signedInAdmin();
    // Each call names the version of the row as the caller read it.
    const at = async (id: string) => ({ whitepaper_id: id, whitepaper_version: (await dataProvider.getOne("whitepaper", { id })).data.row_version as number });
    await dataProvider.rpc("publish_whitepaper", await at("70000000-0000-4000-8000-000000000002"));
    const { data } = await dataProvider.getList("whitepaper", { pagination: { page: 1, perPage: 10 }, sort: { field: "created_at", order: "DESC" }, filter: { published: true } });
    expect(data.map((row) => row.version)).toEqual(["1.1"]);
    await dataProvider.rpc("unpublish_whitepaper", await at("70000000-0000-4000-8000-000000000002"));
    await dataProvider.rpc("publish_whitepaper", await at("70000000-0000-4000-8000-000000000001"));
  });

  it("moving a stage swaps it with its neighbour in its own category; the first one up does nothing", async () => {
    const { dataProvider } = await signedInAdmin();
    const order = async () =>
      (await dataProvider.getList("progress", { pagination: { page: 1, perPage: 50 }, sort: { field: "order", order: "ASC" }, filter: { category: "token" } })).data.map((row) => row.name);
    const stage = "5a000000-0000-4000-8000-000000000012";
    const move = async (direction: "up" | "down") =>
      dataProvider.rpc("move_stage", { stage_id: stage, direction, stage_version: (await dataProvider.getOne("progress", { id: stage })).data.row_version as number });
    const before = await order();
    expect(await move("up")).toBe(true);
    expect(await order()).toEqual([before[1], before[0], ...before.slice(2)]);
    expect(await move("up")).toBe(false);
    await move("down");
    expect(await order()).toEqual(before);
  });

  const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7])], name, { type: "image/png" });
  const upload = async (dataProvider: AdminDataProvider, file: File, onProgress?: (fraction: number) => void) =>
    (await dataProvider.create("media", { data: { file } satisfies MediaUpload, meta: { onProgress } })).data as unknown as MediaAsset & { id: string };

  it("media: create uploads media/{random}.{ext}, then writes the row; delete removes the object, then the row", async () => {
    const { dataProvider } = await signedInAdmin();
    const file = png("Logo Final.PNG");
    const progress: number[] = [];
    const asset = await upload(dataProvider, file, (fraction) => progress.push(fraction));
    expect(progress.at(-1)).toBe(1);
    expect(asset).toMatchObject({ filename: "Logo Final.PNG", type: "image", size: 10, metadata: { format: "image/png" } });
    expect(asset.url).toMatch(/\/storage\/v1\/object\/public\/assets\/media\/[0-9a-f-]{36}\.png$/);
    expect((await fetch(asset.url)).status).toBe(200);
    const search = await dataProvider.getList("media", { pagination: { page: 1, perPage: 10 }, sort: { field: "created_at", order: "DESC" }, filter: { q: "logo fin" } });
    expect(search.data.map((row) => row.id)).toEqual([asset.id]);
    await dataProvider.delete("media", { id: asset.id, previousData: { ...asset } });
    expect((await fetch(asset.url)).ok).toBe(false);
    const after = await dataProvider.getList("media", { pagination: { page: 1, perPage: 10 }, sort: { field: "created_at", order: "DESC" }, filter: {} });
    expect(after.data.find((row) => row.id === asset.id)).toBeUndefined();
  });

  it("media: deleteMany removes every object, then the rows", async () => {
    const { dataProvider } = await signedInAdmin();
    const assets = [await upload(dataProvider, png("one.png")), await upload(dataProvider, png("two.png"))];
    for (const asset of assets) expect((await fetch(asset.url)).status).toBe(200);
    await dataProvider.deleteMany("media", { ids: assets.map((asset) => asset.id) });
    for (const asset of assets) expect((await fetch(asset.url)).ok).toBe(false);
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
