import { useLocation } from "react-router";
import { splitLanguage, type Language } from "../../shared/languages.ts";
import type { FormKind } from "../../shared/types.ts";

/**
 * The language of the page a form is on, from its address (`/ja/...` is Japanese): the forms send it
 * (a hidden `language` field, for a post without JavaScript too) and the intake stores it with the
 * submission, so mails to the visitor are in their language.
 */
export function usePageLanguage(): Language {
  return splitLanguage(useLocation().pathname).language;
}

/**
 * Posts a form to the intake (`POST /`, URL-encoded): form-name, the empty honeypot
 * bot-field, then the fields. Resolves with the response; a network failure rejects.
 */
export function postForm(kind: FormKind, fields: Record<string, string>, botField = ""): Promise<Response> {
  const body = new URLSearchParams({ "form-name": kind, "bot-field": botField, ...fields });
  return fetch("/", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: body.toString(),
  });
}
