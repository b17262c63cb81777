import { useEffect, useState } from "react";
import { BooleanInput, DateTimeInput, NumberInput, SelectInput, TextInput } from "react-admin";
import { lazyInput, type FieldProps, type Preloadable, type ResourceConfig } from "../resources/types.ts";
import { MediaUrlInput } from "./inputs/MediaUrlInput.tsx";
import { PublishingInput } from "./inputs/PublishingInput.tsx";

// The rich editor (TipTap) loads with the first form that has a rich field, not with the back office:
// the form waits for it under ResourceDialog's Suspense, as for custom inputs.
const RichTextInput = lazyInput(async () => (await import("./inputs/RichTextInput.tsx")).RichTextInput);

/**
 * A list fetches the code of its lazy parts (its forms' rich editor and custom inputs, its rows' own
 * actions) as soon as it is drawn: the downloads run while the list's rows are read, so neither the
 * first editor opened nor the first rows wait for them (the dashboard, the first screen, still loads
 * without them).
 */
export function usePreloadedCode({ fields, rowActions }: Pick<ResourceConfig, "fields" | "rowActions">) {
  const rich = fields.some((field) => field.kind === "richText");
  const lazyParts = [...(rich ? [RichTextInput] : []), ...fields.map((field) => field.component), rowActions];
  const [preloadable] = useState(() => lazyParts.flatMap((part) => (part && "preload" in part ? [part as unknown as Preloadable] : [])));
  useEffect(() => {
    for (const part of preloadable) void part.preload().catch(() => undefined);
  }, [preloadable]);
}

/** Renders one field of a resource config with its validation rules from shared/. */
export function FieldInput({ field, isNew }: FieldProps) {
  const common = {
    source: field.source,
    label: field.label,
    validate: field.validate,
    helperText: field.helperText ?? false,
    fullWidth: true,
  } as const;
  switch (field.kind) {
    case "text":
      return <TextInput {...common} placeholder={field.placeholder} />;
    case "url":
      return <TextInput {...common} type="url" placeholder={field.placeholder ?? "https://"} />;
    case "textarea":
      return <TextInput {...common} multiline minRows={field.rows ?? 3} placeholder={field.placeholder} />;
    case "number":
      return <NumberInput {...common} />;
    case "datetime":
      // The input shows local time; the record holds an ISO instant (null when emptied).
      return <DateTimeInput {...common} parse={(value: string) => (value ? new Date(value).toISOString() : null)} />;
    case "boolean":
      return <BooleanInput source={field.source} label={field.label} helperText={field.helperText ?? false} />;
    case "select":
      return <SelectInput {...common} choices={field.choices as { id: string; name: string }[]} emptyText={field.placeholder ?? ""} />;
    case "image":
    case "video":
      return <MediaUrlInput field={field} mediaType={field.kind} />;
    case "richText":
      return <RichTextInput field={field} />;
    case "publishing":
      return <PublishingInput field={field} isNew={isNew} />;
    case "custom":
      return field.component ? <field.component field={field} isNew={isNew} /> : null;
  }
}
