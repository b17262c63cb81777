import { useCallback, useRef } from "react";
import { useLocation } from "react-router";
import { IDEMPOTENCY_KEY_FIELD, newIdempotencyKey } from "../../shared/idempotency-key.ts";
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
 * How a form is sent to the intake (`POST /`, URL-encoded: form-name, the honeypot bot-field, the
 * fields and the form's idempotency key). The key is made in the browser at the first attempt and
 * sent again with every retry of the same filling of the form, so a post that was stored but whose
 * answer was lost (a server stopping, a dropped connection) is stored once when the visitor tries
 * again; once a post is taken, the next one gets a new key. The returned function resolves with the
 * response; a network failure rejects.
 */
export function useFormPost(kind: FormKind): (fields: Record<string, string>, botField: string) => Promise<Response> {
  const key = useRef<string | null>(null);
  return useCallback(
    async (fields, botField) => {
      key.current ??= newIdempotencyKey();
      const body = new URLSearchParams({ "form-name": kind, "bot-field": botField, ...fields, [IDEMPOTENCY_KEY_FIELD]: key.current });
      const response = await fetch("/", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: body.toString() });
      if (response.ok) key.current = null;
      return response;
    },
    [kind],
  );
}
