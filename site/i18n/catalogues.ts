import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../../shared/languages.ts";
import { en, type Messages } from "./en.ts";

// Where each language's catalogue comes from. The default language's is in the app; every other one
// is a chunk of its own, loaded for its pages only (the server renders them with it, and the browser
// loads it before it hydrates them, so no page shows another language's words first). A language of
// shared/languages.ts without an entry here fails the type check.

const loaders: { readonly [L in Language]: () => Promise<Messages> } = {
  en: async () => en,
  ja: async () => (await import("./ja.ts")).ja,
};

const loaded = new Map<Language, Messages>([[DEFAULT_LANGUAGE, en]]);
/** One load per language, however many ask (React's `use` needs the same promise each render). */
const loading = new Map<Language, Promise<Messages>>();

/** A language's catalogue, loaded once. */
export function loadCatalogue(language: Language): Promise<Messages> {
  let pending = loading.get(language);
  if (!pending) {
    pending = loaders[language]().then((messages) => {
      loaded.set(language, messages);
      return messages;
    });
    loading.set(language, pending);
  }
  return pending;
}

/** Every language's catalogue (the server renders pages in all of them). */
export async function loadAllCatalogues(): Promise<ReadonlyMap<Language, Messages>> {
  await Promise.all(LANGUAGES.map(({ code }) => loadCatalogue(code)));
  return loaded;
}

/** A catalogue already loaded, or undefined. */
export function loadedCatalogue(language: Language): Messages | undefined {
  return loaded.get(language);
}

const TOO_LONG = /^(.+) must be at most ([\d,]+) characters$/;

/**
 * A form rule's message (shared/validation.ts, in the default language) in the words shown: the
 * shown text under the key `english` has the same words under, a length message with the field's
 * label translated; any other as it is. `english` and `shown` are the default language's and the
 * page's words of the form (the catalogue with the form's part, parts.ts).
 */
export function ruleMessage(message: string, shown: Readonly<Record<string, string>>, english: Readonly<Record<string, string>> = en): string {
  const keys = Object.keys(english);
  const same = keys.find((key) => english[key] === message);
  if (same && shown[same] !== undefined) return shown[same];
  const tooLong = TOO_LONG.exec(message);
  const field = tooLong && keys.find((key) => key.startsWith("contact.") && english[key] === tooLong[1]);
  const template = shown["contact.tooLong"];
  return tooLong && field && template !== undefined && shown[field] !== undefined ? fill(template, { field: shown[field], limit: tooLong[2]! }) : message;
}

/** A message with its `{name}` places filled. */
export function fill(message: string, values: Readonly<Record<string, string | number>>): string {
  return message.replace(/\{(\w+)\}/g, (place, name: string) => (name in values ? String(values[name]) : place));
}
