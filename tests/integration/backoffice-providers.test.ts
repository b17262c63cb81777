import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAuthProvider, LOGIN_ERRORS } from "../../backoffice/lib/auth-provider.ts";
import { ADMIN_TOKEN_KEY } from "../../backoffice/lib/admin-session.ts";
import { createDataProvider, type AdminDataProvider } from "../../backoffice/lib/data-provider.ts";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import { ADMIN, nodeClient, startTestBackend, USER, type TestBackend } from "../support/backend.ts";

// The back office's providers (backoffice/lib) against the real local backend: the same supabase-js
// client, ra-supabase data provider, RLS and RPCs the browser uses. No mocked client for data.

/** Route names to tables, as the back office's registry gives them (shared/content-tables.ts). */
const ROUTES = CONTENT_TABLES;

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

function providers() {
  const client = nodeClient(backend.url, backend.anonKey);
  clients.push(client);
  const storage = new MemoryStorage();
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

describe("auth provider: login (spec section 8)", () => {
  it("a wrong password gives Invalid email or password", async () => {
    const { authProvider, storage } = providers();
    await expect(authProvider.login({ email: ADMIN.email, password: "Wrong12345" })).rejects.toThrow(LOGIN_ERRORS.invalidCredentials);
    expect(storage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
  });

  it("a signed-in non-admin gets Access denied. Admin privileges required. and is signed out", async () => {
    const { authProvider, client, storage } = providers();
    await expect(authProvider.login({ email: USER.email, password: USER.password })).rejects.toThrow("Access denied. Admin privileges required.");
    expect((await client.auth.getSession()).data.session).toBeNull();
    expect(storage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
  });

  it("the admin signs in: the admin token (a JWT with a future exp) is stored and checkAuth passes", async () => {
    const { authProvider, storage } = providers();
    await authProvider.login({ email: ADMIN.email, password: ADMIN.password });
    const token = storage.getItem(ADMIN_TOKEN_KEY);
    expect(token).toBeTruthy();
    const exp = JSON.parse(Buffer.from(token!.split(".")[1]!, "base64url").toString()).exp as number;
    expect(exp).toBeGreaterThan(Date.now() / 1000);
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(await authProvider.getPermissions?.({})).toBe("admin");
  });

  it("logout signs out, removes the token and clears all storage", async () => {
    const { authProvider, client, storage } = providers();
    await authProvider.login({ email: ADMIN.email, password: ADMIN.password });
    storage.setItem("RaStore.something", "kept until logout");
    await authProvider.logout({});
    expect(storage.length).toBe(0);
    expect((await client.auth.getSession()).data.session).toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toBeDefined();
  });

  it("a stored token of a user who is not an admin fails the admin check: logged, token removed", async () => {
    const { authProvider, client, storage } = providers();
    await client.auth.signInWithPassword(USER);
    storage.setItem(ADMIN_TOKEN_KEY, (await client.auth.getSession()).data.session!.access_token);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(authProvider.checkAuth({})).rejects.toBeDefined();
    expect(error).toHaveBeenCalledWith("Error checking admin status", expect.anything());
    error.mockRestore();
    expect(storage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
  });

  it("a check that gets no answer (offline, page being left) is logged but does not end the session", async () => {
    let offline = false;
    const flaky = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: (input: RequestInfo | URL, init?: RequestInit) => (offline ? Promise.reject(new TypeError("Failed to fetch")) : fetch(input, init)) },
      realtime: { transport: WebSocket as never },
    });
    clients.push(flaky);
    const storage = new MemoryStorage();
    const authProvider = createAuthProvider(flaky, { storage });
    await authProvider.login({ email: ADMIN.email, password: ADMIN.password });
    offline = true;
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith("Error checking admin status", expect.anything());
    error.mockRestore();
    expect(storage.getItem(ADMIN_TOKEN_KEY)).not.toBeNull();
    offline = false;
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it("password reset sends a mail whose link leads to /admin/update-password", async () => {
    const { authProvider } = providers();
    await authProvider.resetPassword(ADMIN.email);
    // /recover answers before it looks the address up and sends the mail.
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
    await dataProvider.rpc("publish_whitepaper", { whitepaper_id: "70000000-0000-4000-8000-000000000002" });
    const { data } = await dataProvider.getList("whitepaper", { pagination: { page: 1, perPage: 10 }, sort: { field: "created_at", order: "DESC" }, filter: { published: true } });
    expect(data.map((row) => row.version)).toEqual(["1.1"]);
    await dataProvider.rpc("unpublish_whitepaper", { whitepaper_id: "70000000-0000-4000-8000-000000000002" });
    await dataProvider.rpc("publish_whitepaper", { whitepaper_id: "70000000-0000-4000-8000-000000000001" });
  });

  it("moving a stage swaps it with its neighbour in its own category; the first one up does nothing", async () => {
    const { dataProvider } = await signedInAdmin();
    const order = async () =>
      (await dataProvider.getList("progress", { pagination: { page: 1, perPage: 50 }, sort: { field: "order", order: "ASC" }, filter: { category: "token" } })).data.map((row) => row.name);
    const before = await order();
    expect(await dataProvider.rpc("move_stage", { stage_id: "5a000000-0000-4000-8000-000000000012", direction: "up" })).toBe(true);
    expect(await order()).toEqual([before[1], before[0], ...before.slice(2)]);
    expect(await dataProvider.rpc("move_stage", { stage_id: "5a000000-0000-4000-8000-000000000012", direction: "up" })).toBe(false);
    await dataProvider.rpc("move_stage", { stage_id: "5a000000-0000-4000-8000-000000000012", direction: "down" });
    expect(await order()).toEqual(before);
  });

  it("media: upload stores media/{random}.{ext} and the row; delete removes the object, then the row", async () => {
    const { dataProvider } = await signedInAdmin();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7])], "Logo Final.PNG", { type: "image/png" });
    const progress: number[] = [];
    const asset = await dataProvider.uploadMedia(file, (fraction) => progress.push(fraction));
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

  it("marks a community submission handled (the only column admins may change)", async () => {
    const { dataProvider } = await signedInAdmin();
    const { data: row } = await dataProvider.getOne("community", { id: "60000000-0000-4000-8000-000000000001" });
    const { data: handled } = await dataProvider.update("community", { id: row.id, data: { ...row, handled: true }, previousData: row });
    expect(handled.handled).toBe(true);
    await dataProvider.update("community", { id: row.id, data: { handled: false }, previousData: handled });
  });
});

describe("401 signs out, 403 does not (issue 5, item 2)", () => {
  it("a write the database refuses (a signed-in non-admin) is a 403: checkError keeps the session", async () => {
    const { client, dataProvider, authProvider } = providers();
    await client.auth.signInWithPassword(USER);
    const failure = await dataProvider.create("videos", { data: { title: "Nope", description: "x", category: "Tutorial" } }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 403 });
    await expect(authProvider.checkError(failure)).resolves.toBeUndefined();
    const rpcFailure = await dataProvider.rpc("move_stage", { stage_id: "5a000000-0000-4000-8000-000000000012", direction: "up" }).catch((error: unknown) => error);
    expect(rpcFailure).toMatchObject({ status: 403 });
    await expect(authProvider.checkError(rpcFailure)).resolves.toBeUndefined();
  });

  it("an expired session is a 401: checkError signs the admin out", async () => {
    const { client, dataProvider, authProvider, storage } = providers();
    const secret = readFileSync(join(backend.dataDir, "jwt-secret"), "utf8").trim();
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await new SignJWT({ role: "authenticated", sub: "a0a0a0a0-0000-4000-8000-000000000001", aud: "authenticated" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt(past - 3600)
      .setExpirationTime(past)
      .sign(new TextEncoder().encode(secret));
    // The browser's client would hand over the stale token it still holds.
    client.auth.getSession = (async () => ({ data: { session: { access_token: expired } }, error: null })) as never;
    storage.setItem(ADMIN_TOKEN_KEY, expired);
    const failure = await dataProvider.getList("blog", { pagination: { page: 1, perPage: 1 }, sort: { field: "id", order: "ASC" }, filter: {} }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 401 });
    await expect(authProvider.checkError(failure)).rejects.toBeDefined();
    expect(storage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
  });
});
