import { languageEntry, LANGUAGES, type Language } from "../../shared/languages.ts";

/** Each language's validation messages, as its form shows them under its fields. */
export type LanguageErrors = Partial<Record<Language, readonly string[]>>;

// react-admin keeps its validators' messages in the form as this prefix and the message's JSON (a
// string, or { message, args }); its ValidationError reads them back the same way.
const REACT_ADMIN_MESSAGE = "@@react-admin@@";

type Translate = (message: string, args?: Record<string, unknown>) => string;

function readable(message: string, translate: Translate): string {
  if (!message.startsWith(REACT_ADMIN_MESSAGE)) return translate(message);
  const parsed = JSON.parse(message.slice(REACT_ADMIN_MESSAGE.length)) as string | { message: string; args?: Record<string, unknown> };
  return typeof parsed === "string" ? translate(parsed) : translate(parsed.message, parsed.args);
}

/**
 * The messages of a form's errors (react-hook-form's tree: a field's error, or a list's or an
 * object's errors under it), in the form's order of fields, each once.
 */
export function errorMessages(errors: unknown, translate: Translate = (message) => message): string[] {
  const messages: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    const { message } = node as { message?: unknown };
    if (typeof message === "string" && message) messages.push(readable(message, translate));
    for (const [key, child] of Object.entries(node)) if (key !== "message" && key !== "ref" && key !== "type" && key !== "types") walk(child);
  };
  walk(errors);
  return [...new Set(messages)];
}

/** Every language's messages, each naming its language ("Japanese: Title is required"), in the list's order of languages. */
export function namedErrors(errors: LanguageErrors): string[] {
  return LANGUAGES.flatMap((entry) => (errors[entry.code] ?? []).map((message) => `${languageEntry(entry.code).name}: ${message}`));
}
