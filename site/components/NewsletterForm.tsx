import { useId, useState, type FormEvent } from "react";
import { NEWSLETTER_ID } from "../../shared/routes.ts";
import { FORM_SUCCESS } from "../../shared/form-messages.ts";
import { postForm, usePageLanguage } from "../lib/forms.ts";

type Status = { kind: "idle" } | { kind: "sending" } | { kind: "done" } | { kind: "error"; message: string };

/** Double opt-in: the sign-up is only asked to confirm, by the link in the mail. */
export const NEWSLETTER_DONE = FORM_SUCCESS.newsletter.text;
export const NEWSLETTER_FAILED = "Subscription failed. Please try again.";

/** The footer's newsletter box: it signs up (form `newsletter`) and asks to confirm by mail. */
export function NewsletterForm() {
  const id = useId();
  const language = usePageLanguage();
  const [email, setEmail] = useState("");
  const [status, setStatus] = useState<Status>({ kind: "idle" });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const bot = String(new FormData(event.currentTarget).get("bot-field") ?? "");
    // The rules load with the first subscription, not with every page: the footer is on all of them.
    const { validateRecord, waitlistRules } = await import("../../shared/validation.ts");
    const invalid = validateRecord(waitlistRules, { email }).email;
    if (invalid) {
      setStatus({ kind: "error", message: invalid });
      return;
    }
    setStatus({ kind: "sending" });
    try {
      const response = await postForm("newsletter", { email: email.trim(), language }, bot);
      if (!response.ok) throw new Error(`newsletter: HTTP ${response.status}`);
      setEmail("");
      setStatus({ kind: "done" });
    } catch (error) {
      console.error("Newsletter subscription failed:", error);
      setStatus({ kind: "error", message: NEWSLETTER_FAILED });
    }
  }

  return (
    <section id={NEWSLETTER_ID} className="newsletter" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="footer-title">
        Newsletter
      </h2>
      <p>Build notes and launch news, once a month.</p>
      <form method="post" action="/" name="newsletter" onSubmit={submit} noValidate>
        <input type="hidden" name="form-name" value="newsletter" />
        <input type="hidden" name="language" value={language} />
        <p className="honeypot" aria-hidden="true">
          <label>
            Leave this empty: <input name="bot-field" tabIndex={-1} autoComplete="off" />
          </label>
        </p>
        <label htmlFor={`${id}-email`} className="visually-hidden">
          Email address
        </label>
        <div className="inline-field">
          <input
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            required
            value={email}
            aria-invalid={status.kind === "error" && status.message !== NEWSLETTER_FAILED}
            aria-describedby={`${id}-status`}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button type="submit" className="button button-small" disabled={status.kind === "sending"}>
            {status.kind === "sending" ? "Subscribing..." : "Subscribe"}
          </button>
        </div>
        <p id={`${id}-status`} className={`form-status ${status.kind === "error" ? "is-error" : ""}`} role="status">
          {status.kind === "done" ? NEWSLETTER_DONE : status.kind === "error" ? status.message : ""}
        </p>
      </form>
    </section>
  );
}
