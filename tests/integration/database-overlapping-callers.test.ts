import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebServer } from "../../server/web.ts";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import type { ContentTable } from "../../shared/content-type.ts";
import { ROW_VERSION } from "../../shared/revisions.ts";
import { startWebFor } from "../support/web-server.ts";
import { ADMIN, startTestBackend, USER, type TestBackend } from "../support/backend.ts";
import { doc } from "../support/documents.ts";

// Many callers at once, each with their own rights: an administrator uploading, replacing, moving
// and deleting files and editing content, visitors and a signed-in non-admin reading and trying to
// write every content table and the submissions, and the web tier rendering pages, all overlapping
// for STORM_MS. On the embedded database they share one connection, on a server a pool: either
// way, nobody's request may run with somebody else's rights.

const STORM_MS = 10_000;

type Identity = "anon" | "user" | "admin";

let backend: TestBackend;
let web: WebServer;
let tokens: Record<Identity, string | null>;
let adminId: string;
let png: Blob;
const marker = `overlap-${Date.now()}`;
const scheduled = { title: `Scheduled overlap post ${marker}`, slug: `scheduled-overlap-${Date.now()}`, text: `Comes out in an hour (${marker}).` };
let editedFaqId: string;

beforeAll(async () => {
  backend = await startTestBackend();
  web = await startWebFor(backend, { formLimit: { limit: 10_000, windowMs: 60_000 } });
  const session = async (email: string, password: string) => (await (await backend.signIn(email, password)).auth.getSession()).data.session!;
  const admin = await session(ADMIN.email, ADMIN.password);
  adminId = admin.user.id;
  tokens = { anon: null, user: (await session(USER.email, USER.password)).access_token, admin: admin.access_token };
  png = new Blob([new Uint8Array(await sharp({ create: { width: 4, height: 4, channels: 3, background: "#3a7" } }).png().toBuffer())], { type: "image/png" });
  await backend.sql(
    `insert into public.blog_posts (title, slug, category, content, published, publish_at)
     values ($1, $2, 'community', $3::jsonb, true, now() + interval '1 hour')`,
    [scheduled.title, scheduled.slug, JSON.stringify(doc(scheduled.text))],
  );
  [{ id: editedFaqId }] = (await backend.sql<{ id: string }>("select id from public.faq_entries order by id limit 1")) as [{ id: string }];
});

afterAll(async () => {
  await web?.stop();
  await backend?.stop();
});

function headers(who: Identity, extra: Record<string, string> = {}): Record<string, string> {
  const token = tokens[who];
  return { apikey: backend.anonKey, ...(token ? { Authorization: `Bearer ${token}` } : {}), ...extra };
}

/** What a caller without admin rights may see of a row. */
function visibleToVisitors(table: ContentTable, row: Record<string, unknown>, at: number): boolean {
  if (table.visibility === "everyone") return true;
  if (table.visibility === "admins") return false;
  return row.published === true && (row.publish_at === null || Date.parse(String(row.publish_at)) <= at);
}

/** Rows and content, per table, that no caller but the administrator's own edits may change. */
async function contentFingerprint(): Promise<Record<string, string | null>> {
  const entries = await Promise.all(
    CONTENT_TABLES.map(async ({ table }) => {
      const except = table === "faq_entries" ? `where id <> '${editedFaqId}'` : "";
      const [row] = await backend.sql<{ h: string | null }>(`select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from public.${table} t ${except}`);
      return [table, row!.h] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe("overlapping callers keep their own rights", () => {
  it(`for ${STORM_MS / 1000} s of uploads, moves, deletes, reads, refused writes and page renders: nothing beyond anyone's rights, no 5xx`, async () => {
    const before = await contentFingerprint();
    const [{ last_revision: lastRevision }] = (await backend.sql<{ last_revision: number }>("select coalesce(max(id), 0)::int as last_revision from public.content_revisions")) as [{ last_revision: number }];
    const problems: string[] = [];
    let adminEditCount = 0;
    const endAt = Date.now() + STORM_MS;

    /** Every answer: never a 5xx, never an aborted transaction showing through. */
    const call = async (label: string, url: string, init: RequestInit = {}) => {
      const response = await fetch(url, init);
      const body = await response.text();
      if (response.status >= 500 || body.includes("25P02")) problems.push(`${label}: ${response.status} ${body.slice(0, 200)}`);
      return { status: response.status, body };
    };
    const json = (body: string): unknown => {
      try {
        return JSON.parse(body) as unknown;
      } catch {
        return null;
      }
    };
    /** Rounds until the storm is over, and at least `minimumRounds` however slow the machine is. */
    const loop = async (work: (round: number) => Promise<void>, minimumRounds = 6) => {
      for (let round = 0; Date.now() < endAt || round < minimumRounds; round++) await work(round);
    };

    const storage = (worker: number) =>
      loop(async (round) => {
        const name = `overlap/w${worker}-${round % 3}.png`;
        const upload = await call(`upload ${name}`, `${backend.url}/storage/v1/object/assets/${name}`, {
          method: "POST",
          headers: headers("admin", { "Content-Type": "image/png", "x-upsert": "true" }),
          body: png,
        });
        if (upload.status !== 200) problems.push(`admin upload ${name} refused: ${upload.status} ${upload.body.slice(0, 200)}`);
        if (round % 3 === 2) {
          const moved = `overlap/w${worker}-moved-${round}.png`;
          const move = await call("move", `${backend.url}/storage/v1/object/move`, {
            method: "POST",
            headers: headers("admin", { "Content-Type": "application/json" }),
            body: JSON.stringify({ bucketId: "assets", sourceKey: name, destinationKey: moved }),
          });
          if (move.status !== 200) problems.push(`admin move refused: ${move.status} ${move.body.slice(0, 200)}`);
          const remove = await call("delete", `${backend.url}/storage/v1/object/assets`, {
            method: "DELETE",
            headers: headers("admin", { "Content-Type": "application/json" }),
            body: JSON.stringify({ prefixes: [moved] }),
          });
          const removed = json(remove.body);
          if (remove.status !== 200 || !Array.isArray(removed) || removed.length !== 1) problems.push(`admin delete refused: ${remove.status} ${remove.body.slice(0, 200)}`);
        }
      });

    // The one writer of that row: each save sends the version it read plus one.
    const [{ version: startVersion }] = (await backend.sql<{ version: number }>("select row_version as version from public.faq_entries where id = $1", [editedFaqId])) as [
      { version: number },
    ];
    let editedVersion = startVersion;
    const adminEdits = () =>
      loop(async (round) => {
        const answer = `Edited during the overlap test, round ${round}.`;
        const edit = await call("admin edit", `${backend.url}/rest/v1/faq_entries?id=eq.${editedFaqId}`, {
          method: "PATCH",
          headers: headers("admin", { "Content-Type": "application/json", Prefer: "return=representation" }),
          body: JSON.stringify({ answer: doc(answer), [ROW_VERSION]: editedVersion + 1 }),
        });
        const rows = json(edit.body);
        if (edit.status !== 200 || !Array.isArray(rows) || rows.length !== 1) problems.push(`admin edit refused: ${edit.status} ${edit.body.slice(0, 200)}`);
        else editedVersion++;
        const inbox = await call("admin inbox", `${backend.url}/rest/v1/form_submissions?select=email&limit=5`, { headers: headers("admin") });
        const submissions = json(inbox.body);
        if (inbox.status !== 200 || !Array.isArray(submissions) || submissions.length === 0) problems.push(`admin inbox read refused: ${inbox.status} ${inbox.body.slice(0, 200)}`);
        adminEditCount++;
      });

    const outsider = (who: "anon" | "user") =>
      loop(async (round) => {
        const table = CONTENT_TABLES[round % CONTENT_TABLES.length]!;
        const base = `${backend.url}/rest/v1/${table.table}`;
        const readAt = Date.now();
        const read = await call(`${who} read ${table.table}`, `${base}?select=*`, { headers: headers(who) });
        const rows = json(read.body);
        if (read.status === 200 && Array.isArray(rows)) {
          for (const row of rows as Record<string, unknown>[]) {
            if (!visibleToVisitors(table, row, readAt)) problems.push(`${who} read a row of ${table.table} beyond their rights: ${JSON.stringify(row).slice(0, 200)}`);
          }
        } else if (table.visibility !== "admins" || ![401, 403].includes(read.status)) {
          problems.push(`${who} read of ${table.table} answered ${read.status} ${read.body.slice(0, 200)}`);
        }

        const write = table.example.row(100_000 + round);
        const insert = await call(`${who} insert ${table.table}`, base, {
          method: "POST",
          headers: headers(who, { "Content-Type": "application/json", Prefer: "return=representation" }),
          body: JSON.stringify(write),
        });
        if (insert.status < 400) problems.push(`${who} insert into ${table.table} accepted: ${insert.status} ${insert.body.slice(0, 200)}`);
        const update = await call(`${who} update ${table.table}`, `${base}?id=not.is.null`, {
          method: "PATCH",
          headers: headers(who, { "Content-Type": "application/json", Prefer: "return=representation" }),
          body: JSON.stringify(table.example.change),
        });
        if (update.status < 400 && JSON.stringify(json(update.body)) !== "[]") problems.push(`${who} update of ${table.table} accepted: ${update.body.slice(0, 200)}`);
        const remove = await call(`${who} delete ${table.table}`, `${base}?id=not.is.null`, { method: "DELETE", headers: headers(who, { Prefer: "return=representation" }) });
        if (remove.status < 400 && JSON.stringify(json(remove.body)) !== "[]") problems.push(`${who} delete of ${table.table} accepted: ${remove.body.slice(0, 200)}`);

        const submissions = await call(`${who} submissions`, `${backend.url}/rest/v1/form_submissions?select=email`, { headers: headers(who) });
        if (submissions.status < 400 && JSON.stringify(json(submissions.body)) !== "[]") problems.push(`${who} read submissions: ${submissions.body.slice(0, 200)}`);
      }, CONTENT_TABLES.length);

    const pages = () =>
      loop(async (round) => {
        const path = ["/", "/updates", `/updates/${scheduled.slug}`, "/updates/feed.xml", "/sitemap.xml"][round % 5]!;
        const page = await call(`page ${path}`, `http://127.0.0.1:${web.port}${path}`);
        if (page.body.includes(scheduled.title) || page.body.includes(scheduled.text)) problems.push(`page ${path} (${page.status}) showed the scheduled post`);
        if (path.endsWith(scheduled.slug) ? page.status !== 404 : page.status !== 200) problems.push(`page ${path} answered ${page.status}`);
      }, 10);

    await Promise.all([storage(1), storage(2), adminEdits(), outsider("anon"), outsider("anon"), outsider("user"), outsider("user"), pages()]);

    expect(problems).toEqual([]);
    expect(await contentFingerprint()).toEqual(before);
    const revisions = await backend.sql<{ table_name: string; changed_by: string | null }>("select table_name, changed_by from public.content_revisions where id > $1", [lastRevision]);
    expect(revisions.length).toBeGreaterThanOrEqual(adminEditCount);
    expect(revisions.filter((revision) => revision.table_name !== "faq_entries" || revision.changed_by !== adminId)).toEqual([]);
    const leftovers = await backend.sql<{ n: number }>("select count(*)::int as n from storage.objects where name like 'overlap/%moved%'");
    expect(leftovers).toEqual([{ n: 0 }]);
  });
});
