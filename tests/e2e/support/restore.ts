import { afterEach, inject } from "vitest";
import { nodeClient } from "../../support/backend.ts";

type Match = Record<string, string | number | boolean>;

export interface Restorer {
  /** Rows matching `match` that the test creates, itself or through the UI: deleted afterwards. */
  created(table: string, match: Match): void;
  /** Rows the test creates that the product never deletes (whitepaper versions): set to `values` afterwards. */
  createdKept(table: string, match: Match, values: Record<string, unknown>): void;
  /** Library assets matching `match` that the test creates: their files and rows deleted afterwards. */
  createdMedia(match: Match): void;
  /** Rows matching `match` whose `columns` the test is about to change: written back afterwards. */
  changing(table: string, match: Match, columns: string[]): Promise<void>;
  /** A seeded account whose password the test changes: set back to `password` afterwards. */
  changingPassword(account: { email: string; password: string }): void;
}

/**
 * The e2e files share one server, so whatever a test creates or changes would otherwise meet the
 * next file (a published post on the visitor's Updates page). Each test records it here before
 * acting, and it is undone after the test however the test ended, last recorded first.
 */
export function restoreAfterEach(): Restorer {
  // The service role, past row-level security, undoes what the admin did.
  const service = nodeClient(inject("apiUrl"), inject("serviceKey"));
  let undo: (() => Promise<void>)[] = [];

  afterEach(async () => {
    const steps = undo.reverse();
    undo = [];
    const failures: unknown[] = [];
    for (const step of steps) await step().catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw new AggregateError(failures, "restoring the shared server failed");
  });

  const check = ({ error }: { error: { message: string } | null }, what: string) => {
    if (error) throw new Error(`${what}: ${error.message}`);
  };

  return {
    created(table, match) {
      undo.push(async () => check(await service.from(table).delete().match(match), `deleting ${table} ${JSON.stringify(match)}`));
    },
    createdKept(table, match, values) {
      undo.push(async () => check(await service.from(table).update(values).match(match), `updating ${table} ${JSON.stringify(match)}`));
    },
    createdMedia(match) {
      undo.push(async () => {
        const { data, error } = await service.from("media_assets").select("id, url").match(match);
        check({ error }, `finding media ${JSON.stringify(match)}`);
        const paths = (data ?? []).map(({ url }: { url: string }) => new URL(url, "http://stored.invalid").pathname.split("/object/public/assets/")[1]!);
        if (paths.length > 0) check(await service.storage.from("assets").remove(paths), `removing ${paths.join(", ")}`);
        check(await service.from("media_assets").delete().match(match), `deleting media ${JSON.stringify(match)}`);
      });
    },
    async changing(table, match, columns) {
      const { data, error } = await service.from(table).select(["id", ...columns].join(",")).match(match);
      check({ error }, `reading ${table} ${JSON.stringify(match)}`);
      const rows = (data ?? []) as unknown as Record<string, unknown>[];
      undo.push(async () => {
        for (const { id, ...values } of rows) check(await service.from(table).update(values).eq("id", id as string), `restoring ${table} ${String(id)}`);
      });
    },
    changingPassword({ email, password }) {
      undo.push(async () => {
        const { data, error } = await service.auth.admin.listUsers();
        check({ error }, "listing accounts");
        const account = data.users.find((user) => user.email === email);
        if (!account) throw new Error(`no account ${email}`);
        check(await service.auth.admin.updateUserById(account.id, { password }), `restoring the password of ${email}`);
      });
    },
  };
}
