import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Slider from "@mui/material/Slider";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { InputHelperText, useInput } from "react-admin";
import { useFormContext } from "react-hook-form";
import { PROGRESS_MAX, PROGRESS_MIN, PROGRESS_STEP } from "../../../shared/constants.ts";
import { completedStage } from "../../../shared/progress.ts";
import type { Rule } from "../../../shared/validation.ts";

/** The form's progress as a number, or null while the box is empty or holds no number. */
export function progressNumber(raw: unknown): number | null {
  if (raw === "" || raw == null) return null;
  const number = typeof raw === "number" ? raw : Number(raw);
  return Number.isFinite(number) ? number : null;
}

/**
 * Stage progress: a slider in steps of 5 and a number box that always show the same value. The
 * slider shows the exact number (42 sits at 42, not at the nearest step) and pins to its end when
 * the number is out of range, which the bounds message then explains. Reaching 100 ticks Completed.
 */
export function ProgressInput({ source, label, validate }: { source: string; label: string; validate?: Rule[] }) {
  const { field, fieldState, formState, id } = useInput({ source, validate });
  const { setValue, getValues } = useFormContext();
  const showError = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
  const number = progressNumber(field.value);
  const sliderValue = number === null ? PROGRESS_MIN : Math.min(PROGRESS_MAX, Math.max(PROGRESS_MIN, number));

  const change = (next: number | null) => {
    field.onChange(next);
    if (next !== null && next >= PROGRESS_MIN && next <= PROGRESS_MAX) {
      const { completed } = completedStage({ completed: Boolean(getValues("completed")), progress: next }, "progress");
      if (completed !== Boolean(getValues("completed"))) setValue("completed", completed, { shouldDirty: true });
    }
  };

  return (
    <Box sx={{ mt: 1 }}>
      <Typography id={`${id}-label`} variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ display: "flex", gap: 3, alignItems: "center" }}>
        <Slider
          aria-labelledby={`${id}-label`}
          value={sliderValue}
          min={PROGRESS_MIN}
          max={PROGRESS_MAX}
          step={PROGRESS_STEP}
          marks
          valueLabelDisplay="auto"
          getAriaValueText={(value) => `${value}%`}
          onChange={(_, value) => change(value as number)}
          onBlur={field.onBlur}
          sx={{ flex: 1 }}
        />
        <TextField
          id={id}
          label={`${label} (%)`}
          type="number"
          size="small"
          value={field.value ?? ""}
          onChange={(event) => change(event.target.value === "" ? null : Number(event.target.value))}
          onBlur={field.onBlur}
          error={showError}
          slotProps={{ htmlInput: { min: PROGRESS_MIN, max: PROGRESS_MAX } }}
          sx={{ width: 130 }}
        />
      </Box>
      <Box sx={{ color: showError ? "error.main" : "text.secondary", fontSize: 12, minHeight: 20 }} role={showError ? "alert" : undefined}>
        <InputHelperText error={showError ? fieldState.error?.message : undefined} helperText={false} />
      </Box>
    </Box>
  );
}

/** Completed: ticking it sets progress to 100, unticking a stage at 100 reopens it at 95. */
export function CompletedInput({ source, label, progressSource }: { source: string; label: string; progressSource: string }) {
  const { field } = useInput({ source, defaultValue: false });
  const { setValue, getValues } = useFormContext();
  return (
    <FormControlLabel
      label={label}
      control={
        <Checkbox
          checked={Boolean(field.value)}
          onChange={(event) => {
            field.onChange(event.target.checked);
            const progress = progressNumber(getValues(progressSource)) ?? PROGRESS_MIN;
            const next = completedStage({ completed: event.target.checked, progress }, "completed");
            if (next.progress !== progress) setValue(progressSource, next.progress, { shouldDirty: true, shouldValidate: true });
          }}
          onBlur={field.onBlur}
        />
      }
    />
  );
}
