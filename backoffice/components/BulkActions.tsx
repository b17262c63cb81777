import { useState, type ReactNode } from "react";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import DeleteIcon from "@mui/icons-material/DeleteOutline";
import PublishIcon from "@mui/icons-material/PublishOutlined";
import UnpublishedIcon from "@mui/icons-material/UnpublishedOutlined";
import { Confirm, useListContext, useNotify, useRefresh, useResourceContext, type RaRecord } from "react-admin";
import { countOf } from "../../shared/format.ts";
import { errorMessage, reportError } from "../lib/errors.ts";
import { versionedItems } from "../lib/row-versions.ts";
import { resourceTexts, type ResourceConfig } from "../resources/types.ts";
import { useAdminDataProvider } from "./useAdminDataProvider.ts";
import { useConflictRefresh } from "./useConflictRefresh.ts";
import { useReport } from "./useReport.ts";
import { useSmallScreen } from "./useSmallScreen.ts";

/** What a bulk action says, from the config's noun: "Publish 3 posts?", "3 posts published". */
export function bulkTexts(config: Pick<ResourceConfig, "noun" | "nounPlural">) {
  const count = (n: number) => countOf(n, config.noun, config.nounPlural ?? `${config.noun}s`);
  return {
    confirmTitle: (action: "Publish" | "Unpublish" | "Delete", n: number) => `${action} ${count(n)}?`,
    confirmContent: {
      Publish: "Visitors will see them as soon as they are published.",
      Unpublish: "Visitors will no longer see them.",
      Delete: "This cannot be undone.",
    },
    done: (n: number, verb: string) => `${count(n)} ${verb}`,
    /** Selected rows that were already as asked: "1 was already published". */
    already: (n: number, verb: string) => `${n} ${n === 1 ? "was" : "were"} already ${verb}`,
    failed: (n: number, verb: string, reason: string) => `${count(n)} could not be ${verb}: ${reason}`,
  };
}

/**
 * The bulk actions of a generic list: publish, unpublish (when `publishing`: the config publishes and
 * canAccess lets the member, auth/roles.tsx usePublishing) and delete the selected rows, as the config allows.
 */
export function BulkActions({ config, publishing }: { config: ResourceConfig; publishing: boolean }) {
  const { selectedIds } = useListContext();
  // The collapsed toolbar still holds its buttons, hidden over the table's header: none until a row is selected.
  if (selectedIds.length === 0) return null;
  return (
    <>
      {publishing && <BulkPublishButton config={config} published />}
      {publishing && <BulkPublishButton config={config} published={false} />}
      {config.capabilities.delete && <BulkDeleteButton config={config} />}
    </>
  );
}

export function hasBulkActions(config: ResourceConfig, publishing: boolean): boolean {
  return publishing || Boolean(config.capabilities.delete);
}

/**
 * The selected rows as the list shows them (with the versions the admin saw), read from the API only
 * for those selected on another page.
 */
function useSelectedRows(): () => Promise<RaRecord[]> {
  const resource = useResourceContext();
  const { selectedIds, data } = useListContext();
  const dataProvider = useAdminDataProvider();
  return async () => {
    const shown = (data ?? []).filter((row) => selectedIds.includes(row.id));
    const elsewhere = selectedIds.filter((id) => !shown.some((row) => row.id === id));
    if (elsewhere.length === 0 || !resource) return shown;
    return [...shown, ...(await dataProvider.getMany<RaRecord>(resource, { ids: elsewhere })).data];
  };
}

/**
 * Publish (or unpublish) the selection: the rows not yet in that state, in one RPC call checked
 * against each row's version (all or nothing: refused whole when any changed since it was shown), or,
 * where one row at a time is published (the whitepaper: offered for one row, and refused by the bulk
 * RPC), one update of `published` per row with its version.
 */
function BulkPublishButton({ config, published }: { config: ResourceConfig; published: boolean }) {
  const { selectedIds, onUnselectItems } = useListContext();
  const selectedRows = useSelectedRows();
  const dataProvider = useAdminDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const report = useReport();
  const conflict = useConflictRefresh();
  const texts = bulkTexts(config);
  const errorText = resourceTexts(config).updateError;
  const action = published ? "Publish" : "Unpublish";
  const verb = published ? "published" : "unpublished";
  const onlyOne = published && config.publishesOne === true && selectedIds.length > 1;

  const resource = useResourceContext();
  const run = async () => {
    let rows: RaRecord[];
    try {
      rows = await selectedRows();
    } catch (error) {
      report(errorText, error);
      return;
    }
    const pending = rows.filter((row) => Boolean(row.published) !== published);
    let changed = 0;
    const failures: unknown[] = [];
    if (config.publishesOne) {
      for (const row of pending) {
        try {
          await dataProvider.update(resource ?? config.name, { id: row.id, data: { published }, previousData: row });
          changed += 1;
        } catch (error) {
          failures.push(error);
        }
      }
    } else if (pending.length > 0) {
      try {
        changed = await dataProvider.rpc<number>("set_published_many", { target_table: config.table, items: versionedItems(pending), publish: published });
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length && conflict(failures[0], config)) return;
    const already = rows.length - pending.length;
    const summary = [texts.done(changed, verb), ...(already ? [texts.already(already, verb)] : [])].join("; ");
    if (failures.length) {
      // Logged with the usual text; shown once, with what did change.
      reportError(errorText, failures[0]);
      notify(`${summary}. ${texts.failed(pending.length - changed, verb, errorMessage(failures[0]))}`, { type: "error" });
    } else {
      notify(summary, { type: "info" });
      onUnselectItems();
    }
    refresh();
  };

  return (
    <ConfirmedBulkButton
      label={action}
      icon={published ? <PublishIcon /> : <UnpublishedIcon />}
      disabled={onlyOne}
      title={onlyOne ? `Only one ${config.noun} can be published at a time` : undefined}
      confirmTitle={texts.confirmTitle(action, selectedIds.length)}
      confirmContent={texts.confirmContent[action]}
      onConfirm={run}
    />
  );
}

/** Delete the selection in one RPC call checked against each row's version (all or nothing). */
function BulkDeleteButton({ config }: { config: ResourceConfig }) {
  const { selectedIds, onUnselectItems } = useListContext();
  const selectedRows = useSelectedRows();
  const dataProvider = useAdminDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const report = useReport();
  const conflict = useConflictRefresh();
  const texts = bulkTexts(config);
  const errorText = resourceTexts(config).deleteError;
  const run = async () => {
    try {
      const rows = await selectedRows();
      const deleted = await dataProvider.rpc<number>("delete_many", { target_table: config.table, items: versionedItems(rows) });
      notify(texts.done(deleted, "deleted"), { type: "info" });
      onUnselectItems();
      refresh();
    } catch (error) {
      if (!conflict(error, config)) report(errorText, error);
    }
  };
  return (
    <ConfirmedBulkButton
      label="Delete"
      ariaLabel="Delete selected"
      color="error"
      icon={<DeleteIcon />}
      confirmTitle={texts.confirmTitle("Delete", selectedIds.length)}
      confirmContent={texts.confirmContent.Delete}
      onConfirm={run}
    />
  );
}

interface ConfirmedBulkButtonProps {
  label: string;
  /** When the label alone would repeat a row's button ("Delete"). */
  ariaLabel?: string;
  icon: ReactNode;
  color?: "primary" | "error";
  disabled?: boolean;
  title?: string;
  confirmTitle: string;
  confirmContent: string;
  onConfirm(): Promise<void>;
}

/**
 * A bulk action behind one confirmation, which stays open (loading) until the action is done. On a
 * phone the button is its icon alone (named for screen readers, with a tooltip), so that the toolbar fits.
 */
function ConfirmedBulkButton({ label, ariaLabel, icon, color = "primary", disabled, title, confirmTitle, confirmContent, onConfirm }: ConfirmedBulkButtonProps) {
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const small = useSmallScreen();
  return (
    <>
      {small ? (
        <Tooltip title={title ?? label}>
          <span>
            <IconButton size="small" color={color} disabled={disabled || running} aria-label={ariaLabel ?? label} onClick={() => setOpen(true)}>
              {icon}
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button size="small" color={color} startIcon={icon} disabled={disabled || running} title={title} aria-label={ariaLabel} onClick={() => setOpen(true)}>
          {label}
        </Button>
      )}
      <Confirm
        isOpen={open}
        loading={running}
        title={confirmTitle}
        content={confirmContent}
        confirm={label}
        confirmColor={color === "error" ? "warning" : "primary"}
        onClose={() => setOpen(false)}
        onConfirm={() => {
          setRunning(true);
          onConfirm().finally(() => {
            setRunning(false);
            setOpen(false);
          });
        }}
      />
    </>
  );
}
