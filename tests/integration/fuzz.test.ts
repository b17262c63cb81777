import { request } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebServer } from "../../server/web.ts";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import { startWebFor } from "../support/web-server.ts";
import { ADMIN, startTestBackend, USER, type TestBackend } from "../support/backend.ts";
import { tinyPng } from "../support/png.ts";
import { parseMediaType, servedInline } from "../../shared/media-types.ts";

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

/** NUL and the other control bytes, alone or inside ordinary text. */
const controlText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.array(fc.integer({ min: 0, max: 0x1f }).chain((c) => fc.constantFrom(c, 0x7f)), { minLength: 1, maxLength: 3 }), fc.string({ maxLength: 8 }))
  .map(([before, codes, after]) => `${before}${String.fromCharCode(...codes)}${after}`);

/** One spelling of `path`: characters percent-encoded (any case), slashes doubled, dot segments, letters re-cased. */
const encodedPath = (path: string) =>
  fc
    .tuple(
      fc.array(
        fc.oneof({ arbitrary: fc.constant("plain"), weight: 6 }, { arbitrary: fc.constant("encode"), weight: 2 }, { arbitrary: fc.constant("encodeLower"), weight: 2 }, { arbitrary: fc.constant("upper"), weight: 1 }),
        { minLength: path.length, maxLength: path.length },
      ),
      fc.constantFrom("", "/", "//"),
      fc.constantFrom("", "/x/..", "/%2e%2e/v1", "/.", "/%2E"),
    )
    .map(([choices, doubled, dots]) => {
      const spelled = [...path]
        .map((char, index) => {
          if (char === "/") return index === 0 ? `/${doubled}` : "/";
          const choice = choices[index];
          const hex = char.charCodeAt(0).toString(16).padStart(2, "0");
          if (choice === "encode") return `%${hex.toUpperCase()}`;
          if (choice === "encodeLower") return `%${hex}`;
          if (choice === "upper") return char.toUpperCase();
          return char;
        })
        .join("");
      const cut = spelled.lastIndexOf("/");
      return dots === "/%2e%2e/v1" ? `${spelled.slice(0, cut)}/%2e%2e/v1${spelled.slice(cut)}` : `${spelled.slice(0, cut)}${dots}${spelled.slice(cut)}`;
    });

/** Content types as attackers write them: lists, parameters, odd case, wildcards, garbage. */
const mimeList = fc.oneof(
  fc.constantFrom("image/png", "video/mp4", "image/svg+xml", "text/html", "image/*", "application/octet-stream", "image/png; charset=binary", "IMAGE/PNG"),
  fc
    .array(fc.constantFrom("image/png", "image/jpeg", "video/mp4", "image/svg+xml", "text/html", "application/javascript", "text/xml"), { minLength: 2, maxLength: 3 })
    .chain((types) => fc.constantFrom(types.join(", "), types.join(","), types.join(";"), types.join("; a="))),
  fc.tuple(fc.constantFrom("image/png", "video/mp4", "image/gif"), fc.constantFrom("; x=\"text/html\"", ";charset=utf-8", " ;", "; q=0.5, text/html")).map(([type, tail]) => `${type}${tail}`),
  fc.string({ maxLength: 20 }),
);
const uploadBytes = fc.constantFrom(
  Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex"),
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(32, 7)]),
  Buffer.from("<!DOCTYPE html><script>document.title='ran'</script>"),
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  Buffer.from("GIF89a......"),
  Buffer.alloc(64, 7),
);

/**
 * Whether fetch refuses `value` as a header value before sending the request: a character above
 * U+00FF (not a ByteString), or NUL, CR or LF left once the surrounding HTTP whitespace is trimmed.
 */
function fetchRefusesHeaderValue(value: string): boolean {
  const trimmed = value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, "");
  return [...value].some((char) => char.charCodeAt(0) > 0xff) || ["\0", "\r", "\n"].some((char) => trimmed.includes(char));
}

/** Schemas a caller has no business seeing named in an answer. */
const INTERNAL_NAME = /\b(auth|storage|supabase_migrations|pg_catalog|information_schema|extensions)\.[a-z_]+/i;

/** A POST whose path is sent exactly as written (fetch would resolve dot segments). */
function rawPost(url: string, path: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((done, fail) => {
    const req = request({ hostname, port, method: "POST", path, headers }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => done({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", fail);
    req.end(body);
  });
}

describe("property: random requests never break the local API or the intake", () => {
  let backend: TestBackend;
  let web: WebServer;
  let userToken: string;

  beforeAll(async () => {
    backend = await startTestBackend();
    web = await startWebFor(backend, { formLimit: { limit: 10_000, windowMs: 60_000 } });
    userToken = (await (await backend.signIn(USER.email, USER.password)).auth.getSession()).data.session!.access_token;
  });
  afterAll(async () => {
    await web?.stop();
    await backend?.stop();
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

  it("REST with overlapping callers: a visitor's and a member's random requests interleaved with an admin's uploads change no row", async () => {
    const adminToken = (await (await backend.signIn(ADMIN.email, ADMIN.password)).auth.getSession()).data.session!.access_token;
    const pixel = new Blob([new Uint8Array(tinyPng())], { type: "image/png" });
    const randomRequest = fc.record({
      method: fc.constantFrom("GET", "POST", "PATCH", "DELETE"),
      path: fc.constantFrom(...TABLES.map((t) => `/rest/v1/${t}`), "/rest/v1/rpc/publish_whitepaper", "/rest/v1/rpc/move_stage"),
      search: query,
      extraHeaders: headers,
      payload: body,
    });
    const before = await fingerprint(backend);
    await fc.assert(
      fc.asyncProperty(randomRequest, randomRequest, fc.nat({ max: 2 }), async (visitor, member, slot) => {
        const send = (request: typeof visitor, token: string | null) =>
          fetch(`${backend.url}${request.path}?${request.search}`, {
            method: request.method,
            headers: { ...request.extraHeaders, apikey: backend.anonKey, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
            body: request.method === "GET" ? undefined : request.payload,
          });
        // An upsert holds a storage transaction while the other two run: the shape that once leaked rights.
        const upload = fetch(`${backend.url}/storage/v1/object/assets/fuzz/overlap-${slot}.png`, {
          method: "POST",
          headers: { apikey: backend.anonKey, Authorization: `Bearer ${adminToken}`, "Content-Type": "image/png", "x-upsert": "true" },
          body: pixel,
        });
        const responses = await Promise.all([send(visitor, null), send(member, userToken), upload]);
        for (const response of responses) {
          const answer = await response.text();
          expect(response.status, answer.slice(0, 200)).toBeLessThan(500);
          expect(answer).not.toContain("25P02");
        }
        expect(responses[2]!.status).toBe(200);
      }),
      { numRuns: 150 },
    );
    expect(await fingerprint(backend)).toBe(before);
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

  it("web tier: random spellings of pages, files and documents, with control bytes, never give a 5xx nor the build's own files", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "HEAD"),
        fc.oneof(
          fc.constantFrom("/", "/updates", "/updates/feed.xml", "/sitemap.xml", "/admin", "/site/index.html", "/server/entry-server.js", "/favicon.svg").chain((path) => encodedPath(path)),
          controlText.map((bad) => `/updates/${encodeURIComponent(bad)}`),
          text.map((raw) => `/${encodeURIComponent(raw)}`),
        ),
        query,
        async (method, path, search) => {
          const response = await fetch(`http://127.0.0.1:${web.port}${path}?${search}`, { method });
          const content = await response.text();
          expect(response.status, `${method} ${path}`).toBeLessThan(500);
          expect(content, path).not.toContain("createSiteRenderer");
        },
      ),
      { numRuns: 150 },
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

  it("encoded, doubled, dotted and re-cased spellings of the sign-in path never get more guesses than the limit", async () => {
    const victim = "fuzz-victim@example.com";
    const limit = 10;
    let guessesChecked = 0;
    await fc.assert(
      fc.asyncProperty(encodedPath("/auth/v1/token"), fc.constantFrom("grant_type=password", "grant_type=%70assword", "grant_type=pass%77ord"), async (path, search) => {
        const response = await rawPost(backend.url, `${path}?${search}`, { apikey: backend.anonKey, "content-type": "application/json" }, JSON.stringify({ email: victim, password: "Wrong-password-1" }));
        expect(response.status, path).toBeLessThan(500);
        expect(response.body, path).not.toContain("access_token");
        if (response.body.includes("invalid_credentials")) guessesChecked += 1;
        expect(guessesChecked, path).toBeLessThanOrEqual(limit);
      }),
      { numRuns: 60 },
    );
    if (guessesChecked === limit) {
      const plain = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, { method: "POST", headers: { apikey: backend.anonKey, "Content-Type": "application/json" }, body: JSON.stringify({ email: victim, password: "Wrong-password-1" }) });
      expect(plain.status).toBe(429);
    }
  });

  it("NUL and other control bytes in paths, queries and bodies: never a 5xx, never a changed row", async () => {
    const before = await fingerprint(backend);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "POST", "PATCH", "DELETE"),
        fc.constantFrom("/rest/v1/press_quotes", "/rest/v1/blog_posts", "/rest/v1/rpc/move_stage", "/auth/v1/token?grant_type=password", "/auth/v1/recover", "/auth/v1/otp", "/auth/v1/user"),
        controlText,
        fc.constantFrom("path", "query", "json", "form", "raw"),
        fc.boolean(),
        async (method, target, bad, where, signedIn) => {
          const [path, fixedQuery] = target.split("?") as [string, string | undefined];
          const encoded = encodeURIComponent(bad);
          const url = `${backend.url}${where === "path" ? `${path}${encoded}` : path}?${[fixedQuery, where === "query" ? `source=eq.${encoded}&${encoded}=1` : ""].filter(Boolean).join("&")}`;
          const payload =
            where === "json" ? JSON.stringify({ email: bad, password: bad, quote: bad, source: bad, title: bad }) : where === "form" ? `email=${encoded}&password=${encoded}` : where === "raw" ? new Uint8Array(Buffer.from(bad, "latin1")) : undefined;
          const response = await fetch(url, {
            method,
            headers: { apikey: backend.anonKey, "Content-Type": where === "form" ? "application/x-www-form-urlencoded" : "application/json", ...(signedIn ? { Authorization: `Bearer ${userToken}` } : {}) },
            body: method === "GET" ? undefined : payload,
          });
          const text = await response.text();
          expect(response.status, `${method} ${url} ${where}`).toBeLessThan(500);
          expect(text, `${method} ${url} ${where}`).not.toMatch(INTERNAL_NAME);
        },
      ),
      { numRuns: 200 },
    );
    expect(await fingerprint(backend)).toBe(before);
  });

  it("Storage: MIME lists, parameters, case and disagreeing bytes never give a 5xx, and nothing is served inline that is not positively media", async () => {
    const admin = await backend.signIn(ADMIN.email, ADMIN.password);
    const adminToken = (await admin.auth.getSession()).data.session!.access_token;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(mimeList, uploadBytes, fc.boolean(), async (contentType, bytes, multipart) => {
        const name = `fuzz/${(run += 1)}.bin`;
        const headers: Record<string, string> = { apikey: backend.anonKey, Authorization: `Bearer ${adminToken}` };
        let payload: Uint8Array<ArrayBuffer> | FormData = new Uint8Array(bytes);
        if (multipart) {
          payload = new FormData();
          payload.append("", new Blob([new Uint8Array(bytes)], { type: contentType }), "file");
        } else headers["Content-Type"] = contentType;
        // fetch refuses such a header without sending anything; any other failure, a reset connection among them, fails the test.
        if (!multipart && fetchRefusesHeaderValue(contentType)) return;
        const upload = await fetch(`${backend.url}/storage/v1/object/assets/${name}`, { method: "POST", headers, body: payload });
        await upload.arrayBuffer();
        expect(upload.status, contentType).toBeLessThan(500);
        if (upload.status !== 200) return;
        const served = await fetch(`${backend.url}/storage/v1/object/public/assets/${name}`);
        const body = new Uint8Array(await served.arrayBuffer());
        const type = served.headers.get("content-type")!;
        expect(type === "application/octet-stream" || parseMediaType(type) === type, type).toBe(true);
        expect(served.headers.get("x-content-type-options")).toBe("nosniff");
        const inline = served.headers.get("content-disposition")!.startsWith("inline");
        expect(inline, `${contentType} served as ${type}`).toBe(servedInline(parseMediaType(type), body.subarray(0, 512)));
      }),
      { numRuns: 150 },
    );
  });
});
