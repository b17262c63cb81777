import { useId, useState, type FormEvent } from "react";
import { NEWSLETTER_ID } from "../../shared/routes.ts";
import { useFormPost, usePageLanguage } from "../lib/forms.ts";
import { ruleMessage } from "../i18n/catalogues.ts";
import { en } from "../i18n/en.ts";
import { useMessages } from "../lib/language.ts";

type Status = { kind: "idle" } | { kind: "sending" } | { kind: "done" } | { kind: "error"; message: string; invalid: boolean };

/** Double opt-in: the sign-up is only asked to confirm, by the link in the mail. */
export const NEWSLETTER_DONE = en["newsletter.done"];
export const NEWSLETTER_FAILED = en["newsletter.failed"];

/** The footer's newsletter box: it signs up (form `newsletter`) and asks to confirm by mail. */
export function NewsletterForm() {
  const id = useId();
  const messages = useMessages();
  const language = usePageLanguage();
  const post = useFormPost("newsletter");
  const [email, setEmail] = useState("");
  const [status, setStatus] = useState<Status>({ kind: "idle" });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const bot = String(new FormData(event.currentTarget).get("bot-field") ?? "");
    // The rules load with the first subscription, not with every page: the footer is on all of them.
    const { validateRecord, waitlistRules } = await import("../../shared/validation.ts");
    const invalid = validateRecord(waitlistRules, { email }).email;
    if (invalid) {
      setStatus({ kind: "error", message: ruleMessage(invalid, messages), invalid: true });
      return;
    }
    setStatus({ kind: "sending" });
    try {
      const response = await post({ email: email.trim(), language }, bot);
      if (!response.ok) throw new Error(`newsletter: HTTP ${response.status}`);
      setEmail("");
      setStatus({ kind: "done" });
    } catch (error) {
      console.error("Newsletter subscription failed:", error);
      setStatus({ kind: "error", message: messages["newsletter.failed"], invalid: false });
    }
  }

  return (
    <section id={NEWSLETTER_ID} className="newsletter" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="footer-title">
        {messages["newsletter.title"]}
      </h2>
      <p>{messages["newsletter.text"]}</p>
      <form method="post" action="/" name="newsletter" onSubmit={submit} noValidate>
        <input type="hidden" name="form-name" value="newsletter" />
        <input type="hidden" name="language" value={language} />
        <p className="honeypot" aria-hidden="true">
          <label>
            {messages["form.honeypot"]} <input name="bot-field" tabIndex={-1} autoComplete="off" />
          </label>
        </p>
        <label htmlFor={`${id}-email`} className="visually-hidden">
          {messages["form.email"]}
        </label>
        <div className="inline-field">
          <input
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="email"
            placeholder={messages["form.emailPlaceholder"]}
            required
            value={email}
            aria-invalid={status.kind === "error" && status.invalid}
            aria-describedby={`${id}-status`}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button type="submit" className="button button-small" disabled={status.kind === "sending"}>
            {status.kind === "sending" ? messages["newsletter.subscribing"] : messages["newsletter.subscribe"]}
          </button>
        </div>
        <p id={`${id}-status`} className={`form-status ${status.kind === "error" ? "is-error" : ""}`} role="status">
          {status.kind === "done" ? messages["newsletter.done"] : status.kind === "error" ? status.message : ""}
        </p>
      </form>
    </section>
  );
}
