import { useCallback } from "react";
import { useNotify, useRefresh } from "react-admin";
import { countOf } from "../../shared/format.ts";
import { CONFLICT_REFRESHED, isConflict, staleCount } from "../lib/row-versions.ts";

/** The rows a bulk action was given, for saying how many of them had changed. */
export interface BulkNouns {
  noun: string;
  nounPlural?: string;
}

/**
 * For actions on a list row (publish, reorder, bulk actions): a change refused because someone else
 * changed the row first is said plainly and the list refreshed, so the admin sees the row as it now
 * is and can act again. Returns whether the error was such a refusal.
 */
export function useConflictRefresh(): (error: unknown, bulk?: BulkNouns) => boolean {
  const notify = useNotify();
  const refresh = useRefresh();
  return useCallback(
    (error: unknown, bulk?: BulkNouns) => {
      if (!isConflict(error)) return false;
      const stale = bulk ? staleCount(error) : undefined;
      const message =
        bulk && stale !== undefined
          ? `Someone else changed ${countOf(stale, bulk.noun, bulk.nounPlural ?? `${bulk.noun}s`)} of the selection since you opened ${stale === 1 ? "it" : "them"}: nothing was changed and the list has been refreshed`
          : CONFLICT_REFRESHED;
      notify(message, { type: "warning", messageArgs: { _: message } });
      refresh();
      return true;
    },
    [notify, refresh],
  );
}
