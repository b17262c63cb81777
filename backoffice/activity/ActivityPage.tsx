import { useEffect, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { Confirm, DataTable, LinkBase, List, Pagination, SelectInput, Title, useListContext, useNotify, useRecordContext, useRefresh, type RaRecord } from "react-admin";
import mediaAssets from "../../shared/content-types/media.ts";
import { changedFields, REVISION_ACTION_LABELS, REVISION_ACTIONS, type ContentRevision } from "../../shared/revisions.ts";
import { recordPathOf } from "../components/recordPath.ts";
import { ListLoadError, readOptions } from "../components/LoadError.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { useAdminDataProvider } from "../components/useAdminDataProvider.ts";
import { useReport } from "../components/useReport.ts";
import { formatChangedAt, personOf, restoreRevision, REVISIONS_RESOURCE } from "../history/revisions.ts";
import { HIDDEN_FIELDS, RevisionChanges } from "../history/RevisionChanges.tsx";
import type { Choice } from "../../shared/content-type.ts";
import { ScrollRegion } from "../components/ScrollRegion.tsx";
import { ActionChip } from "./ActionChip.tsx";
import { fieldLabelsOf, historyConfigs, isTeamChange, rowLabel, tableChoices, tableLabel } from "./content-labels.ts";

const actionChoices: Choice[] = REVISION_ACTIONS.map((action) => ({ id: action, name: REVISION_ACTION_LABELS[action] }));

/** The people who changed content, for the Person filter. */
function useAuthorChoices(): Choice[] {
  const dataProvider = useAdminDataProvider();
  const [choices, setChoices] = useState<Choice[]>([]);
  useEffect(() => {
    let live = true;
    dataProvider
      .rpc<{ changed_by: string; changed_by_email: string | null }[]>("content_revision_authors", {})
      .then((authors) => live && setChoices(authors.map((author) => ({ id: author.changed_by, name: author.changed_by_email ?? author.changed_by }))))
      .catch((error: unknown) => console.error("Error fetching people", error));
    return () => {
      live = false;
    };
  }, [dataProvider]);
  return choices;
}

/**
 * Activity: every recorded change to content, newest first, filtered by person, content type and
 * action on the server, a page at a time. Each row opens to its field-by-field changes. The Deleted
 * tab lists deletions, each restorable. Changes to the team (invitations, roles, removals) are listed
 * as "Team" and described in words; they are a record, never restored.
 */
export function ActivityPage() {
  const authors = useAuthorChoices();
  const filters = [
    <SelectInput key="changed_by" source="changed_by" label="Person" choices={authors} alwaysOn emptyText="Everyone" />,
    <SelectInput key="table_name" source="table_name" label="Content" choices={tableChoices} alwaysOn emptyText="All content" />,
    <SelectInput key="action" source="action" label="Action" choices={actionChoices} alwaysOn emptyText="All actions" />,
  ];
  return (
    <Box>
      <Title title="Activity" />
      <PageHeader title="Activity">
        <Typography variant="body2" color="text.secondary">
          Every change to the site's content and to the team: who made it, when, and what changed.
        </Typography>
      </PageHeader>
      <List
        resource={REVISIONS_RESOURCE}
        title={false}
        sort={{ field: "id", order: "DESC" }}
        perPage={25}
        filters={filters}
        actions={false}
        empty={false}
        error={<ListLoadError nounPlural="activity" />}
        pagination={<ActivityPagination />}
        exporter={false}
        queryOptions={readOptions("Error fetching activity")}
      >
        <ViewTabs />
        <ScrollRegion label="Changes table">
          <DataTable bulkActionButtons={false} rowClick="expand" expand={<RevisionDetails />} empty={<Box sx={{ p: 4, textAlign: "center", color: "text.secondary" }}>No changes found.</Box>}>
            <DataTable.Col source="changed_at" label="When" disableSort render={(record: ContentRevision) => <Box component="span" sx={{ whiteSpace: "nowrap" }}>{formatChangedAt(record.changed_at)}</Box>} />
            <DataTable.Col source="changed_by_email" label="Who" disableSort render={(record: ContentRevision) => personOf(record)} />
            <DataTable.Col source="action" label="Action" disableSort render={(record: ContentRevision) => <ActionChip action={record.action} />} />
            <DataTable.Col source="table_name" label="Content" disableSort render={(record: ContentRevision) => tableLabel(record.table_name)} />
            <DataTable.Col source="row_id" label="Item" disableSort render={(record: ContentRevision) => <ItemLink revision={record} />} />
            <DataTable.Col label="Changed" disableSort render={(record: ContentRevision) => changedSummary(record)} />
            <DataTable.Col label="Actions" align="right" disableSort render={() => <RestoreDeletedButton />} />
          </DataTable>
        </ScrollRegion>
      </List>
    </Box>
  );
}

/** "Title, Content" for an edit; nothing for a creation or deletion (the whole row) or a team change (its item says it). */
function changedSummary(revision: ContentRevision): string {
  if (revision.action === "insert" || revision.action === "delete" || isTeamChange(revision)) return "";
  const labels = fieldLabelsOf(revision.table_name);
  return changedFields(revision.before, revision.after, HIDDEN_FIELDS)
    .map((change) => labels[change.field] ?? change.field.replace(/_/g, " "))
    .join(", ");
}

/** All changes, or only deletions (the rows that can be brought back). */
function ViewTabs() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const view = filterValues.action === "delete" ? "deleted" : "all";
  return (
    <Tabs
      value={view}
      onChange={(_event, next: string) => {
        const rest = Object.fromEntries(Object.entries(filterValues as Record<string, unknown>).filter(([key]) => key !== "action"));
        setFilters(next === "deleted" ? { ...rest, action: "delete" } : rest, displayedFilters);
      }}
      aria-label="Activity views"
      sx={{ px: 2, borderBottom: 1, borderColor: "divider" }}
    >
      <Tab value="all" label="All changes" />
      <Tab value="deleted" label="Deleted" />
    </Tabs>
  );
}

/** The changed row's name, linking to its record address when it has an editor (and is not a deletion). */
function ItemLink({ revision }: { revision: ContentRevision }) {
  const label = rowLabel(revision);
  const config = historyConfigs.find((candidate) => candidate.table === revision.table_name);
  if (!config?.capabilities.edit || revision.action === "delete") return <>{label}</>;
  return (
    <Link component={LinkBase} to={recordPathOf(config, revision.row_id)} onClick={(event: React.MouseEvent) => event.stopPropagation()}>
      {label}
    </Link>
  );
}

function RevisionDetails() {
  const record = useRecordContext<ContentRevision & RaRecord>();
  if (!record) return null;
  return (
    <Box sx={{ py: 1, px: 2 }}>
      <RevisionChanges revision={record} labels={fieldLabelsOf(record.table_name)} />
    </Box>
  );
}

/** Restore on a deletion: the row comes back with its id and every field. */
function RestoreDeletedButton() {
  const record = useRecordContext<ContentRevision & RaRecord>();
  const dataProvider = useAdminDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const report = useReport();
  const [open, setOpen] = useState(false);
  const [restoring, setRestoring] = useState(false);
  // The row's latest change after this deletion, if any: it may be back already (Undo, a restore).
  const [since, setSince] = useState<ContentRevision | null>(null);
  if (!record || record.action !== "delete" || isTeamChange(record)) return null;
  const label = rowLabel(record);
  if (record.table_name === mediaAssets.table) {
    return (
      <Tooltip title="Deleting a media asset removed its file from storage: upload it again instead.">
        <span>
          <Button size="small" disabled>
            Restore
          </Button>
        </span>
      </Tooltip>
    );
  }
  return (
    <Box onClick={(event) => event.stopPropagation()}>
      <Button
        size="small"
        aria-label={`Restore ${label}`}
        onClick={async () => {
          try {
            const { data } = await dataProvider.getList<ContentRevision>(REVISIONS_RESOURCE, {
              pagination: { page: 1, perPage: 1 },
              sort: { field: "id", order: "DESC" },
              filter: { table_name: record.table_name, row_id: record.row_id, "id@gt": record.id },
            });
            setSince(data[0] ?? null);
            setOpen(true);
          } catch (error) {
            report("Error fetching history", error);
          }
        }}
      >
        Restore
      </Button>
      <Confirm
        isOpen={open}
        loading={restoring}
        title="Restore this item?"
        content={
          since && since.action !== "delete"
            ? `"${label}" is back already (${REVISION_ACTION_LABELS[since.action].toLowerCase()} by ${personOf(since)}, ${formatChangedAt(since.changed_at)}). Restoring replaces what it holds now with the version that was deleted (${formatChangedAt(record.changed_at)}); its publish state and schedule stay as they are.`
            : record.before?.published || record.before?.publish_at
              ? `"${label}" comes back as it was when it was deleted (${formatChangedAt(record.changed_at)}), but as a draft with no schedule: publish it when it should be on the site again.`
              : `"${label}" comes back as it was when it was deleted (${formatChangedAt(record.changed_at)}).`
        }
        confirm="Restore"
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          setRestoring(true);
          try {
            await restoreRevision(dataProvider, record);
            notify("Restored", { type: "success" });
            refresh();
          } catch (error) {
            report("Error restoring item", error);
          } finally {
            setRestoring(false);
            setOpen(false);
          }
        }}
      />
    </Box>
  );
}

function ActivityPagination() {
  const { error } = useListContext();
  return error ? null : <Pagination />;
}
