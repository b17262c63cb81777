import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mergedRecord, overwriteUpdate, type Side } from "../../backoffice/components/conflictMerge.ts";
import { createDataProvider, type AdminDataProvider } from "../../backoffice/lib/data-provider.ts";
import { isConflict } from "../../backoffice/lib/row-versions.ts";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import { ADMIN, EDITOR, startTestBackend, type TestBackend } from "../support/backend.ts";

// "Overwrite with mine" after a conflict (backoffice/components/ConflictDialog.tsx), through the back
// office's real data provider against the database, on both engines: two people edit one row, the
// other saves first, and the overwrite writes only the fields I changed, at their version, so their
// changes to other fields stay; a save made in between is refused again (SQLSTATE RC409).

type Row = Record<string, unknown>;

let backend: TestBackend;
let mine: AdminDataProvider;
let theirs: AdminDataProvider;
/** A body as the database holds it: a rich-text document once the column is one (docs/rich-text-migration.md), else Markdown. */
let body: (...paragraphs: string[]) => unknown;
/** A whitepaper section's content, likewise (the seeded sections say which). */
let sectionContent: (text: string) => unknown;

const document = (...paragraphs: string[]) => ({ type: "doc", content: paragraphs.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })) });

beforeAll(async () => {
  backend = await startTestBackend();
  const provider = (client: SupabaseClient) => createDataProvider(client, { url: backend.url, anonKey: backend.anonKey }, CONTENT_TABLES);
  mine = provider(await backend.signIn(ADMIN.email, ADMIN.password));
  theirs = provider(await backend.signIn(EDITOR.email, EDITOR.password));
  const [column] = await backend.sql<{ data_type: string }>("select data_type from information_schema.columns where table_schema = 'public' and table_name = 'blog_posts' and column_name = 'content'");
  body = column!.data_type === "jsonb" ? document : (...paragraphs) => paragraphs.join("\n\n");
  const [section] = await backend.sql<{ kind: string }>("select jsonb_typeof(sections -> 0 -> 'content') as kind from public.whitepaper where jsonb_array_length(sections) > 0 limit 1");
  sectionContent = section!.kind === "object" ? (text) => document(text) : (text) => text;
});
afterAll(async () => {
  await backend?.stop();
});

async function read(resource: string, id: string): Promise<Row> {
  return (await mine.getOne<Row & { id: string }>(resource, { id })).data;
}

/**
 * What the dialog does on "Overwrite with mine": the row read again, my changes to `fields` since
 * `started` (the form's values, `typed`) over it, and of a field both changed the side chosen.
 */
async function overwrite(resource: string, fields: readonly string[], started: Row, typed: Row, choices: Record<string, Side> = {}): Promise<Row> {
  const current = await read(resource, started.id as string);
  const data = overwriteUpdate(mergedRecord(fields, { started, typed, current }, choices), current);
  if (data) await mine.update(resource, { id: started.id, data, previousData: current });
  return read(resource, started.id as string);
}

describe("Overwrite with mine keeps the other person's changes", () => {
  const FIELDS = ["title", "content", "category", "milestone"];

  async function newPost(title: string): Promise<Row> {
    const { data } = await mine.create<Row & { id: string }>("blog", { data: { title, slug: `overwrite-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, content: body("First words."), category: "community" } });
    return data;
  }

  it("they changed the title, I changed the body: my save is refused, and the overwrite writes my body under their title", async () => {
    const opened = await newPost("The title as we both opened it");
    await theirs.update("blog", { id: opened.id, data: { title: "Their new title" }, previousData: opened });

    const typed = { ...opened, content: body("First words.", "A paragraph of mine.") };
    const refused = await mine.update("blog", { id: opened.id, data: typed, previousData: opened }).then(() => null, (error: unknown) => error);
    expect(isConflict(refused)).toBe(true);

    const saved = await overwrite("blog", FIELDS, opened, typed);
    expect(saved).toMatchObject({ title: "Their new title", content: body("First words.", "A paragraph of mine."), category: "community", row_version: (opened.row_version as number) + 2 });
  });

  it("a field we both changed is written as chosen, per field; the fields only they changed stay theirs", async () => {
    const opened = await newPost("Both of us");
    await theirs.update("blog", { id: opened.id, data: { title: "Their title", content: body("Their words."), milestone: "Beta" }, previousData: opened });
    const typed = { ...opened, title: "My title", content: body("My words.") };

    const saved = await overwrite("blog", FIELDS, opened, typed, { title: "theirs", content: "mine" });
    expect(saved).toMatchObject({ title: "Their title", content: body("My words."), milestone: "Beta" });
  });

  it("saved again in between: the overwrite at the version it read is refused, and nothing of it is written", async () => {
    const opened = await newPost("Saved three times");
    await theirs.update("blog", { id: opened.id, data: { title: "Their first title" }, previousData: opened });
    const current = await read("blog", opened.id as string);
    await theirs.update("blog", { id: opened.id, data: { milestone: "Alpha" }, previousData: current });

    const typed = { ...opened, content: body("My late words.") };
    const data = overwriteUpdate(mergedRecord(FIELDS, { started: opened, typed, current }, {}), current);
    const refused = await mine.update("blog", { id: opened.id, data: data!, previousData: current }).then(() => null, (error: unknown) => error);
    expect(isConflict(refused)).toBe(true);
    expect(await read("blog", opened.id as string)).toMatchObject({ title: "Their first title", content: body("First words."), milestone: "Alpha" });
  });

  it("a structured field (a whitepaper's sections): I rewrote a section, they renamed the paper, and both stay", async () => {
    const [version] = await backend.sql<{ id: string }>(
      "insert into public.whitepaper (title, version, sections, change_log) values ('Overwrite paper', '7.1', $1::jsonb, '[]') returning id",
      [JSON.stringify([{ title: "Intro", content: sectionContent("Why."), order: 0 }])],
    );
    try {
      const opened = await read("whitepaper", version!.id);
      await theirs.update("whitepaper", { id: opened.id, data: { title: "Their paper title" }, previousData: opened });
      const sections = [{ title: "Intro", content: sectionContent("Why, and how."), order: 0 }];
      const typed = { ...opened, sections };

      const saved = await overwrite("whitepaper", ["title", "version", "sections", "change_log"], opened, typed);
      expect(saved).toMatchObject({ title: "Their paper title", version: "7.1", sections });
    } finally {
      await backend.sql("delete from public.whitepaper where id = $1", [version!.id]);
    }
  });
});
