import { useState } from "react";
import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { TextInput } from "react-admin";
import { useWatch } from "react-hook-form";
import { MARKDOWN_HINT, renderMarkdown } from "../../../shared/markdown.ts";
import type { Rule } from "../../../shared/validation.ts";
import type { FieldSpec } from "../../resources/types.ts";

export interface MarkdownEditorProps {
  source: string;
  label: string;
  validate?: Rule[];
  rows?: number;
  /** Grow with the text (a post) or keep exactly `rows` and scroll (a whitepaper section). */
  grow?: boolean;
  helperText?: string;
  /** Names the Write / Preview switch when a form has several editors ("Section 2 content"). */
  name?: string;
}

/** Markdown with a Write / Preview switch; the preview is the site's own renderer (shared/markdown.ts). */
export function MarkdownEditor({ source, label, validate, rows = 12, grow = true, helperText, name = label }: MarkdownEditorProps) {
  const [tab, setTab] = useState<"write" | "preview">("write");
  const value = useWatch({ name: source }) as string | null | undefined;
  return (
    <Box sx={{ mb: 1 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between" }}>
        <Typography variant="subtitle2" color="text.secondary">
          {label} (Markdown)
        </Typography>
        <Tabs value={tab} onChange={(_, next: "write" | "preview") => setTab(next)} aria-label={`${name} editor mode`} sx={{ minHeight: 36 }}>
          <Tab value="write" label="Write" sx={{ minHeight: 36, py: 0 }} />
          <Tab value="preview" label="Preview" sx={{ minHeight: 36, py: 0 }} />
        </Tabs>
      </Box>
      <Box sx={{ display: tab === "write" ? "block" : "none" }}>
        <TextInput
          source={source}
          label={label}
          validate={validate}
          multiline
          {...(grow ? { minRows: rows } : { rows })}
          fullWidth
          helperText={helperText ?? MARKDOWN_HINT}
          slotProps={{ input: { sx: { fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace", fontSize: 14 } } }}
        />
      </Box>
      {tab === "preview" && (
        <Box
          data-testid="markdown-preview"
          sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2, minHeight: 200, overflowWrap: "anywhere", "& img": { maxWidth: "100%" }, "& h1,& h2,& h3": { mt: 1 } }}
          dangerouslySetInnerHTML={{ __html: renderMarkdown(value ?? "") || "<p><em>Nothing to preview</em></p>" }}
        />
      )}
    </Box>
  );
}

/** A config's `markdown` field. */
export function MarkdownInput({ field }: { field: FieldSpec }) {
  return <MarkdownEditor source={field.source} label={field.label} validate={field.validate} rows={field.rows} helperText={field.helperText} />;
}
