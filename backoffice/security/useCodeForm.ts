import { useState, type FormEvent } from "react";
import { totpCodeRules, validateRecord } from "../../shared/validation.ts";

/**
 * A form that sends an authenticator's code: the code as typed, its format message, the refusal the
 * send gave (a wrong code, too many tries) and whether it is sending. `send` throws an Error whose
 * message is shown as it is.
 */
export function useCodeForm(send: (code: string) => Promise<void>, fallbackMessage: string) {
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const change = (value: string) => {
    setCode(value);
    setFieldError(undefined);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const invalid = validateRecord(totpCodeRules, { code }).code;
    setFieldError(invalid);
    if (invalid) return;
    setSending(true);
    setError(null);
    try {
      await send(code);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : fallbackMessage);
      // A refused code is spent: the next try starts from an empty field.
      setCode("");
    } finally {
      setSending(false);
    }
  };

  return { code, change, fieldError, error, sending, submit };
}
