import Box from "@mui/material/Box";
import Slider from "@mui/material/Slider";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { InputHelperText, useInput } from "react-admin";
import { PROGRESS_MAX, PROGRESS_MIN, PROGRESS_STEP } from "../../../shared/constants.ts";
import type { Rule } from "../../../shared/validation.ts";

/** Stage progress: a slider in steps of 5 and a number box, with the spec's bounds messages. */
export function ProgressInput({ source, label, validate }: { source: string; label: string; validate?: Rule[] }) {
  const { field, fieldState, formState, id } = useInput({ source, validate });
  const showError = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
  const raw = field.value as number | string | null | undefined;
  const numeric = typeof raw === "number" ? raw : raw === "" || raw == null ? 0 : Number(raw);
  const sliderValue = Number.isFinite(numeric) ? Math.min(PROGRESS_MAX, Math.max(PROGRESS_MIN, numeric)) : 0;
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
          onChange={(_, value) => field.onChange(value as number)}
          onBlur={field.onBlur}
          sx={{ flex: 1 }}
        />
        <TextField
          id={id}
          label={`${label} (%)`}
          type="number"
          size="small"
          value={raw ?? ""}
          onChange={(event) => field.onChange(event.target.value === "" ? null : Number(event.target.value))}
          onBlur={field.onBlur}
          error={showError}
          slotProps={{ htmlInput: { step: PROGRESS_STEP } }}
          sx={{ width: 130 }}
        />
      </Box>
      <Box sx={{ color: showError ? "error.main" : "text.secondary", fontSize: 12, minHeight: 20 }} role={showError ? "alert" : undefined}>
        <InputHelperText error={showError ? fieldState.error?.message : undefined} helperText={false} />
      </Box>
    </Box>
  );
}
