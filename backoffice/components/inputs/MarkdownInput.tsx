import { useState } from "react";
import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { TextInput } from "react-admin";
import { useWatch } from "react-hook-form";
import type { FieldSpec } from "../../resources/types.ts";
import { renderMarkdown } from "../../lib/markdown.ts";

/** Markdown content with a Write / Preview switch (the preview is sanitized HTML). */
export function MarkdownInput({ field }: { field: FieldSpec }) {
  const [tab, setTab] = useState<"write" | "preview">("write");
  const value = useWatch({ name: field.source }) as string | null | undefined;
  return (
    <Box sx={{ mb: 1 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between" }}>
        <Typography variant="subtitle2" color="text.secondary">
          {field.label} (Markdown)
        </Typography>
        <Tabs value={tab} onChange={(_, next: "write" | "preview") => setTab(next)} aria-label={`${field.label} editor mode`} sx={{ minHeight: 36 }}>
          <Tab value="write" label="Write" sx={{ minHeight: 36, py: 0 }} />
          <Tab value="preview" label="Preview" sx={{ minHeight: 36, py: 0 }} />
        </Tabs>
      </Box>
      <Box sx={{ display: tab === "write" ? "block" : "none" }}>
        <TextInput
          source={field.source}
          label={field.label}
          validate={field.validate}
          multiline
          minRows={field.rows ?? 12}
          fullWidth
          helperText={field.helperText ?? "Markdown: # headings, **bold**, - lists, [links](https://...)"}
          slotProps={{ input: { sx: { fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace", fontSize: 14 } } }}
        />
      </Box>
      {tab === "preview" && (
        <Box
          data-testid="markdown-preview"
          sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2, minHeight: 200, "& img": { maxWidth: "100%" }, "& h1,& h2,& h3": { mt: 1 } }}
          dangerouslySetInnerHTML={{ __html: renderMarkdown(value ?? "") || "<p><em>Nothing to preview</em></p>" }}
        />
      )}
    </Box>
  );
}
