import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { formatDateTime } from "../../shared/format.ts";
import { blockDiff, BOOKKEEPING_FIELDS, changedFields, displayValue, fieldLabel, readableBlocks, type BlockChange, type ContentRevision, type TextPart } from "../../shared/revisions.ts";
import { readableImage } from "../lib/translations.ts";

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

/** A value's blocks as the diff compares them: a timestamp formatted as valueText does, a document by its blocks. */
function valueBlocks(value: unknown): string[] {
  return readableBlocks(typeof value === "string" ? formatDateTime(value, { locale: "en-US" }) : value);
}

/**
 * What one revision changed, field by field: the field's label, then its text paragraph by paragraph
 * (a rich-text document by its blocks, never its JSON), with removed paragraphs and words struck
 * through and added ones underlined, each announced to screen readers (other values as before →
 * after). A creation lists the values the row started with; a deletion the values it had.
 */
export function RevisionChanges({ revision, labels = {} }: RevisionChangesProps) {
  const changes = changedFields(readableImage(revision.before), readableImage(revision.after), HIDDEN_FIELDS);
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
            {one ? <Value text={valueText(change[one])} /> : <Difference before={change.before} after={change.after} />}
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

// Marked by more than colour: struck through or underlined, and named to screen readers, which do
// not announce <del> and <ins> themselves, by text that is visually hidden.
const announced = (words: string) => ({
  "&::before": { content: `"${words} "`, position: "absolute", width: "1px", height: "1px", overflow: "hidden", clipPath: "inset(50%)", whiteSpace: "nowrap" },
});
const removedStyle = { bgcolor: "rgba(244, 67, 54, 0.16)", textDecoration: "line-through", ...announced("removed:") } as const;
const addedStyle = { bgcolor: "rgba(76, 175, 80, 0.2)", textDecoration: "underline", ...announced("added:") } as const;
const blockStyle = { display: "block", mb: 1, "&:last-child": { mb: 0 } } as const;

/** A value changed paragraph by paragraph; one that was or became empty, whole. */
function Difference({ before, after }: { before: unknown; after: unknown }) {
  const [was, is] = [valueText(before), valueText(after)];
  if (!was || !is) {
    return (
      <>
        {was ? <Box component="del" sx={removedStyle}>{was}</Box> : <Empty />}
        {" → "}
        {is ? <Box component="ins" sx={addedStyle}>{is}</Box> : <Empty />}
      </>
    );
  }
  const changes = blockDiff(valueBlocks(before), valueBlocks(after));
  // The same words: what changed is not text (bold, a link's address, a picture's size).
  if (changes.every((change) => change.kind === "same")) return <Typography component="span" variant="body2" color="text.secondary">Formatting changed; the text is the same.</Typography>;
  // One block on each side (a title, a date): its words, inline.
  if (changes.length === 1 && changes[0]!.kind === "changed") return <Words parts={changes[0]!.parts} />;
  return (
    <>
      {changes.map((change, index) => {
        const near = nearChange(changes, index);
        // Unchanged blocks away from any change are one ellipsis, however many.
        if (change.kind === "same" && near === null && index > 0 && changes[index - 1]!.kind === "same" && nearChange(changes, index - 1) === null) return null;
        return <Block key={index} change={change} near={near} />;
      })}
    </>
  );
}

/** Where an unchanged block stands from the nearest change: just before one, just after one, between two, or away from any. */
function nearChange(changes: readonly BlockChange[], index: number): "start" | "end" | "both" | null {
  const before = changes[index - 1] && changes[index - 1]!.kind !== "same";
  const after = changes[index + 1] && changes[index + 1]!.kind !== "same";
  return before && after ? "both" : before ? "start" : after ? "end" : null;
}

/**
 * One block of the diff: a removed or added paragraph whole, a changed one word by word; an
 * unchanged one shortened to its words next to a change, or to an ellipsis away from any.
 */
function Block({ change, near }: { change: BlockChange; near: "start" | "end" | "both" | null }) {
  switch (change.kind) {
    case "removed":
      return <Box component="del" sx={{ ...blockStyle, ...removedStyle, ...announced("removed paragraph:") }}>{change.text}</Box>;
    case "added":
      return <Box component="ins" sx={{ ...blockStyle, ...addedStyle, ...announced("added paragraph:") }}>{change.text}</Box>;
    case "changed":
      return (
        <Box component="span" sx={{ ...blockStyle, borderLeft: 3, borderColor: "warning.main", pl: 1, ...announced("changed paragraph:") }}>
          <Words parts={change.parts} />
        </Box>
      );
    case "same":
      return (
        <Box component="span" sx={{ ...blockStyle, color: "text.secondary" }}>
          {near ? around(change.text, near) : "…"}
        </Box>
      );
  }
}

/** Text changed word by word: removed words struck, added ones underlined, long unchanged stretches shortened. */
function Words({ parts }: { parts: readonly TextPart[] }) {
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
