import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { ADMIN, startTestBackend, type TestBackend } from "../support/backend.ts";

describe("local backend: REST (/rest/v1) through supabase-js", () => {
  let backend: TestBackend;
  let admin: SupabaseClient;
  beforeAll(async () => {
    backend = await startTestBackend();
    admin = await backend.signIn(ADMIN.email, ADMIN.password);
  });
  afterAll(() => backend?.stop());

  it("lists with an exact count and a Content-Range the browser may read", async () => {
    const { data, count, error } = await backend.anon().from("project_stages").select("*", { count: "exact" }).range(0, 2);
    expect(error).toBeNull();
    const total = (await backend.sql<{ total: number }>("select count(*)::int as total from public.project_stages"))[0]!.total;
    expect(count).toBe(total);
    expect(data).toHaveLength(Math.min(3, total));

    const response = await fetch(`${backend.url}/rest/v1/project_stages?select=id&limit=1`, {
      headers: { apikey: backend.anonKey, Prefer: "count=exact", Origin: "http://localhost:5173" },
    });
    expect(response.headers.get("content-range")).toMatch(/^0-0\/\d+$/);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-expose-headers")).toContain("Content-Range");
  });

  it("keeps every header the project exposes on REST and Auth answers (lite's own list would replace it)", async () => {
    const exposed = ["Content-Range", "Content-Location", "Content-Disposition", "ETag", "Location", "Preference-Applied", "Range-Unit", "X-Total-Count"];
    const rest = await fetch(`${backend.url}/rest/v1/project_stages?select=id&limit=1`, { headers: { apikey: backend.anonKey, Origin: "http://localhost:5173" } });
    const auth = await fetch(`${backend.url}/auth/v1/settings`, { headers: { apikey: backend.anonKey, Origin: "http://localhost:5173" } });
    for (const response of [rest, auth]) {
      const names = (response.headers.get("access-control-expose-headers") ?? "").split(",").map((name) => name.trim().toLowerCase());
      expect(names).toEqual(expect.arrayContaining(exposed.map((name) => name.toLowerCase())));
    }
  });

  it("keeps the migrations' narrowed grants after serving requests (lite would widen them)", async () => {
    await backend.anon().from("project_stages").select("id");
    const grants = await backend.sql<{ anon_insert: boolean; user_update: boolean; anon_select_submissions: boolean }>(
      `select has_table_privilege('anon', 'public.admin_users', 'insert') as anon_insert,
              has_table_privilege('authenticated', 'public.admin_users', 'update') as user_update,
              has_table_privilege('anon', 'public.form_submissions', 'select') as anon_select_submissions`,
    );
    expect(grants).toEqual([{ anon_insert: false, user_update: false, anon_select_submissions: false }]);
  });

  it("answers a CORS preflight from the site's origin", async () => {
    const response = await fetch(`${backend.url}/rest/v1/project_stages`, {
      method: "OPTIONS",
      headers: { Origin: "http://localhost:5173", "Access-Control-Request-Method": "PATCH", "Access-Control-Request-Headers": "apikey, authorization, prefer" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-methods")).toContain("PATCH");
    expect(response.headers.get("access-control-allow-headers")).toContain("prefer");
  });

  it("reads a single object, and answers 406 PGRST116 when there is not exactly one", async () => {
    const [stage] = await backend.sql<{ id: string; name: string }>("select id, name from public.project_stages limit 1");
    const one = await backend.anon().from("project_stages").select("name").eq("id", stage!.id).single();
    expect(one.data).toEqual({ name: stage!.name });
    const many = await backend.anon().from("project_stages").select("name").single();
    expect(many.status).toBe(406);
    expect(many.error?.code).toBe("PGRST116");
  });

  it("inserts, updates and deletes with return=representation", async () => {
    const inserted = await admin.from("press_quotes").insert({ quote: "A time machine for media.", source: "Retro Weekly" }).select().single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toMatchObject({ quote: "A time machine for media.", source: "Retro Weekly", published: false });

    const updated = await admin.from("press_quotes").update({ published: true, row_version: inserted.data!.row_version + 1 }).eq("id", inserted.data!.id).select().single();
    expect(updated.data?.published).toBe(true);

    const deleted = await admin.from("press_quotes").delete().eq("id", inserted.data!.id).select();
    expect(deleted.data).toHaveLength(1);
    expect(await backend.sql("select 1 from public.press_quotes where id = $1", [inserted.data!.id])).toHaveLength(0);
  });

  it("calls an RPC in one transaction", async () => {
    const [draft] = await backend.sql<{ id: string; row_version: number }>("select id, row_version from public.whitepaper where not published limit 1");
    const { error } = await admin.rpc("publish_whitepaper", { whitepaper_id: draft!.id, whitepaper_version: draft!.row_version });
    expect(error).toBeNull();
    const published = await backend.sql<{ id: string }>("select id from public.whitepaper where published");
    expect(published).toEqual([{ id: draft!.id }]);
  });

  describe("malformed requests get PostgREST's JSON error shape, never a 500", () => {
    const cases: { name: string; path: string; init?: RequestInit; status: number; code: string }[] = [
      { name: "unknown column", path: "project_stages?select=nope", status: 400, code: "42703" },
      { name: "bad filter", path: "project_stages?id=zz.1", status: 400, code: "PGRST100" },
      { name: "unknown table", path: "no_such_table", status: 404, code: "PGRST205" },
      { name: "bad order column", path: "project_stages?order=bogus.desc", status: 400, code: "42703" },
      { name: "non-numeric limit", path: "project_stages?limit=abc", status: 400, code: "PGRST100" },
      { name: "bad JSON body", path: "press_quotes", init: { method: "POST", body: "{bad", headers: { "Content-Type": "application/json" } }, status: 400, code: "PGRST102" },
      { name: "unsupported method", path: "project_stages", init: { method: "PROPFIND" }, status: 405, code: "PGRST117" },
      { name: "bad uuid value", path: "project_stages?id=eq.not-a-uuid", status: 400, code: "22P02" },
    ];
    it.each(cases)("$name → $status $code", async ({ path, init, status, code }) => {
      const headers = new Headers(init?.headers);
      headers.set("apikey", backend.anonKey);
      const response = await fetch(`${backend.url}/rest/v1/${path}`, { ...init, headers });
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toContain("application/json");
      const body = (await response.json()) as Record<string, unknown>;
      expect(body.code).toBe(code);
      expect(typeof body.message).toBe("string");
    });

    it("a missing or foreign API key is 401 with a message", async () => {
      const missing = await fetch(`${backend.url}/rest/v1/project_stages`);
      expect(missing.status).toBe(401);
      expect(((await missing.json()) as { message: string }).message).toBe("No API key found in request");
      const foreign = await fetch(`${backend.url}/rest/v1/project_stages`, { headers: { apikey: "eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.forged" } });
      expect(foreign.status).toBe(401);
    });

    it("auth endpoints answer bad JSON with a JSON error", async () => {
      const response = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
        method: "POST",
        headers: { apikey: backend.anonKey, "Content-Type": "application/json" },
        body: "{bad",
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error_code: string }).error_code).toBe("bad_json");
    });
  });
});
