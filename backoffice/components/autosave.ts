import { useEffect, useState } from "react";
import { useFormContext, useFormState, useWatch } from "react-hook-form";

/**
 * Unsaved work in an open editor, kept in the browser (localStorage) so that a crash or a reload does
 * not lose it: the fields the admin changed, per record ("autosave:blog:<id>") or per new record of a
 * resource ("autosave:blog:new"). Logout clears all local storage, these with it.
 */
export interface Draft {
  /** When it was written (ISO). */
  savedAt: string;
  /** The changed fields' values. */
  values: Record<string, unknown>;
}

const PREFIX = "autosave:";
/** How long typing pauses before the fields are written. */
export const AUTOSAVE_DELAY_MS = 500;

export function draftKey(resource: string, id?: string | number): string {
  return `${PREFIX}${resource}:${id === undefined ? "new" : String(id)}`;
}

/** The draft under `key`; null when there is none or it cannot be read (another version's shape). */
export function readDraft(storage: Storage, key: string): Draft | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<Draft> | null;
    if (!draft || typeof draft.values !== "object" || draft.values === null || Object.keys(draft.values).length === 0) return null;
    return { savedAt: String(draft.savedAt ?? ""), values: draft.values };
  } catch {
    return null;
  }
}

/** Keeps `values` under `key` (nothing changed: no draft). A full storage only loses the draft. */
export function writeDraft(storage: Storage, key: string, values: Record<string, unknown>, now = new Date()): void {
  if (Object.keys(values).length === 0) return clearDraft(storage, key);
  try {
    storage.setItem(key, JSON.stringify({ savedAt: now.toISOString(), values } satisfies Draft));
  } catch (error) {
    console.error("Could not keep unsaved changes in this browser", error);
  }
}

export function clearDraft(storage: Storage, key: string): void {
  storage.removeItem(key);
}

/** The values of the fields react-hook-form marks dirty (a top-level field with any dirty part). */
export function changedValues(values: Record<string, unknown>, dirtyFields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(dirtyFields).filter((key) => isDirty(dirtyFields[key])).map((key) => [key, values[key]]));
}

function isDirty(mark: unknown): boolean {
  if (Array.isArray(mark)) return mark.some(isDirty);
  if (mark && typeof mark === "object") return Object.values(mark).some(isDirty);
  return mark === true;
}

/**
 * Inside an editor's form: offers the draft found when the form opened (restore or discard), and
 * writes the changed fields after each pause in typing. While the offer is open nothing is written,
 * so that the draft is not replaced before the admin decides.
 */
export function useAutosave(key: string, storage: Storage = window.localStorage) {
  const [offered, setOffered] = useState<Draft | null>(() => readDraft(storage, key));
  const { setValue } = useFormContext();
  const { dirtyFields, isSubmitting, isSubmitSuccessful } = useFormState();
  const values = useWatch() as Record<string, unknown>;
  const changed = JSON.stringify(changedValues(values, dirtyFields as Record<string, unknown>));

  useEffect(() => {
    // A save under way or done: the editor clears the draft itself.
    if (offered || isSubmitting || isSubmitSuccessful) return;
    const timer = setTimeout(() => writeDraft(storage, key, JSON.parse(changed) as Record<string, unknown>), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [changed, offered, isSubmitting, isSubmitSuccessful, key, storage]);

  return {
    offered,
    restore() {
      if (!offered) return;
      for (const [field, value] of Object.entries(offered.values)) setValue(field, value, { shouldDirty: true, shouldTouch: true });
      setOffered(null);
    },
    discard() {
      clearDraft(storage, key);
      setOffered(null);
    },
  };
}
