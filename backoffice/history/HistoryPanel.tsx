import { useState } from "react";
import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import HistoryIcon from "@mui/icons-material/History";
import { Confirm, useGetList, useNotify, useRecordContext, useRefresh, type Identifier } from "react-admin";
import { fieldLabel, REVISION_ACTION_LABELS, revisionImage, type ContentRevision, type RowImage } from "../../shared/revisions.ts";
import { LoadError, readOptions } from "../components/LoadError.tsx";
import { readableImage } from "../lib/translations.ts";
import { useAdminDataProvider } from "../components/useAdminDataProvider.ts";
import { useReport } from "../components/useReport.ts";
import type { ResourceConfig } from "../resources/types.ts";
import { formatChangedAt, personOf, publishStateOf, restorePlan, restoreRevision, REVISIONS_RESOURCE } from "./revisions.ts";
import { HIDDEN_FIELDS, RevisionChanges } from "./RevisionChanges.tsx";

const HISTORY_LENGTH = 50;

/**
 * The History section of an editor: the record's recorded changes, newest first, each with who made
 * it, when, and what changed field by field; any earlier version can be restored (the form then
 * shows it), its publish state and schedule only when asked. Loaded when opened.
 */
export function HistoryPanel({ config }: { config: Pick<ResourceConfig, "table" | "noun" | "fields" | "publishesOne"> }) {
  const record = useRecordContext();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const headingId = `history-${config.table}-heading`;
  return (
    <Accordion
      expanded={open}
      onChange={(_event, expanded) => setOpen(expanded)}
      disableGutters
      variant="outlined"
      sx={{ mt: 2 }}
      // The section sits under the form: bring it into view once opened.
      slotProps={{ transition: { onEntered: (node: HTMLElement) => node.parentElement?.scrollIntoView({ behavior: "smooth", block: "start" }) } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`history-${config.table}-content`} id={headingId}>
        <HistoryIcon fontSize="small" sx={{ mr: 1, color: "text.secondary" }} />
        <Typography variant="subtitle2" component="span">
          History
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={`history-${config.table}-content`}>
        {open && <RevisionList config={config} rowId={record.id} />}
      </AccordionDetails>
    </Accordion>
  );
}

interface PendingRestore {
  revision: ContentRevision;
  useBefore: boolean;
  withPublishing: boolean;
}

function RevisionList({ config, rowId }: { config: Pick<ResourceConfig, "table" | "noun" | "fields" | "publishesOne">; rowId: Identifier }) {
  const dataProvider = useAdminDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const report = useReport();
  const [pending, setPending] = useState<PendingRestore | null>(null);
  const [restoring, setRestoring] = useState(false);
  const { data, total, isPending, error, isFetching, refetch } = useGetList<ContentRevision>(
    REVISIONS_RESOURCE,
    { pagination: { page: 1, perPage: HISTORY_LENGTH }, sort: { field: "id", order: "DESC" }, filter: { table_name: config.table, row_id: rowId } },
    readOptions("Error fetching history"),
  );
  const labels = Object.fromEntries(config.fields.map((field) => [field.source, field.label]));

  if (error) return <LoadError nounPlural="the history" retrying={isFetching} onRetry={() => void refetch()} />;
  if (isPending) return <Skeleton height={120} />;
  if (data.length === 0) return <Typography color="text.secondary">No changes recorded yet.</Typography>;

  const restore = async ({ revision, useBefore, withPublishing }: PendingRestore) => {
    setRestoring(true);
    try {
      await restoreRevision(dataProvider, revision, { useBefore, withPublishing });
      notify("Version restored", { type: "success" });
      refresh();
    } catch (failure) {
      report(`Error restoring ${config.noun}`, failure);
    } finally {
      setRestoring(false);
      setPending(null);
    }
  };
  const complete = total !== undefined && total <= data.length;

  return (
    <>
      <Box component="ol" aria-label="Changes, newest first" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1.5 }}>
        {data.map((revision, index) => {
          const title = `${REVISION_ACTION_LABELS[revision.action]} by ${personOf(revision)}`;
          const when = formatChangedAt(revision.changed_at);
          const isCurrent = index === 0;
          const isOldest = complete && index === data.length - 1;
          return (
            <Box component="li" key={revision.id} aria-label={`${title}, ${when}`} sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.5 }}>
              <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {when}
                </Typography>
                {isCurrent && <Chip size="small" label="Current version" color="success" variant="outlined" />}
                <Box sx={{ flex: 1 }} />
                {!isCurrent && revisionImage(revision) && (
                  <Button size="small" onClick={() => setPending({ revision, useBefore: false, withPublishing: false })}>
                    Restore this version
                  </Button>
                )}
                {isOldest && revision.before && revision.action !== "delete" && (
                  <Button size="small" onClick={() => setPending({ revision, useBefore: true, withPublishing: false })}>
                    Restore the version before
                  </Button>
                )}
              </Box>
              <RevisionChanges revision={revision} labels={labels} />
            </Box>
          );
        })}
      </Box>
      {!complete && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The {HISTORY_LENGTH} latest changes are shown; the Activity screen lists them all.
        </Typography>
      )}
      <Confirm
        isOpen={pending !== null}
        loading={restoring}
        title="Restore this version?"
        content={
          pending && (
            <RestoreDetails
              noun={config.noun}
              publishesOne={config.publishesOne === true}
              labels={labels}
              // The newest revision holds the row as it is, in the same form as the version's image.
              current={readableImage(revisionImage(data[0]!)) ?? {}}
              pending={pending}
              onWithPublishing={(withPublishing) => setPending({ ...pending, withPublishing })}
            />
          )
        }
        confirm="Restore"
        onClose={() => setPending(null)}
        onConfirm={() => pending && void restore(pending)}
      />
    </>
  );
}

/**
 * What a restore changes, said before it is made: the fields by their labels, and the publish state
 * and schedule, which stay as they are unless the box is ticked (shown only when they differ).
 */
function RestoreDetails({
  noun,
  publishesOne,
  labels,
  current,
  pending,
  onWithPublishing,
}: {
  noun: string;
  publishesOne: boolean;
  labels: Readonly<Record<string, string>>;
  current: RowImage;
  pending: PendingRestore;
  onWithPublishing: (withPublishing: boolean) => void;
}) {
  const { revision, useBefore, withPublishing } = pending;
  const version = readableImage(useBefore ? revision.before : revisionImage(revision)) ?? {};
  const plan = restorePlan(current, version, HIDDEN_FIELDS);
  const fields = plan.content.map((change) => labels[change.field] ?? fieldLabel(change.field));
  const now = publishStateOf(current);
  const then = publishStateOf({ ...current, ...version });
  return (
    <>
      <Typography gutterBottom>
        The {noun} goes back to how it was {useBefore ? "before" : "after"} the change of {formatChangedAt(revision.changed_at)}.
      </Typography>
      <Typography gutterBottom>{fields.length > 0 ? `Fields that change: ${fields.join(", ")}.` : "No field changes: they already match that version."}</Typography>
      {plan.publishable &&
        (plan.publishing.length === 0 ? (
          <Typography gutterBottom>Its publish state and schedule stay as they are: {now}.</Typography>
        ) : (
          <>
            <Typography gutterBottom>
              {withPublishing
                ? `Its publish state and schedule change too: from ${now} to ${then}.`
                : `Its publish state and schedule stay as they are: ${now} (that version: ${then}).`}
              {withPublishing && publishesOne && version.published === true && current.published !== true && " Only one version is published at a time: the one published now, if any, is unpublished."}
            </Typography>
            <FormControlLabel
              control={<Checkbox checked={withPublishing} onChange={(event) => onWithPublishing(event.target.checked)} />}
              label="Also restore publish state and schedule"
            />
          </>
        ))}
      <Typography>Unsaved edits in the form are replaced; the current version stays in the history.</Typography>
    </>
  );
}
