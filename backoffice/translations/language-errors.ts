import { languageEntry, LANGUAGES, type Language } from "../../shared/languages.ts";

/** Each language's validation messages, as its form shows them under its fields. */
export type LanguageErrors = Partial<Record<Language, readonly string[]>>;

/**
 * The messages of a form's errors (react-hook-form's tree: a field's error, or a list's or an
 * object's errors under it), in the form's order of fields, each once.
 */
export function errorMessages(errors: unknown, translate: (message: string) => string = (message) => message): string[] {
  const messages: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    const { message } = node as { message?: unknown };
    if (typeof message === "string" && message) messages.push(translate(message));
    else if (message && typeof message === "object" && typeof (message as { message?: unknown }).message === "string") messages.push(translate((message as { message: string }).message));
    for (const [key, child] of Object.entries(node)) if (key !== "message" && key !== "ref" && key !== "type" && key !== "types") walk(child);
  };
  walk(errors);
  return [...new Set(messages)];
}

/** Every language's messages, each naming its language ("Japanese: Title is required"), in the list's order of languages. */
export function namedErrors(errors: LanguageErrors): string[] {
  return LANGUAGES.flatMap((entry) => (errors[entry.code] ?? []).map((message) => `${languageEntry(entry.code).name}: ${message}`));
}
