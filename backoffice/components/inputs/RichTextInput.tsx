import { useEffect, useMemo, useRef, useState } from "react";
import Box from "@mui/material/Box";
import FormHelperText from "@mui/material/FormHelperText";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import type { Editor, EditorOptions } from "@tiptap/core";
import { EditorContent, useEditor } from "@tiptap/react";
import { InputHelperText, useInput } from "react-admin";
import { useFormContext, useFormState } from "react-hook-form";
import { DOCUMENT_LIMITS, type DocumentLimits } from "../../../shared/rich-text/document.ts";
import { markdownToDocument } from "../../../shared/rich-text/from-markdown.ts";
import { ALT_TEXT_REQUIRED, imagesWithoutAlt } from "../../../shared/rich-text/publish-checks.ts";
import { readTimeOf, wordCount } from "../../../shared/rich-text/render-text.ts";
import type { RichTextDocument } from "../../../shared/rich-text/document.ts";
import type { Rule } from "../../../shared/validation.ts";
import type { FieldSpec } from "../../resources/types.ts";
import { CallToActionBlockView, ImageBlockView, VideoBlockView } from "./rich-text/blocks.tsx";
import { useEditorForLife } from "./rich-text/editor-lifecycle.ts";
import { editorExtensions } from "./rich-text/extensions.ts";
import { isImageFile, useImageUpload } from "./rich-text/images.ts";
import { PublishWarnings } from "./rich-text/PublishWarnings.tsx";
import { Toolbar } from "./rich-text/Toolbar.tsx";

// The rich editor of a document field (shared/rich-text/): TipTap with the stored format's schema.
// The form holds the document as TipTap writes it (react-admin sends it as jsonb). This module and
// TipTap load only when a form with a rich field opens (FieldInput imports it lazily).

const BLOCK_VIEWS = { image: ImageBlockView, video: VideoBlockView, callToAction: CallToActionBlockView };

const isDocument = (value: unknown): value is RichTextDocument => typeof value === "object" && value !== null && (value as { type?: unknown }).type === "doc";

/** What the editor opens on: the document, or a row's text from before documents (Markdown) converted as the migration converts it. */
function documentOf(value: unknown, limits: DocumentLimits): RichTextDocument | null {
  if (isDocument(value)) return value;
  if (typeof value !== "string" || value.trim() === "") return null;
  const converted = markdownToDocument(value, { limits });
  return converted.ok ? converted.document : null;
}

/**
 * The field's rules on a document: its own (from the content type: required, within its limits;
 * shared/rich-text/rules.ts), and an image needs its alt text when the form publishes.
 */
export function richTextRules(rules: readonly Rule[] = []): Rule[] {
  return [...rules, (value, values) => (values?.published === true && imagesWithoutAlt(value) > 0 ? ALT_TEXT_REQUIRED : undefined)];
}

export interface RichTextEditorProps {
  source: string;
  label: string;
  validate?: Rule[];
  /** The editor's least height, in lines of text. */
  rows?: number;
  limits?: DocumentLimits;
  helperText?: string;
  /** Names the toolbar when a form has several editors ("Section 2 content"). */
  name?: string;
}

export function RichTextEditor({ source, label, validate, rows = 12, limits = DOCUMENT_LIMITS.content, helperText, name = label }: RichTextEditorProps) {
  const rules = useMemo(() => richTextRules(validate), [validate]);
  const { field, fieldState, id, isRequired } = useInput({ source, validate: rules, format: (value: unknown) => value, parse: (value: unknown) => value });
  const [linkOpen, setLinkOpen] = useState(false);
  const { upload, uploading } = useImageUpload();
  // The editor's handlers are made once, with the editor: they reach the current form and upload through refs.
  const latest = useRef({ onChange: field.onChange, onBlur: field.onBlur, upload });
  useEffect(() => {
    latest.current = { onChange: field.onChange, onBlur: field.onBlur, upload };
  });
  const { getValues, watch } = useFormContext();
  const editorRef = useRef<Editor | null>(null);
  const labelId = `${id}-label`;
  const helperId = `${id}-helper`;

  // The editor's options are made once (the document it opens on, the extensions, the handlers) or
  // when what they say changes (the attributes): setting them makes ProseMirror update its view, which
  // must not happen on every keystroke's render, while the browser may still hold typed text it has
  // not read.
  const [extensions] = useState(() => editorExtensions({ blocks: BLOCK_VIEWS, placeholder: "Write here. ## for a heading, - for a list, > for a quote.", openLink: () => setLinkOpen(true) }));
  const [initialContent] = useState(() => documentOf(field.value, limits));
  const editorProps = useMemo<EditorOptions["editorProps"]>(
    () => ({
      // `rows` lines of text at the editor's line height (1.5), as a textarea of that many rows.
      attributes: { id, style: `min-height: ${rows * 1.5}em`, role: "textbox", "aria-multiline": "true", "aria-labelledby": labelId, "aria-describedby": helperId, ...(isRequired ? { "aria-required": "true" } : {}) },
      handleDrop: (view, event, _slice, moved) => {
        const files = [...(event.dataTransfer?.files ?? [])].filter(isImageFile);
        if (moved || files.length === 0 || !editorRef.current) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        void latest.current.upload(editorRef.current, files, at);
        return true;
      },
      handlePaste: (_view, event) => {
        const files = [...(event.clipboardData?.files ?? [])].filter(isImageFile);
        if (files.length === 0 || !editorRef.current) return false;
        void latest.current.upload(editorRef.current, files);
        return true;
      },
    }),
    [id, rows, labelId, helperId, isRequired],
  );
  const editor = useEditorForLife({
    extensions,
    content: initialContent,
    editorProps,
    onUpdate: ({ editor: current }) => latest.current.onChange(current.getJSON()),
    onBlur: () => latest.current.onBlur(),
  });
  useEffect(() => {
    editorRef.current = editor;
  }, [editor]);
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    // A value the form gets from elsewhere (a restored draft, a version restored, a reload after a
    // conflict) is put into the editor when it is set, read from the form then. Not from a render's
    // value: the form hands out copies, and on a busy machine a render may carry an earlier document
    // than the editor holds, which put back would drop what was typed since. The editor's own changes
    // ("change" events) are already in it.
    const show = () => {
      const next = documentOf(getValues(source), limits);
      if (JSON.stringify(next ?? { type: "doc", content: [{ type: "paragraph" }] }) !== JSON.stringify(editor.getJSON())) editor.commands.setContent(next, { emitUpdate: false });
    };
    // The editor is made by an effect, after the first render: it gets what the form holds by then.
    show();
    const { unsubscribe } = watch((_values, { name, type }) => {
      if (type !== "change" && (name === undefined || name === source || source.startsWith(`${name}.`))) show();
    });
    return unsubscribe;
  }, [editor, getValues, watch, source, limits]);

  const document = isDocument(field.value) ? field.value : documentOf(field.value, limits);
  const words = wordCount(document);
  const { isSubmitted } = useFormState({ name: source });
  const error = fieldState.invalid && (fieldState.isTouched || isSubmitted) ? fieldState.error?.message : undefined;
  return (
    <Box sx={{ mb: 1, gridColumn: "1 / -1", minWidth: 0 }}>
      <Typography id={labelId} variant="subtitle2" color={error ? "error" : "text.secondary"} sx={{ mb: 0.5 }}>
        {label}
        {isRequired ? " *" : ""}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error ? "error.main" : "divider",
          borderRadius: 1,
          minWidth: 0,
          "&:focus-within": { borderColor: error ? "error.main" : "primary.main", boxShadow: (theme) => `0 0 0 1px ${error ? theme.palette.error.main : theme.palette.primary.main}` },
        }}
      >
        {editor && <Toolbar editor={editor} name={name} linkOpen={linkOpen} onLinkOpen={setLinkOpen} onUpload={(files) => void upload(editor, files)} />}
        {uploading > 0 && <LinearProgress aria-label="Uploading images" />}
        <Box sx={DOCUMENT_STYLES}>
          <EditorContent editor={editor} />
        </Box>
      </Box>
      <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
        <FormHelperText id={helperId} error={error !== undefined} component="div" sx={{ mx: 0 }}>
          <InputHelperText error={error} helperText={helperText ?? false} />
        </FormHelperText>
        <Typography variant="caption" color="text.secondary" data-testid="rich-text-count" sx={{ mt: 0.5 }}>
          {words.toLocaleString("en-US")} {words === 1 ? "word" : "words"} · {readTimeOf(document)}
        </Typography>
      </Box>
      <PublishWarnings document={document} />
    </Box>
  );
}

/** How a document reads in the editor, and in its read-only view. */
const DOCUMENT_STYLES = {
  px: 2,
  py: 1,
  overflowWrap: "anywhere",
  "& .ProseMirror": { outline: "none", lineHeight: 1.5 },
  "& .ProseMirror > * + *": { mt: 1 },
  "& .ProseMirror h2": { fontSize: "1.5rem", fontWeight: 700, m: 0, mt: 2 },
  "& .ProseMirror h3": { fontSize: "1.25rem", fontWeight: 700, m: 0, mt: 1.5 },
  "& .ProseMirror h4": { fontSize: "1.1rem", fontWeight: 700, m: 0, mt: 1 },
  "& .ProseMirror p": { m: 0 },
  "& .ProseMirror blockquote": { borderLeft: 4, borderColor: "divider", m: 0, pl: 2, color: "text.secondary" },
  "& .ProseMirror pre": { bgcolor: "action.hover", p: 1.5, borderRadius: 1, overflowX: "auto", fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace", fontSize: 14 },
  "& .ProseMirror code": { fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace", bgcolor: "action.hover", px: 0.5, borderRadius: 0.5 },
  "& .ProseMirror a": { color: "primary.main" },
  "& .ProseMirror hr": { border: 0, borderTop: 2, borderColor: "divider", my: 2 },
  "& .ProseMirror .is-editor-empty:first-of-type::before": { content: "attr(data-placeholder)", color: "text.disabled", float: "left", height: 0, pointerEvents: "none" },
  "& .ProseMirror-selectednode": { outline: "none" },
} as const;

/**
 * A document shown as the editor shows it, read-only: the default language's text beside the field
 * a translator is editing.
 */
export function RichTextView({ value, limits = DOCUMENT_LIMITS.content, label }: { value: unknown; limits?: DocumentLimits; label: string }) {
  const editor = useEditor({ extensions: editorExtensions({ blocks: BLOCK_VIEWS, placeholder: "", openLink: () => undefined }), content: documentOf(value, limits), editable: false, shouldRerenderOnTransaction: false, editorProps: { attributes: { "aria-label": label, "aria-readonly": "true" } } }, [value, limits]);
  return (
    <Box sx={{ ...DOCUMENT_STYLES, border: 1, borderColor: "divider", borderRadius: 1, bgcolor: "action.hover" }}>
      <EditorContent editor={editor} />
    </Box>
  );
}

/** A config's `richText` field. */
export function RichTextInput({ field }: { field: FieldSpec }) {
  return <RichTextEditor source={field.source} label={field.label} validate={field.validate} rows={field.rows} limits={field.limits} helperText={field.helperText} />;
}
