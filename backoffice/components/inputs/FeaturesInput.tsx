import TextField from "@mui/material/TextField";
import { InputHelperText, useInput } from "react-admin";
import { FEATURES_PLACEHOLDER, featuresFromText, featuresToText, type Rule } from "../../../shared/validation.ts";

export interface FeaturesInputProps {
  source: string;
  label: string;
  validate?: Rule[];
  helperText?: string;
}

/** A list of strings edited as a textarea, one entry per line (collection features, cartridge features). */
export function FeaturesInput({ source, label, validate, helperText = "One feature per line" }: FeaturesInputProps) {
  const { field, fieldState, formState, id, isRequired } = useInput({ source, validate, format: (value) => value, parse: (value) => value });
  const showError = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
  const list = Array.isArray(field.value) ? (field.value as string[]) : [];
  return (
    <TextField
      id={id}
      label={label}
      required={isRequired}
      multiline
      minRows={3}
      fullWidth
      margin="dense"
      size="small"
      placeholder={FEATURES_PLACEHOLDER}
      value={featuresToText(list)}
      onChange={(event) => field.onChange(featuresFromText(event.target.value))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      name={field.name}
      error={showError}
      helperText={<InputHelperText error={showError ? fieldState.error?.message : undefined} helperText={helperText} />}
    />
  );
}
