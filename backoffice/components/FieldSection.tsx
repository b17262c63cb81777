import { useState } from "react";
import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { useFormState, useWatch } from "react-hook-form";
import type { FieldSpec } from "../resources/types.ts";
import { FieldInput } from "./FieldInput.tsx";

const GRID = { display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2 } as const;

function FieldCell({ field, isNew }: { field: FieldSpec; isNew: boolean }) {
  return (
    <Box sx={{ gridColumn: field.half ? "auto" : "1 / -1", minWidth: 0 }}>
      <FieldInput field={field} isNew={isNew} />
    </Box>
  );
}

/**
 * A form's fields in order, as cells of its two-column grid; consecutive fields with the same
 * `section` are one collapsible section instead.
 */
export function FieldList({ fields, isNew }: { fields: readonly FieldSpec[]; isNew: boolean }) {
  const groups: { section?: string; fields: FieldSpec[] }[] = [];
  for (const field of fields) {
    const last = groups.at(-1);
    if (field.section && last?.section === field.section) last.fields.push(field);
    else groups.push({ section: field.section, fields: [field] });
  }
  return groups.map((group) =>
    group.section ? (
      <FieldSection key={`section:${group.section}`} title={group.section} fields={group.fields} isNew={isNew} />
    ) : (
      <FieldCell key={group.fields[0]!.source} field={group.fields[0]!} isNew={isNew} />
    ),
  );
}

/**
 * Optional fields most records leave alone, folded away under their title: open from the start when
 * one of them has a value, and opened by a refused save that names one of them. The inputs stay
 * mounted while folded, so their values and rules count as the others' do.
 */
function FieldSection({ title, fields, isNew }: { title: string; fields: readonly FieldSpec[]; isNew: boolean }) {
  const sources = fields.map((field) => field.source);
  const values = useWatch({ name: sources }) as unknown[];
  const { errors } = useFormState({ name: sources });
  const [opened, setOpened] = useState(() => values.some((value) => value !== null && value !== undefined && value !== ""));
  const hasError = sources.some((source) => errors[source]);
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <Box sx={{ gridColumn: "1 / -1", my: 1 }}>
      <Accordion expanded={opened || hasError} onChange={(_, expanded) => setOpened(expanded)} disableGutters variant="outlined">
        <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`${id}-header`} aria-controls={`${id}-content`}>
          <Typography variant="subtitle2">{title}</Typography>
        </AccordionSummary>
        <AccordionDetails id={`${id}-content`} sx={GRID}>
          {fields.map((field) => (
            <FieldCell key={field.source} field={field} isNew={isNew} />
          ))}
        </AccordionDetails>
      </Accordion>
    </Box>
  );
}
