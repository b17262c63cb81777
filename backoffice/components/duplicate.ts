import type { AdminDataProvider } from "../lib/data-provider.ts";
import type { ResourceConfig } from "../resources/types.ts";

/** What a copy's title ends with. */
export const COPY_SUFFIX = " (copy)";

/** "Launch" -> "Launch (copy)", cut so that it stays within the column's limit. */
export function copyTitle(title: string, maxLength?: number): string {
  const room = maxLength === undefined ? title.length : Math.max(0, maxLength - COPY_SUFFIX.length);
  return `${title.slice(0, room).trimEnd()}${COPY_SUFFIX}`;
}

/**
 * The first free slug for a copy: "<slug>-copy", then "<slug>-copy-2", "-copy-3", ... (`taken` holds
 * the slugs in use that start with "<slug>-copy"), cut to `maxLength` at a hyphen boundary.
 */
export function copySlug(slug: string, taken: Iterable<string>, maxLength = 120): string {
  const used = new Set(taken);
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? "-copy" : `-copy-${n}`;
    const base = slug.slice(0, maxLength - suffix.length).replace(/-+$/, "");
    const candidate = `${base}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

/**
 * The create form's values for a draft copy of `record`: the config's editable fields (and their alt
 * texts), the title with " (copy)", unpublished and unscheduled. A reorderable row's order and the
 * `reset` fields are left out, so that the new record's defaults fill them (a fresh position).
 */
export function copyValues(config: Pick<ResourceConfig, "fields" | "capabilities" | "duplicate" | "limits">, record: Record<string, unknown>): Record<string, unknown> {
  const spec = config.duplicate;
  const left = new Set<string>(spec?.reset ?? []);
  if (config.capabilities.reorder) left.add("order");
  const values: Record<string, unknown> = {};
  for (const field of config.fields) {
    if (field.only === "edit") continue;
    for (const source of [field.source, field.alt?.source, field.alt?.decorative]) {
      if (source && !left.has(source) && source in record) values[source] = structuredClone(record[source]);
    }
  }
  if (spec) values[spec.title] = copyTitle(String(record[spec.title] ?? ""), (config.limits as Record<string, number | undefined>)[spec.title]);
  if (config.capabilities.publish) Object.assign(values, { published: false, publish_at: null });
  return values;
}

/** The values a Duplicate opens the create form with: the config's own copy, or the generic one with a free slug. */
export async function duplicateOf(config: ResourceConfig, dataProvider: AdminDataProvider, record: Record<string, unknown>): Promise<Record<string, unknown>> {
  const spec = config.duplicate;
  if (spec?.copy) return spec.copy(dataProvider, record);
  const values = copyValues(config, record);
  const slug = spec?.slug ? String(record[spec.slug] ?? "") : "";
  if (spec?.slug && slug) {
    const { data } = await dataProvider.getList<{ id: string } & Record<string, unknown>>(config.name, {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: spec.slug, order: "ASC" },
      filter: { [`${spec.slug}@like`]: `${slug}-copy%` },
    });
    values[spec.slug] = copySlug(slug, data.map((row) => String(row[spec.slug!])));
  }
  return values;
}
