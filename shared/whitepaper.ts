import type { RichTextDocument } from "./rich-text/document.ts";

/** One section of a whitepaper version (its `sections` column). */
export interface WhitepaperSection {
  title: string;
  /** A rich-text document (shared/rich-text/document.ts). */
  content: RichTextDocument;
  order: number;
}

/** Sets each section's order to its position: 0, 1, 2, ... */
export function renumber(sections: readonly WhitepaperSection[]): WhitepaperSection[] {
  return sections.map((section, index) => ({ ...section, order: index }));
}

/** A copy sorted by order, for showing stored sections and for loading them into the editor. */
export function sortSections(sections: readonly WhitepaperSection[]): WhitepaperSection[] {
  return [...sections].sort((a, b) => a.order - b.order);
}

/** A section's content before anything is written: a document with no blocks. */
export const emptySectionContent = (): RichTextDocument => ({ type: "doc", content: [] });

/** Appends an empty section. */
export function addSection(sections: readonly WhitepaperSection[]): WhitepaperSection[] {
  return renumber([...sections, { title: "", content: emptySectionContent(), order: sections.length }]);
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
