import { useState } from "react";
import { validateRecord, type RuleMap } from "../../shared/validation.ts";

/**
 * The state the sign-in, reset and new-password forms share: the typed values, the spec's validation
 * message per field (cleared as the field is edited), the form's error and whether it is submitting.
 */
export function useAuthForm<Field extends string>(rules: RuleMap, initial: Record<Field, string>) {
  const [values, setValues] = useState(initial);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (fieldErrors[field]) setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** Checks `checked` (the values as they will be sent) and shows the messages; true when valid. */
  const validate = (checked: Record<Field, string> = values): boolean => {
    const errors = validateRecord(rules, checked) as Partial<Record<Field, string>>;
    setFieldErrors(errors);
    return Object.keys(errors).length === 0;
  };

  return { values, fieldErrors, change, validate, error, setError, submitting, setSubmitting };
}
