import { useCallback } from "react";
import { useLocation, useNavigate } from "react-admin";
import type { ResourceConfig } from "../resources/types.ts";
import type { DialogState } from "./ResourceDialog.tsx";

/** The last segment of a new record's address: /admin/blog/create. */
export const CREATE_SEGMENT = "create";

/**
 * The path of a config's list in the current address: up to its name (/blog, /gallery/cartridge_models),
 * or below the page it is shown in when the address does not name it yet (/gallery, the first tab).
 * Read from the address, so that this module needs no registry (the configs import it).
 */
export function listPathIn(pathname: string, name: string): string {
  const segments = pathname.replace(/\/+$/, "").split("/");
  const at = segments.indexOf(name);
  return at > 0 ? segments.slice(0, at + 1).join("/") : `${segments.join("/")}/${name}`;
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
  const { pathname, search } = useLocation();
  const list = listPathIn(pathname, config.name);
  return useCallback(
    (next: DialogState) => {
      if (!next) navigate({ pathname: list, search });
      else if (next.mode === "edit") navigate({ pathname: `${list}/${encodeURIComponent(String(next.id))}`, search });
      else navigate({ pathname: `${list}/${CREATE_SEGMENT}`, search }, { state: { defaults: next.defaults } satisfies CreateState });
    },
    [list, navigate, search],
  );
}

/** The editor the address asks for, and how to open another (null closes it, back to the list). */
export function useEditorRoute(config: Pick<ResourceConfig, "name">): [DialogState, (next: DialogState) => void] {
  const location = useLocation();
  const open = useOpenEditor(config);
  const state = editorAt(location.pathname, listPathIn(location.pathname, config.name), (location.state as CreateState | null)?.defaults);
  return [state, open];
}
