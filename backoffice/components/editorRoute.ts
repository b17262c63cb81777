import { useCallback } from "react";
import { useLocation, useNavigate, type Identifier } from "react-admin";
import { pages } from "../resources/index.ts";
import type { ResourceConfig } from "../resources/types.ts";
import type { DialogState } from "./ResourceDialog.tsx";

/** The last segment of a new record's address: /admin/blog/create. */
export const CREATE_SEGMENT = "create";

/**
 * Where a config's list is: /blog for a routed resource, /gallery/interface_previews for a section of
 * a page (the section's own tab).
 */
export function listPathOf(config: Pick<ResourceConfig, "name">): string {
  const page = pages.find((candidate) => candidate.sections.some((section) => section.name === config.name));
  return page ? `/${page.name}/${config.name}` : `/${config.name}`;
}

/** A record's address: its editor open over its list (/blog/<id>), shareable and kept on reload. */
export function recordPathOf(config: Pick<ResourceConfig, "name">, id: Identifier): string {
  return `${listPathOf(config)}/${encodeURIComponent(String(id))}`;
}

/** The editor an address asks for, under the list's path: a record, a new one, or none. */
export function editorAt(pathname: string, listPath: string, defaults?: Record<string, unknown>): DialogState {
  if (!pathname.startsWith(`${listPath}/`)) return null;
  const segment = pathname.slice(listPath.length + 1).split("/")[0];
  if (!segment) return null;
  if (segment === CREATE_SEGMENT) return { mode: "create", defaults };
  return { mode: "edit", id: decodeURIComponent(segment) };
}

/** What a new record's address carries in the history entry: the values it starts with (a duplicate). */
interface CreateState {
  defaults?: Record<string, unknown>;
}

/**
 * Opens editors by address: a record's editor at its record address, a new one at /create (with its
 * starting values in the history entry, so a reload keeps them), none at the list. The list's own
 * query (filters, sort, page) stays as it is behind the dialog.
 */
export function useOpenEditor(config: Pick<ResourceConfig, "name">): (next: DialogState) => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (next: DialogState) => {
      const list = listPathOf(config);
      if (!next) navigate({ pathname: list, search });
      else if (next.mode === "edit") navigate({ pathname: recordPathOf(config, next.id), search });
      else navigate({ pathname: `${list}/${CREATE_SEGMENT}`, search }, { state: { defaults: next.defaults } satisfies CreateState });
    },
    [config, navigate, search],
  );
}

/** The editor the address asks for, and how to open another (null closes it, back to the list). */
export function useEditorRoute(config: Pick<ResourceConfig, "name">): [DialogState, (next: DialogState) => void] {
  const location = useLocation();
  const open = useOpenEditor(config);
  const state = editorAt(location.pathname, listPathOf(config), (location.state as CreateState | null)?.defaults);
  return [state, open];
}
