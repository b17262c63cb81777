import { useState } from "react";
import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { DateTimeInput, useRecordContext, useResourceContext } from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import { publishChoiceOf, publishingOutcome, publishingValues, publicationStatus, type PublishChoice, type Publishable } from "../../../shared/publishing.ts";
import { scheduledMomentRules } from "../../../shared/validation.ts";
import { usePublishing } from "../../auth/roles.tsx";
import type { FieldProps } from "../../resources/types.ts";

const PUBLISHABLE = { capabilities: { publish: true } };

/**
 * The publishing choice of a publishable row (a `publishing` field): "Publish immediately" (the
 * spec's checkbox), or "Schedule", which shows the moment to pick and publishes at it without asking
 * for the other; neither keeps a draft. Under them the form says what saving does ("Goes live
 * Nov 25, 16:00", "Stays a draft"). Someone who may not publish sees only what the row will be.
 */
export function PublishingInput({ field, isNew }: FieldProps) {
  const resource = useResourceContext() ?? "";
  const publishing = usePublishing(PUBLISHABLE, resource);
  const record = useRecordContext<Publishable>();
  const { setValue } = useFormContext();
  const published = Boolean(useWatch({ name: "published" }));
  const at = useWatch({ name: field.source }) as string | null | undefined;
  // Ticking Schedule before a moment is picked (or while the one there has passed) keeps the choice
  // until another is made: the values alone would read as "publish now".
  const [scheduling, setScheduling] = useState(false);
  const choice: PublishChoice = scheduling ? "schedule" : publishChoiceOf({ published, publish_at: at });
  const wasLive = !isNew && record !== undefined && publicationStatus(record).kind === "published";
  const outcome = publishingOutcome(choice, at, { wasLive });

  const choose = (next: PublishChoice) => {
    setScheduling(next === "schedule");
    const values = publishingValues(next, next === "schedule" ? at : null);
    setValue("published", values.published, { shouldDirty: true });
    setValue(field.source, values.publish_at, { shouldDirty: true });
  };

  const status = (
    <Typography variant="body2" aria-live="polite" data-testid="publishing-outcome" sx={{ fontWeight: 600, mt: 0.5 }}>
      {outcome}
    </Typography>
  );
  if (publishing !== true) {
    return (
      <Box sx={{ my: 1 }}>
        {status}
        {publishing === false && (
          <Typography variant="caption" color="text.secondary">
            An administrator publishes it.
          </Typography>
        )}
      </Box>
    );
  }
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, my: 1 }}>
      <Typography component="legend" variant="subtitle2" sx={{ p: 0 }}>
        Publishing
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 3 }}>
        <FormControlLabel control={<Switch checked={choice === "now"} onChange={(event) => choose(event.target.checked ? "now" : "draft")} />} label="Publish immediately" />
        <FormControlLabel control={<Switch checked={choice === "schedule"} onChange={(event) => choose(event.target.checked ? "schedule" : "draft")} />} label="Schedule" />
      </Box>
      {choice === "schedule" && (
        <Box sx={{ maxWidth: { sm: "50%" } }}>
          <DateTimeInput
            source={field.source}
            label={field.label}
            validate={scheduledMomentRules}
            helperText={field.helperText ?? false}
            fullWidth
            // The input shows local time; the record holds an ISO instant (null when emptied).
            parse={(value: string) => (value ? new Date(value).toISOString() : null)}
          />
        </Box>
      )}
      {status}
    </Box>
  );
}
