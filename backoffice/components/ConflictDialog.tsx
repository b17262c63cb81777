import { useEffect, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import FormControlLabel from "@mui/material/FormControlLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import CloseIcon from "@mui/icons-material/Close";
import { useEditContext, useRecordContext, useRefresh, type RaRecord } from "react-admin";
import { useFormContext } from "react-hook-form";
import { displayValue, type ContentRevision } from "../../shared/revisions.ts";
import { errorMessage } from "../lib/errors.ts";
import { isConflict } from "../lib/row-versions.ts";
import { changedAgo, personOf, REVISIONS_RESOURCE } from "../history/revisions.ts";
import { RevisionChanges } from "../history/RevisionChanges.tsx";
import { resourceTexts, type ResourceConfig } from "../resources/types.ts";
import { DEFAULT_SIDE, editsOf, mergedRecord, overwriteUpdate, readableValue, sameValue, type Side, type Versions } from "./conflictMerge.ts";
import { useAdminDataProvider } from "./useAdminDataProvider.ts";
import { useReport } from "./useReport.ts";

/** A field the admin had changed when they took the other version instead: its label and typed value. */
export interface UnsavedField {
  field: string;
  label: string;
  value: string;
}

/** The form's fields with their labels, the alt text beside an image included. */
function formLabels(config: Pick<ResourceConfig, "fields">): Record<string, string> {
  return Object.fromEntries(
    config.fields.flatMap((field) => [
      [field.source, field.label],
      ...(field.alt ? [[field.alt.source, `${field.label}: alt text`], [field.alt.decorative, `${field.label}: decorative`]] : []),
    ]),
  );
}

/** The fields whose typed values differ from the record the form started from. */
function typedChanges(labels: Record<string, string>, started: RaRecord, typed: Record<string, unknown>): UnsavedField[] {
  return Object.entries(labels)
    .filter(([field]) => !sameValue(typed[field], started[field]))
    .map(([field, label]) => ({ field, label, value: displayValue(typed[field]) }));
}

interface Current {
  row: RaRecord;
  revision: ContentRevision | undefined;
}

export interface ConflictDialogProps {
  config: ResourceConfig;
  /** The react-admin resource of the editor. */
  resource: string;
  onClose(): void;
  /** The admin's version was written over theirs. */
  onSaved(): void;
  /** The form now shows their version; these are the changes the admin had typed. */
  onReloaded(typed: UnsavedField[]): void;
}

/**
 * A save refused because someone else saved the row first: who and when (the row's latest
 * revision), what they changed since this form was opened, and the choice between their version
 * (the form reloads it, the admin's typed changes listed beside it) and the admin's: the fields the
 * admin changed, written over their latest row (the update names those fields alone, with the
 * latest row's version), and of a field both changed, theirs or mine as the admin picks, both shown
 * side by side as text, a rich text as its paragraphs (conflictMerge.ts). Either way nothing typed is lost, and their other changes stay.
 * Rendered inside the editor's form, while open.
 */
export function ConflictDialog({ config, resource, onClose, onSaved, onReloaded }: ConflictDialogProps) {
  const started = useRecordContext();
  const { refetch } = useEditContext();
  const { getValues } = useFormContext();
  const dataProvider = useAdminDataProvider();
  const refresh = useRefresh();
  const report = useReport();
  const texts = resourceTexts(config);
  const [busy, setBusy] = useState(false);
  // Of each field both changed, the version to keep; kept when the row changes again.
  const [choices, setChoices] = useState<Record<string, Side>>({});
  // Asked again after an overwrite that found the row changed once more.
  const [round, setRound] = useState(0);
  const [loaded, setLoaded] = useState<{ round: number; current?: Current; error?: unknown }>({ round: -1 });
  const id = started?.id;

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    Promise.all([
      dataProvider.getOne<RaRecord>(resource, { id }),
      dataProvider.getList<ContentRevision>(REVISIONS_RESOURCE, {
        pagination: { page: 1, perPage: 1 },
        sort: { field: "id", order: "DESC" },
        filter: { table_name: config.table, row_id: id },
      }),
    ]).then(
      ([{ data: row }, { data: revisions }]) => live && setLoaded({ round, current: { row, revision: revisions[0] } }),
      (error: unknown) => live && setLoaded({ round, error }),
    );
    return () => {
      live = false;
    };
  }, [id, resource, config.table, dataProvider, round]);

  const current = loaded.round === round ? loaded.current : undefined;
  const loadError = loaded.round === round && loaded.error !== undefined ? loaded.error : null;
  if (!started) return null;
  const labels = formLabels(config);
  const titleId = `${resource}-conflict-title`;

  const reload = async () => {
    onReloaded(typedChanges(labels, started, getValues()));
    setBusy(true);
    // The editor's record becomes the current row: the form resets to it, and the next save starts from its version.
    await refetch();
    setBusy(false);
    onClose();
  };

  const fields = Object.keys(labels);
  const versions: Versions | undefined = current && { started, typed: getValues(), current: current.row };
  const both = versions ? editsOf(fields, versions).both : [];

  const overwrite = async () => {
    if (!current || !versions) return;
    setBusy(true);
    const merged = mergedRecord(fields, versions, choices);
    const data = overwriteUpdate(config.transform ? config.transform(merged, { isNew: false, previous: current.row }) : merged, current.row);
    try {
      if (data) await dataProvider.update(resource, { id: started.id, data, previousData: current.row });
      refresh();
      onSaved();
    } catch (error) {
      if (isConflict(error)) setRound((value) => value + 1);
      else report(texts.saveError, error);
    } finally {
      setBusy(false);
    }
  };

  const who = current?.revision ? `${personOf(current.revision)} changed this ${config.noun} ${changedAgo(current.revision.changed_at)}` : `This ${config.noun} was changed`;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Someone else changed this {config.noun}</DialogTitle>
      <DialogContent dividers>
        {loadError !== null && <Alert severity="error">The {config.noun} could not be read again: {errorMessage(loadError)}</Alert>}
        {loadError === null && !current && <Skeleton height={120} />}
        {current && round > 0 && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            The {config.noun} was changed again before your overwrite. This is their newest version: check your choices, then overwrite again.
          </Alert>
        )}
        {current && (
          <>
            <Typography sx={{ mb: 1 }}>{who}, after you opened it. Your changes are still in the form.</Typography>
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
              What they changed
            </Typography>
            <RevisionChanges revision={{ action: "update", before: started, after: current.row }} labels={labels} />
            {versions && both.length > 0 && (
              <>
                <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 0.5 }}>
                  Changed by both of you
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  Choose which version of each to keep.
                </Typography>
                {both.map((field) => (
                  <FieldChoice
                    key={field}
                    id={`${resource}-conflict-${field}`}
                    label={labels[field] ?? field}
                    theirs={versions.current[field]}
                    mine={versions.typed[field]}
                    side={choices[field] ?? DEFAULT_SIDE}
                    onChange={(side) => setChoices((chosen) => ({ ...chosen, [field]: side }))}
                  />
                ))}
              </>
            )}
            <Typography variant="body2" sx={{ mt: 2 }}>
              Overwrite with mine saves only the fields you changed; their changes to other fields stay.
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {/* Back to the form as typed, to copy from it or decide later; saving again asks again. */}
        <Button onClick={onClose} disabled={busy} sx={{ mr: "auto" }}>
          Keep editing
        </Button>
        <Button onClick={() => void reload()} disabled={busy || loadError !== null}>
          Reload their version
        </Button>
        <Button variant="contained" color="warning" onClick={() => void overwrite()} disabled={busy || !current}>
          Overwrite with mine
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface FieldChoiceProps {
  /** Makes the ids of the field's label and values. */
  id: string;
  label: string;
  theirs: unknown;
  mine: unknown;
  side: Side;
  onChange(side: Side): void;
}

/** A field both changed: their value and the admin's side by side (one above the other on a phone), one to keep. */
function FieldChoice({ id, label, theirs, mine, side, onChange }: FieldChoiceProps) {
  const options: { side: Side; name: string; value: unknown }[] = [
    { side: "theirs", name: "Theirs", value: theirs },
    { side: "mine", name: "Mine", value: mine },
  ];
  return (
    <Box sx={{ mb: 2 }}>
      <Typography id={`${id}-label`} variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {label}
      </Typography>
      <RadioGroup
        aria-labelledby={`${id}-label`}
        name={id}
        value={side}
        onChange={(_event, value) => onChange(value as Side)}
        sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 1 }}
      >
        {options.map((option) => {
          const text = readableValue(option.value);
          return (
            <Box
              key={option.side}
              onClick={() => onChange(option.side)}
              sx={{ minWidth: 0, border: 1, borderRadius: 1, borderColor: side === option.side ? "primary.main" : "divider", px: 1.5, pb: 1, cursor: "pointer" }}
            >
              <FormControlLabel value={option.side} control={<Radio size="small" slotProps={{ input: { "aria-describedby": `${id}-${option.side}` } }} />} label={option.name} />
              <Typography
                id={`${id}-${option.side}`}
                component="div"
                variant="body2"
                // Scrolls by keyboard too when the text is long.
                tabIndex={0}
                sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word", maxHeight: 240, overflowY: "auto" }}
              >
                {text || <Box component="span" sx={{ color: "text.secondary", fontStyle: "italic" }}>empty</Box>}
              </Typography>
            </Box>
          );
        })}
      </RadioGroup>
    </Box>
  );
}

/** What the admin had typed before taking the other version: listed in the form until dismissed. */
export function UnsavedChanges({ fields, onDismiss }: { fields: readonly UnsavedField[]; onDismiss(): void }) {
  if (fields.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="unsaved-changes-title" sx={{ mb: 2, p: 1.5, border: 1, borderColor: "warning.main", borderRadius: 1, position: "relative" }}>
      <Typography id="unsaved-changes-title" variant="subtitle2" component="h3" sx={{ pr: 5 }}>
        Your unsaved changes
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        The form now shows their version. Copy back what you still want, then save.
      </Typography>
      <IconButton aria-label="Dismiss your unsaved changes" size="small" onClick={onDismiss} sx={{ position: "absolute", right: 8, top: 8 }}>
        <CloseIcon fontSize="small" />
      </IconButton>
      <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: { xs: "1fr", sm: "minmax(90px, max-content) 1fr" }, columnGap: 2, rowGap: 0.5 }}>
        {fields.map((field) => (
          <Box key={field.field} sx={{ display: "contents" }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
              {field.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: "pre-wrap", wordBreak: "break-word", maxHeight: 240, overflowY: "auto" }}>
              {field.value || <Box component="span" sx={{ color: "text.secondary", fontStyle: "italic" }}>empty</Box>}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
