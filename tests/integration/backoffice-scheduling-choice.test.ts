import { createClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthProvider } from "../../backoffice/lib/auth-provider.ts";
import { createDataProvider, type AdminDataProvider } from "../../backoffice/lib/data-provider.ts";
import { publishVersion } from "../../backoffice/resources/whitepaper/versions.ts";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import { publicationStatus, publishChoiceOf, publishingOutcome, publishingValues, type Publishable } from "../../shared/publishing.ts";
import { ADMIN, startTestBackend, type TestBackend } from "../support/backend.ts";

// The editor's publishing choice (backoffice/components/inputs/PublishingInput.tsx) through the back
// office's data provider on the real backend, for every publishable table: Schedule alone (no
// Publish immediately) stores a row visitors do not see until its moment, which the list calls
// Scheduled and the form "Goes live ..."; Publish immediately shows it at once; back to a draft hides
// it. The whitepaper, one version published at a time, saves first and publishes through its RPC, as
// the editor does.

const PUBLISHABLE = CONTENT_TABLES.filter((type) => type.visibility === "published");
const ROUTES = CONTENT_TABLES.map((entry) => (entry.table === "whitepaper" ? { ...entry, publish: publishVersion } : entry));

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

async function seenByVisitors(table: string, id: string): Promise<boolean> {
  const { data, error } = await backend.anon().from(table).select("id").eq("id", id);
  expect(error).toBeNull();
  return data!.length === 1;
}

/** The editor's save: the form's values with the choice's fields; a one-published type publishes after. */
async function save(name: string, row: Publishable & { id: string }, values: { published: boolean; publish_at: string | null }, publishesOne: boolean) {
  const publishAfter = publishesOne && values.published && !row.published;
  const { data: saved } = await dataProvider.update(name, { id: row.id, data: { ...row, ...values, published: publishAfter ? false : values.published }, previousData: row });
  if (!publishAfter) return saved as Publishable & { id: string };
  return (await dataProvider.update(name, { id: row.id, data: { published: true }, previousData: saved })).data as Publishable & { id: string };
}

describe("the publishing choice, stored", () => {
  it.each(PUBLISHABLE.map((type) => [type.name, type] as const))("%s: Schedule alone hides the row until its moment; Publish immediately shows it; a draft hides it", async (name, type) => {
    const publishesOne = type.table === "whitepaper";
    const { data: created } = await dataProvider.create(name, { data: { ...type.example.row(4242), published: false } });
    let row = created as Publishable & { id: string };
    try {
      expect(publishChoiceOf(row)).toBe("draft");
      const at = new Date(Date.now() + 3_600_000).toISOString();
      row = await save(name, row, publishingValues("schedule", at), publishesOne);
      expect(row).toMatchObject({ published: true });
      expect(Date.parse(row.publish_at!)).toBe(Date.parse(at));
      expect(publicationStatus(row).kind).toBe("scheduled");
      expect(publishChoiceOf(row)).toBe("schedule");
      expect(publishingOutcome(publishChoiceOf(row), row.publish_at, { wasLive: false })).toMatch(/^Goes live /);
      expect(await seenByVisitors(type.table, row.id)).toBe(false);

      row = await save(name, row, publishingValues("now", row.publish_at), publishesOne);
      expect(row).toMatchObject({ published: true, publish_at: null });
      expect(await seenByVisitors(type.table, row.id)).toBe(true);

      row = await save(name, row, publishingValues("draft", null), publishesOne);
      expect(row).toMatchObject({ published: false, publish_at: null });
      expect(await seenByVisitors(type.table, row.id)).toBe(false);
    } finally {
      await backend.sql(`delete from public.${type.table} where id = $1`, [row.id]);
    }
  });
});
