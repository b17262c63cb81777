import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rowLabel } from "../../backoffice/activity/content-labels.ts";
import { REVISIONS_RESOURCE } from "../../backoffice/history/revisions.ts";
import { createAuthProvider, NotAdminError } from "../../backoffice/lib/auth-provider.ts";
import { createDataProvider } from "../../backoffice/lib/data-provider.ts";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import type { ContentRevision } from "../../shared/revisions.ts";
import { ADMIN, EDITOR, nodeClient, startTestBackend, USER, type TestBackend } from "../support/backend.ts";

// The back office's roles against the real local backend: what the auth provider resolves for each
// member, and what an editor's own client can read. The screens only follow these answers
// (backoffice/auth/roles.test.tsx); the database decides.

let backend: TestBackend;
const clients: SupabaseClient[] = [];

/** A Storage in memory, as window.localStorage is in the browser. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** The back office's providers over a fresh client, signed in as `who` through the auth provider's login. */
async function signedInAs(who: { email: string; password: string }) {
  const client = nodeClient(backend.url, backend.anonKey);
  clients.push(client);
  const authProvider = createAuthProvider(client, { storage: memoryStorage() });
  const dataProvider = createDataProvider(client, { url: backend.url, anonKey: backend.anonKey }, CONTENT_TABLES);
  await authProvider.login({ email: who.email, password: who.password });
  return { client, authProvider, dataProvider };
}

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.removeAllChannels()));
  await backend?.stop();
});

describe("permissions: the member's role", () => {
  it("the seeded administrator resolves to administrator, the seeded editor to editor", async () => {
    const admin = await signedInAs(ADMIN);
    expect(await admin.authProvider.getPermissions?.({})).toEqual({ role: "administrator" });
    const editor = await signedInAs(EDITOR);
    expect(await editor.authProvider.getPermissions?.({})).toEqual({ role: "editor" });
  });

  it("a signed-in person without a membership is still refused at sign-in", async () => {
    const client = nodeClient(backend.url, backend.anonKey);
    clients.push(client);
    const authProvider = createAuthProvider(client, { storage: memoryStorage() });
    await expect(authProvider.login({ email: USER.email, password: USER.password })).rejects.toThrow("Access denied. Admin privileges required.");
  });

  it("a role change is seen at the next check, a removal ends access; Activity describes each in words", async () => {
    const service = backend.service();
    clients.push(service);
    const email = `member-${Date.now()}@example.com`;
    const { data: created, error } = await service.auth.admin.createUser({ email, password: "Member12345", email_confirm: true });
    expect(error).toBeNull();
    const id = created.user!.id;
    const admin = await signedInAs(ADMIN);
    try {
      expect((await admin.client.rpc("add_team_member", { member_id: id, member_email: email, member_role: "editor" })).error).toBeNull();
      const member = await signedInAs({ email, password: "Member12345" });
      expect(await member.authProvider.getPermissions?.({})).toEqual({ role: "editor" });

      expect((await admin.client.rpc("set_team_role", { member_id: id, member_role: "administrator" })).error).toBeNull();
      expect(await member.authProvider.getPermissions?.({})).toEqual({ role: "administrator" });

      expect((await admin.client.rpc("end_team_membership", { member_id: id })).error).toBeNull();
      vi.spyOn(console, "error").mockImplementation(() => {});
      const refused = await Promise.resolve(member.authProvider.getPermissions?.({})).catch((reason: unknown) => reason);
      expect(refused).toBeInstanceOf(NotAdminError);
      await expect(member.authProvider.checkError(refused)).rejects.toMatchObject({ redirectTo: "/login" });

      const { data: changes } = await admin.dataProvider.getList<ContentRevision>(REVISIONS_RESOURCE, {
        pagination: { page: 1, perPage: 10 },
        sort: { field: "id", order: "ASC" },
        filter: { table_name: "admin_users", row_id: id },
      });
      expect(changes.map((change) => [change.changed_by_email, rowLabel(change)])).toEqual([
        [ADMIN.email, `invited ${email} as editor`],
        [ADMIN.email, `changed ${email}'s role to administrator`],
        [ADMIN.email, `removed ${email}`],
      ]);
    } finally {
      await backend.sql("delete from public.admin_users where id = $1", [id]);
      await service.auth.admin.deleteUser(id);
    }
  });
});

describe("what an editor's client reads", () => {
  it("no form submissions and no submission figures; the administrator's client reads them", async () => {
    const editor = await signedInAs(EDITOR);
    const inbox = await editor.dataProvider.getList("community", { pagination: { page: 1, perPage: 25 }, sort: { field: "created_at", order: "DESC" }, filter: {} });
    expect(inbox).toMatchObject({ data: [], total: 0 });
    expect((await editor.client.rpc("submission_counts", { days: 30 })).error).not.toBeNull();
    expect((await editor.client.rpc("waitlist_totals", { days: 30 })).error).not.toBeNull();

    const admin = await signedInAs(ADMIN);
    const adminInbox = await admin.dataProvider.getList("community", { pagination: { page: 1, perPage: 25 }, sort: { field: "created_at", order: "DESC" }, filter: {} });
    expect(adminInbox.total).toBeGreaterThan(0);
  });

  it("its own membership only, and the content history (the Activity screen)", async () => {
    const editor = await signedInAs(EDITOR);
    const { data: team } = await editor.client.from("admin_users").select("email, role");
    expect(team).toEqual([{ email: EDITOR.email, role: "editor" }]);
    const activity = await editor.dataProvider.getList<ContentRevision>(REVISIONS_RESOURCE, { pagination: { page: 1, perPage: 5 }, sort: { field: "id", order: "DESC" }, filter: {} });
    expect(activity.total).toBeGreaterThan(0);
  });
});
