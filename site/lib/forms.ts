import type { FormKind } from "../../shared/types.ts";

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
