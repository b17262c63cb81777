import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebServer, type WebServer } from "../../server/web.ts";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import { startTestBackend, USER, type TestBackend } from "../support/backend.ts";

/** Every table the API serves (admin_users included), and one that does not exist. */
const TABLES = ["admin_users", ...CONTENT_TABLES.map(({ table }) => table)];
const REQUEST_TABLES = [...TABLES, "nope"];

/** A fingerprint of the tables: any changed, added or removed row changes it. */
async function fingerprint(backend: TestBackend, tables: readonly string[] = TABLES): Promise<string> {
  const parts = await Promise.all(
    tables.map(async (table) => (await backend.sql<{ h: string | null }>(`select md5(string_agg(t::text, '|' order by t::text)) as h from public.${table} t`))[0]!.h),
  );
  return parts.join(",");
}

const text = fc.string({ unit: "binary", maxLength: 40 });
const queryValue = fc.oneof(
  text,
  fc.constantFrom("eq.1", "neq.x", "in.(1,2", "is.null", "like.*a*", "ilike.%25", "gt.2020-01-01", "not.eq.1", "or=(a.eq.1", "cs.{a}", "fts.x", "eq.'", "eq.\\", "eq.%00"),
);
const queryKey = fc.oneof(fc.constantFrom("select", "order", "limit", "offset", "id", "published", "or", "and", "on_conflict", "columns", "name", "*"), text);
const query = fc.array(fc.tuple(queryKey, queryValue), { maxLength: 6 }).map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&"));
const headers = fc.record(
  {
    Prefer: fc.constantFrom("return=representation", "count=exact", "resolution=merge-duplicates", "tx=rollback", "params=single-object", "garbage;;="),
    Range: fc.constantFrom("0-9", "5-1", "abc", "0-", "-5", "999999999-9999999999"),
    "Content-Type": fc.constantFrom("application/json", "text/csv", "application/x-www-form-urlencoded", "multipart/form-data", "application/octet-stream", "text/plain; charset=bogus"),
    Accept: fc.constantFrom("application/json", "text/csv", "application/vnd.pgrst.object+json", "application/geo+json", "*/*", "image/png"),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(fc.constant(undefined), text, fc.json(), fc.jsonValue().map((v) => JSON.stringify(v)), fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString("latin1")));

describe("property: random requests never break the local API or the intake", () => {
  let backend: TestBackend;
  let web: WebServer;
  let userToken: string;
  const distDir = mkdtempSync(join(tmpdir(), "rcrt-fuzz-dist-"));

  beforeAll(async () => {
    backend = await startTestBackend();
    web = await startWebServer({ port: 0, distDir, api: { url: backend.url, anonKey: backend.anonKey }, pg: backend.backend.pg, formLimit: { limit: 10_000, windowMs: 60_000 }, log: () => {} });
    userToken = (await (await backend.signIn(USER.email, USER.password)).auth.getSession()).data.session!.access_token;
  });
  afterAll(async () => {
    await web?.stop();
    await backend?.stop();
    rmSync(distDir, { recursive: true, force: true });
  });

  it("REST: never a 5xx, never a crash, never a changed row (anon and a signed-in non-admin)", async () => {
    const before = await fingerprint(backend);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "HEAD", "POST", "PATCH", "PUT", "DELETE"),
        fc.constantFrom(...REQUEST_TABLES.map((t) => `/rest/v1/${t}`), "/rest/v1/rpc/publish_whitepaper", "/rest/v1/rpc/move_stage", "/rest/v1/", "/rest/v1/rpc/nope"),
        query,
        headers,
        body,
        fc.boolean(),
        async (method, path, search, extraHeaders, payload, signedIn) => {
          const response = await fetch(`${backend.url}${path}?${search}`, {
            method,
            headers: { ...extraHeaders, apikey: backend.anonKey, ...(signedIn ? { Authorization: `Bearer ${userToken}` } : {}) },
            body: method === "GET" || method === "HEAD" ? undefined : payload,
          });
          await response.arrayBuffer();
          expect(response.status, `${method} ${path}?${search}`).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
    expect(await fingerprint(backend)).toBe(before);
    expect((await fetch(`${backend.url}/rest/v1/project_stages?select=id&limit=1`, { headers: { apikey: backend.anonKey } })).status).toBe(200);
  });

  it("Auth and Storage: never a 5xx for random paths, queries and bodies", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "POST", "PUT", "DELETE"),
        fc.constantFrom("/auth/v1/token", "/auth/v1/recover", "/auth/v1/user", "/auth/v1/verify", "/auth/v1/logout", "/storage/v1/object/assets/media/x.png", "/storage/v1/object/list/assets", "/storage/v1/object/assets", "/storage/v1/object/public/assets/none", "/storage/v1/bucket"),
        query,
        headers,
        body,
        async (method, path, search, extraHeaders, payload) => {
          const response = await fetch(`${backend.url}${path}?${search}`, {
            method,
            headers: { ...extraHeaders, apikey: backend.anonKey },
            body: method === "GET" ? undefined : payload,
          });
          await response.arrayBuffer();
          expect(response.status, `${method} ${path}?${search}`).toBeLessThan(500);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("intake: never a 5xx, and only valid submissions are stored", async () => {
    // The intake adds form submissions; every other table stays as it was.
    const others = TABLES.filter((table) => table !== "form_submissions");
    const before = await fingerprint(backend, others);
    const countBefore = (await backend.sql<{ n: number }>("select count(*)::int as n from public.form_submissions"))[0]!.n;
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.oneof(fc.constantFrom("form-name", "bot-field", "email", "name", "message"), text), fc.oneof(text, fc.constantFrom("waitlist", "contact", "newsletter", "")), { maxKeys: 6 }),
        headers,
        async (fields, extraHeaders) => {
          const response = await fetch(`http://127.0.0.1:${web.port}/`, {
            method: "POST",
            headers: { ...extraHeaders, "Content-Type": extraHeaders["Content-Type"] ?? "application/x-www-form-urlencoded" },
            body: new URLSearchParams(fields).toString(),
          });
          await response.arrayBuffer();
          expect(response.status).toBeLessThan(500);
          if (response.status === 200 && !fields["bot-field"]) accepted += 1;
        },
      ),
      { numRuns: 200 },
    );
    const countAfter = (await backend.sql<{ n: number }>("select count(*)::int as n from public.form_submissions"))[0]!.n;
    expect(countAfter - countBefore).toBe(accepted);
    expect(await fingerprint(backend, others)).toBe(before);
  });
});
