import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { formatDateTime } from "../../shared/format.ts";
import { BOOKKEEPING_FIELDS, changedFields, displayValue, fieldLabel, textDiff, type ContentRevision } from "../../shared/revisions.ts";

export interface RevisionChangesProps {
  revision: Pick<ContentRevision, "action" | "before" | "after">;
  /** The form's label of each column ("image_url" -> "Cover image"). */
  labels?: Readonly<Record<string, string>>;
}

// Columns nobody edits: shown in no diff.
export const HIDDEN_FIELDS: readonly string[] = ["id", ...BOOKKEEPING_FIELDS];

/** A value as the diff shows it: a timestamp (Publish at, Created at) in the admin's time zone, readable. */
function valueText(value: unknown): string {
  return typeof value === "string" ? formatDateTime(value, { locale: "en-US" }) : displayValue(value);
}

/**
 * What one revision changed, field by field: the field's label, then its text with removed words
 * struck through and added words underlined (other values as before → after). A creation lists the
 * values the row started with; a deletion the values it had.
 */
export function RevisionChanges({ revision, labels = {} }: RevisionChangesProps) {
  const changes = changedFields(revision.before, revision.after, HIDDEN_FIELDS);
  if (changes.length === 0) return <Typography variant="body2" color="text.secondary">No visible change.</Typography>;
  const one = revision.before === null ? "after" : revision.after === null ? "before" : null;
  return (
    <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: { xs: "1fr", sm: "minmax(90px, max-content) 1fr" }, columnGap: 2, rowGap: 0.5 }}>
      {changes.map((change) => (
        <Box key={change.field} sx={{ display: "contents" }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {labels[change.field] ?? fieldLabel(change.field)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: "pre-wrap", wordBreak: "break-word", maxHeight: 240, overflowY: "auto" }}>
            {one ? <Value text={valueText(change[one])} /> : <Difference before={valueText(change.before)} after={valueText(change.after)} />}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Value({ text }: { text: string }) {
  return text ? <>{text}</> : <Empty />;
}

function Empty() {
  return (
    <Box component="span" sx={{ color: "text.secondary", fontStyle: "italic" }}>
      empty
    </Box>
  );
}

// Unchanged text longer than this is shortened to its words next to a change.
const CONTEXT = 120;

/** Unchanged text next to changes: its end before the first change, its start after the last, both between. */
function around(text: string, keep: "start" | "end" | "both"): string {
  if (text.length <= CONTEXT * 2 + 20) return text;
  const head = text.slice(0, CONTEXT).replace(/\S*$/, "");
  const tail = text.slice(-CONTEXT).replace(/^\S*/, "");
  if (keep === "start") return `${head}…`;
  if (keep === "end") return `…${tail}`;
  return `${head} … ${tail}`;
}

const removedStyle = { bgcolor: "rgba(244, 67, 54, 0.16)", textDecoration: "line-through" } as const;
const addedStyle = { bgcolor: "rgba(76, 175, 80, 0.2)", textDecoration: "underline" } as const;

/** Text changed word by word; a value that was or became empty, whole. */
function Difference({ before, after }: { before: string; after: string }) {
  if (!before || !after) {
    return (
      <>
        {before ? <Box component="del" sx={removedStyle}>{before}</Box> : <Empty />}
        {" → "}
        {after ? <Box component="ins" sx={addedStyle}>{after}</Box> : <Empty />}
      </>
    );
  }
  const parts = textDiff(before, after);
  return (
    <>
      {parts.map((part, index) =>
        part.kind === "same" ? (
          <span key={index}>{around(part.text, index === 0 ? "end" : index === parts.length - 1 ? "start" : "both")}</span>
        ) : (
          <Box key={index} component={part.kind === "removed" ? "del" : "ins"} sx={part.kind === "removed" ? removedStyle : addedStyle}>
            {part.text}
          </Box>
        ),
      )}
    </>
  );
}
