import type { Whitepaper, WhitepaperSection } from "./types.ts";

/** The numeric parts of a dotted version: "v1.10" -> [1, 10]; a part without digits counts as 0. */
function versionParts(version: string): number[] {
  return version
    .trim()
    .replace(/^v/i, "")
    .split(".")
    .map((part) => Number.parseInt(part, 10) || 0);
}

/**
 * Compares dotted versions part by part as numbers, so "1.10" is after "1.9" (a text comparison,
 * like the database's order by version, would put it first). Missing parts count as 0, so "2"
 * equals "2.0". Returns a negative number, 0 or a positive number, for Array.prototype.sort.
 */
export function compareVersions(a: string, b: string): number {
  const left = versionParts(a);
  const right = versionParts(b);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/** The public page shows the published version with the highest version, or null if none is. */
export function latestPublished<T extends Pick<Whitepaper, "version" | "published">>(
  versions: readonly T[],
): T | null {
  let latest: T | null = null;
  for (const candidate of versions) {
    if (candidate.published && (latest === null || compareVersions(candidate.version, latest.version) > 0)) {
      latest = candidate;
    }
  }
  return latest;
}

// Sections editor. The array's position is the display order; every change renumbers `order`
// from 0 so the stored orders never have gaps or duplicates.

/** Sets each section's order to its position: 0, 1, 2, ... */
export function renumber(sections: readonly WhitepaperSection[]): WhitepaperSection[] {
  return sections.map((section, index) => ({ ...section, order: index }));
}

/** A copy sorted by order, for showing stored sections and for loading them into the editor. */
export function sortSections(sections: readonly WhitepaperSection[]): WhitepaperSection[] {
  return [...sections].sort((a, b) => a.order - b.order);
}

/** Appends an empty section. */
export function addSection(sections: readonly WhitepaperSection[]): WhitepaperSection[] {
  return renumber([...sections, { title: "", content: "", order: sections.length }]);
}

/** Removes the section at `index`; an index out of range changes nothing but the numbering. */
export function removeSection(sections: readonly WhitepaperSection[], index: number): WhitepaperSection[] {
  return renumber(sections.filter((_, position) => position !== index));
}

/** Moves the section at `index` one place; the first up or the last down stays where it is. */
export function moveSection(
  sections: readonly WhitepaperSection[],
  index: number,
  direction: "up" | "down",
): WhitepaperSection[] {
  const target = direction === "up" ? index - 1 : index + 1;
  const moved = [...sections];
  const section = moved[index];
  const neighbour = moved[target];
  if (section && neighbour) {
    moved[index] = neighbour;
    moved[target] = section;
  }
  return renumber(moved);
}

/** The change-log entry added on save. */
export function changeLogEntry(isNew: boolean): string {
  return isNew ? "Initial release" : "Updated whitepaper content";
}

/** The change log after a save; a missing log (null from an old row) starts empty. */
export function withChangeLogEntry(changeLog: readonly string[] | null | undefined, isNew: boolean): string[] {
  return [...(changeLog ?? []), changeLogEntry(isNew)];
}
