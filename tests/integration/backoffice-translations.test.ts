import { createClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthProvider } from "../../backoffice/lib/auth-provider.ts";
import { createDataProvider, type AdminDataProvider } from "../../backoffice/lib/data-provider.ts";
import { isConflict } from "../../backoffice/lib/row-versions.ts";
import { NEEDS_TRANSLATION_FILTER, TRANSLATIONS_RESOURCE, type TranslationStatus } from "../../backoffice/lib/translations.ts";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import { ADMIN, startTestBackend, type TestBackend } from "../support/backend.ts";

// A translator's saves through the back office's data provider on the real backend: a translation
// is the `translations` resource (content_translations, its fields at the top level as the editor's
// form holds them), saved as a draft or published with its own schedule; the database's refusals
// (the record's table's checks, an incomplete translation published) come back as the same field
// errors as the record's own; its version guards it as a record's; and the list's "Needs
// translation in <language>" filter follows translation_status().

const ROUTES = CONTENT_TABLES.map((entry) => (entry.table === "faq_entries" ? { ...entry, noun: "question" } : entry));
const paragraph = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

let backend: TestBackend;
let dataProvider: AdminDataProvider;

beforeAll(async () => {
  backend = await startTestBackend();
  const storage = new Map<string, string>();
  const store = { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => void storage.set(key, value), removeItem: (key: string) => void storage.delete(key) };
  const client = createClient(backend.url, backend.anonKey, { auth: { storage: store, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false }, realtime: { transport: WebSocket as never } });
  await createAuthProvider(client, { storage: store as unknown as Storage, resetRedirect: () => "http://localhost/admin/update-password" }).login({ email: ADMIN.email, password: ADMIN.password });
  dataProvider = createDataProvider(client, { url: backend.url, anonKey: backend.anonKey }, ROUTES);
});
afterAll(async () => {
  await backend?.stop();
});

async function newEntry(n: number) {
  const { data } = await dataProvider.create("faq", { data: { question: `Question ${n}?`, answer: paragraph(`Answer ${n}.`), order: 9000 + n, published: true } });
  return data as { id: string; question: string; row_version: number } & Record<string, unknown>;
}

async function stateOf(id: string): Promise<TranslationStatus | undefined> {
  const statuses = await dataProvider.rpc<TranslationStatus[]>("translation_status", { source_table: "faq_entries", language: "ja" });
  return statuses.find((status) => status.row_id === id);
}

async function needingJapanese(): Promise<string[]> {
  const { data } = await dataProvider.getList("faq", { pagination: { page: 1, perPage: 500 }, sort: { field: "order", order: "ASC" }, filter: { [NEEDS_TRANSLATION_FILTER]: "ja" } });
  return data.map((row) => String(row.id));
}

/** The field errors a refused save shows under the form's fields. */
async function refusal(save: Promise<unknown>): Promise<Record<string, string>> {
  const error = (await save.then(() => null, (failure: unknown) => failure)) as { body?: { errors?: Record<string, string> } } | null;
  expect(error).not.toBeNull();
  return error!.body?.errors ?? {};
}

describe("a translation saved from the back office", () => {
  it("is created as a draft with its fields, read back as the form holds it, and published once complete", async () => {
    const entry = await newEntry(1);
    const { data: draft } = await dataProvider.create(TRANSLATIONS_RESOURCE, {
      data: { source_table: "faq_entries", row_id: entry.id, language: "ja", question: "質問 1？", answer: "", published: false, publish_at: null },
    });
    expect(draft).toMatchObject({ row_id: entry.id, language: "ja", question: "質問 1？", published: false, fields: { question: "質問 1？" } });
    // A blank field is left out: the English answer shows meanwhile, and the translation is missing it.
    expect(draft.fields).not.toHaveProperty("answer");
    expect(await stateOf(entry.id)).toMatchObject({ state: "missing", missing: ["answer"] });
    expect(await needingJapanese()).toContain(entry.id);

    const { data: read } = await dataProvider.getOne(TRANSLATIONS_RESOURCE, { id: draft.id });
    expect(read).toMatchObject({ question: "質問 1？", row_version: draft.row_version });

    const { data: published } = await dataProvider.update(TRANSLATIONS_RESOURCE, { id: draft.id, data: { ...read, answer: paragraph("答え 1。"), published: true }, previousData: read });
    expect(published).toMatchObject({ published: true, question: "質問 1？", answer: paragraph("答え 1。") });
    expect(await stateOf(entry.id)).toMatchObject({ state: "up_to_date", published: true });
    expect(await needingJapanese()).not.toContain(entry.id);
    // Visitors read it: published, and its record is.
    const { data: seen } = await backend.anon().from("content_translations").select("fields").eq("id", draft.id);
    expect(seen).toEqual([{ fields: { question: "質問 1？", answer: paragraph("答え 1。") } }]);
  });

  it("keeps its own schedule: scheduled, visitors do not read it before its moment", async () => {
    const entry = await newEntry(2);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const { data: scheduled } = await dataProvider.create(TRANSLATIONS_RESOURCE, {
      data: { source_table: "faq_entries", row_id: entry.id, language: "ja", question: "質問 2？", answer: paragraph("答え 2。"), published: true, publish_at: at },
    });
    expect(Date.parse(String(scheduled.publish_at))).toBe(Date.parse(at));
    const { data: seen } = await backend.anon().from("content_translations").select("id").eq("id", scheduled.id);
    expect(seen).toEqual([]);
  });

  it("publishing an incomplete one is refused with the record's own message on the missing field", async () => {
    const entry = await newEntry(3);
    const errors = await refusal(
      dataProvider.create(TRANSLATIONS_RESOURCE, { data: { source_table: "faq_entries", row_id: entry.id, language: "ja", question: "質問 3？", published: true, publish_at: null } }),
    );
    expect(errors).toEqual({ answer: "Answer is required" });
  });

  it("a field the record's table refuses is refused with the record's own message", async () => {
    const entry = await newEntry(4);
    const errors = await refusal(
      dataProvider.create(TRANSLATIONS_RESOURCE, { data: { source_table: "faq_entries", row_id: entry.id, language: "ja", question: "長".repeat(5000), published: false, publish_at: null } }),
    );
    expect(errors).toEqual({ question: "This question is not accepted: check its format and length" });
  });

  it("a save from an older version is a conflict, and the update of one field keeps the others (the conflict dialog's overwrite)", async () => {
    const entry = await newEntry(5);
    const { data: opened } = await dataProvider.create(TRANSLATIONS_RESOURCE, {
      data: { source_table: "faq_entries", row_id: entry.id, language: "ja", question: "質問 5？", answer: paragraph("答え 5。"), published: false, publish_at: null },
    });
    const { data: theirs } = await dataProvider.update(TRANSLATIONS_RESOURCE, { id: opened.id, data: { ...opened, question: "彼らの質問？" }, previousData: opened });
    const stale = await dataProvider.update(TRANSLATIONS_RESOURCE, { id: opened.id, data: { ...opened, question: "私の質問？" }, previousData: opened }).catch((error: unknown) => error);
    expect(isConflict(stale)).toBe(true);
    const { data: mine } = await dataProvider.update(TRANSLATIONS_RESOURCE, { id: opened.id, data: { question: "私の質問？", row_version: theirs.row_version }, previousData: theirs });
    expect(mine.fields).toEqual({ question: "私の質問？", answer: paragraph("答え 5。") });
    // Its History: the translation's own changes, as the editor's History panel reads them.
    const { data: revisions } = await dataProvider.getList("content_revisions", { pagination: { page: 1, perPage: 50 }, sort: { field: "id", order: "DESC" }, filter: { table_name: "content_translations", row_id: opened.id } });
    expect(revisions.map((revision) => revision.action)).toEqual(["update", "update", "insert"]);
  });

  it("an English edit after translating makes it outdated: the filter lists the record again", async () => {
    const entry = await newEntry(6);
    await dataProvider.create(TRANSLATIONS_RESOURCE, {
      data: { source_table: "faq_entries", row_id: entry.id, language: "ja", question: "質問 6？", answer: paragraph("答え 6。"), published: true, publish_at: null },
    });
    expect(await needingJapanese()).not.toContain(entry.id);
    await dataProvider.update("faq", { id: entry.id, data: { ...entry, question: "Question six, reworded?" }, previousData: entry });
    expect(await stateOf(entry.id)).toMatchObject({ state: "outdated", outdated: ["question"] });
    expect(await needingJapanese()).toContain(entry.id);
    // The filter goes with the list's others (the search box).
    const { data } = await dataProvider.getList("faq", { pagination: { page: 1, perPage: 50 }, sort: { field: "order", order: "ASC" }, filter: { [NEEDS_TRANSLATION_FILTER]: "ja", q: "reworded" } });
    expect(data.map((row) => row.id)).toEqual([entry.id]);
  });

  it("the filter of a table whose every row is translated lists nothing", async () => {
    const statuses = await dataProvider.rpc<TranslationStatus[]>("translation_status", { source_table: "project_stages", language: "ja" });
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status.state === "up_to_date")).toBe(true);
    const { data, total } = await dataProvider.getList("progress", { pagination: { page: 1, perPage: 50 }, sort: { field: "order", order: "ASC" }, filter: { [NEEDS_TRANSLATION_FILTER]: "ja" } });
    expect(data).toEqual([]);
    expect(total).toBe(0);
  });
});
