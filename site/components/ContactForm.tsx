import { useEffect, useId, useState, type FormEvent } from "react";
import { CONTACT_SUCCESS_MS } from "../../shared/constants.ts";
import { contactRules, validateRecord } from "../../shared/validation.ts";
import { useFormPost, usePageLanguage } from "../lib/forms.ts";
import { ruleMessage } from "../i18n/catalogues.ts";
import { en } from "../i18n/en.ts";
import { contactTexts } from "../i18n/parts/contact.ts";
import { useMessages, usePart } from "../lib/language.ts";

export const CONTACT_SENT = contactTexts.en["contact.sent"];
export const CONTACT_FAILED = contactTexts.en["contact.failed"];

/** The default language's words of the form's rules, which ruleMessage looks the shown ones up by. */
const CONTACT_ENGLISH = { ...en, ...contactTexts.en };

type Fields = { name: string; email: string; message: string };
const EMPTY: Fields = { name: "", email: "", message: "" };

/**
 * The contact form: name, email and message required. Success clears it and says "Message sent
 * successfully!" for 3 s; a failure says "Failed to send message. Please try again." and keeps
 * what was typed.
 */
export function ContactForm() {
  const id = useId();
  const messages = { ...useMessages(), ...usePart(contactTexts) };
  const language = usePageLanguage();
  const post = useFormPost("contact");
  const [values, setValues] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const [status, setStatus] = useState<"idle" | "sending" | "success" | "error">("idle");

  useEffect(() => {
    if (status !== "success") return;
    const timer = setTimeout(() => setStatus("idle"), CONTACT_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const bot = String(new FormData(event.currentTarget).get("bot-field") ?? "");
    const found = Object.fromEntries(Object.entries(validateRecord(contactRules, values)).map(([field, message]) => [field, ruleMessage(message, messages, CONTACT_ENGLISH)])) as Partial<Fields>;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = (Object.keys(found) as (keyof Fields)[])[0];
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setStatus("sending");
    try {
      const response = await post({ name: values.name.trim(), email: values.email.trim(), message: values.message.trim(), language }, bot);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      setValues(EMPTY);
      setStatus("success");
    } catch (error) {
      console.error("Contact form failed:", error);
      setStatus("error");
    }
  }

  const field = (name: keyof Fields, label: string, input: "input" | "textarea", type = "text", autoComplete?: string) => {
    const props = {
      id: `${id}-${name}`,
      name,
      value: values[name],
      required: true,
      autoComplete,
      "aria-invalid": errors[name] ? true : undefined,
      "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
      onChange: (event: { target: { value: string } }) => {
        const value = event.target.value;
        setValues((current) => ({ ...current, [name]: value }));
        if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
      },
    };
    return (
      <div className="field">
        <label htmlFor={props.id} className="field-label">
          {label}
        </label>
        {input === "textarea" ? <textarea {...props} rows={6} /> : <input {...props} type={type} />}
        {errors[name] && (
          <p id={`${id}-${name}-error`} className="field-error">
            {errors[name]}
          </p>
        )}
      </div>
    );
  };

  return (
    <form method="post" action="/" name="contact" className="contact-form card" onSubmit={submit} noValidate>
      <input type="hidden" name="form-name" value="contact" />
      <input type="hidden" name="language" value={language} />
      <p className="honeypot" aria-hidden="true">
        <label>
          {messages["form.honeypot"]} <input name="bot-field" tabIndex={-1} autoComplete="off" />
        </label>
      </p>
      {field("name", messages["contact.name"], "input", "text", "name")}
      {field("email", messages["contact.email"], "input", "email", "email")}
      {field("message", messages["contact.message"], "textarea")}
      <button type="submit" className="button button-primary" disabled={status === "sending"}>
        {status === "sending" ? messages["contact.sending"] : messages["contact.send"]}
      </button>
      <div role="status" className="form-status-box">
        {status === "success" && <p className="form-status is-success">{messages["contact.sent"]}</p>}
        {status === "error" && <p className="form-status is-error">{messages["contact.failed"]}</p>}
      </div>
    </form>
  );
}
