import type { Whitepaper } from "../../../shared/content-types/whitepaper.ts";
import type { AdminDataProvider } from "../../lib/data-provider.ts";
import { versionOf } from "../../lib/row-versions.ts";

/** The version after the highest: its last number plus one ("1.2" -> "1.3", "2" -> "3"). */
export function nextVersion(highest: string): string {
  const parts = highest.trim().split(".");
  const last = Number.parseInt(parts.at(-1) ?? "", 10);
  parts[parts.length - 1] = String(Number.isFinite(last) ? last + 1 : 1);
  return parts.join(".");
}

/** What the change log of a version started from `source` begins with. */
export function startedFrom(source: Pick<Whitepaper, "version" | "change_log">): string[] {
  return [...(source.change_log ?? []), `Started from version ${source.version}`];
}

/**
 * "Duplicate as New Version" of the version the admin chose: its title and sections under the next
 * version number after the highest there is, as a draft for the create form (stored only on Save).
 */
export async function newVersionFrom(dataProvider: AdminDataProvider, source: Whitepaper): Promise<Record<string, unknown>> {
  const { data } = await dataProvider.getList<Whitepaper>("whitepaper", {
    pagination: { page: 1, perPage: 1 },
    sort: { field: "version_key", order: "DESC" },
    filter: {},
  });
  return {
    title: source.title,
    version: nextVersion(data[0]?.version ?? source.version),
    sections: structuredClone(source.sections ?? []),
    change_log: startedFrom(source),
    published: false,
    publish_at: null,
  };
}

/**
 * Publishes or unpublishes a version through its RPC, which keeps one version published (publishing
 * one unpublishes the others), from the version the admin saw; answers the row as it now is. The data
 * provider calls it for an update of `published` (lib/data-provider.ts).
 */
export function publishVersion(dataProvider: AdminDataProvider, record: Pick<Whitepaper, "id">, published: boolean): Promise<Whitepaper> {
  return dataProvider.rpc<Whitepaper>(published ? "publish_whitepaper" : "unpublish_whitepaper", { whitepaper_id: record.id, whitepaper_version: versionOf(record) });
}
