import { useEffect, useRef } from "react";
import { TextInput } from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import type { FieldProps } from "../../resources/types.ts";

export interface DerivedOptions {
  /** The field this one is derived from. */
  from: string;
  /** The source's value as the form holds it (text, or a rich text's document). */
  derive: (value: unknown) => string;
  /** Keep following the source while editing an existing record (read time yes, a slug no: links). */
  followOnEdit: boolean;
}

/**
 * A text field derived from another (slug from title, read time from content) that stays editable:
 * it follows its source for as long as its value is the derived one, and stops once edited by hand.
 */
export function derivedInput({ from, derive, followOnEdit }: DerivedOptions) {
  return function DerivedInput({ field, isNew }: FieldProps) {
    const sourceValue = useWatch({ name: from }) as unknown;
    const { getValues, setValue } = useFormContext();
    const last = useRef<string | null>(null);
    useEffect(() => {
      const next = derive(sourceValue);
      const current = String(getValues(field.source) ?? "");
      if (last.current !== null) {
        const follows = isNew || followOnEdit ? current === "" || current === last.current : current === "";
        if (follows && current !== next) setValue(field.source, next, { shouldDirty: true });
      }
      last.current = next;
    }, [sourceValue, field.source, getValues, setValue, isNew]);
    return <TextInput source={field.source} label={field.label} validate={field.validate} helperText={field.helperText ?? false} fullWidth />;
  };
}
