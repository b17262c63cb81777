import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import ArrowUpward from "@mui/icons-material/ArrowUpward";
import ArrowDownward from "@mui/icons-material/ArrowDownward";
import DeleteIcon from "@mui/icons-material/DeleteOutline";
import { TextInput } from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import { WHITEPAPER_SECTION_ROWS } from "../../../shared/constants.ts";
import { LIST_LIMITS } from "../../../shared/limits.ts";
import { whitepaperSectionRules } from "../../../shared/content-types/whitepaper.ts";
import { addSection, moveSection, removeSection, type WhitepaperSection } from "../../../shared/whitepaper.ts";
import type { FieldProps } from "../../resources/types.ts";
import { DOCUMENT_LIMITS } from "../../../shared/rich-text/document.ts";
import { RichTextEditor } from "./RichTextInput.tsx";

/** The whitepaper's sections: add, remove, move; orders renumbered from 0 after every change. */
export function SectionsInput({ field }: FieldProps) {
  const { setValue } = useFormContext();
  const sections = (useWatch({ name: field.source }) as WhitepaperSection[] | undefined) ?? [];
  const replace = (next: WhitepaperSection[]) => setValue(field.source, next, { shouldDirty: true });
  return (
    <Box sx={{ mt: 2 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {field.label} ({sections.length})
        </Typography>
      </Box>
      {sections.length === 0 && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          No sections yet.
        </Typography>
      )}
      {sections.map((section, index) => (
        <Paper key={index} variant="outlined" sx={{ p: 2, mb: 2 }} role="group" aria-label={`Section ${index + 1}`}>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
            <Typography variant="overline" sx={{ flex: 1 }}>
              Section {index + 1} <Box component="span" sx={{ color: "text.secondary" }}>(order {section.order})</Box>
            </Typography>
            <Tooltip title="Move section up">
              <span>
                <IconButton size="small" aria-label={`Move section ${index + 1} up`} disabled={index === 0} onClick={() => replace(moveSection(sections, index, "up"))}>
                  <ArrowUpward fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title="Move section down">
              <span>
                <IconButton size="small" aria-label={`Move section ${index + 1} down`} disabled={index === sections.length - 1} onClick={() => replace(moveSection(sections, index, "down"))}>
                  <ArrowDownward fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title="Remove section">
              <IconButton size="small" color="error" aria-label={`Remove section ${index + 1}`} onClick={() => replace(removeSection(sections, index))}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
          <TextInput source={`${field.source}.${index}.title`} label="Section title" validate={whitepaperSectionRules.title} fullWidth helperText={false} />
          <RichTextEditor
            source={`${field.source}.${index}.content`}
            label="Section content"
            name={`Section ${index + 1} content`}
            validate={whitepaperSectionRules.content}
            rows={WHITEPAPER_SECTION_ROWS}
            limits={DOCUMENT_LIMITS.sectionContent}
          />
        </Paper>
      ))}
      <Button startIcon={<AddIcon />} variant="outlined" disabled={sections.length >= LIST_LIMITS.sections} onClick={() => replace(addSection(sections))}>
        Add Section
      </Button>
      {sections.length >= LIST_LIMITS.sections && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          A whitepaper has at most {LIST_LIMITS.sections} sections.
        </Typography>
      )}
    </Box>
  );
}
