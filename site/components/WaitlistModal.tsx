import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { createPortal } from "react-dom";
import { BRAND } from "../../shared/brand.ts";
import { WAITLIST_THANK_YOU_MS } from "../../shared/constants.ts";
import { validateRecord, waitlistRules } from "../../shared/validation.ts";
import { postForm } from "../lib/forms.ts";
import { useScrollLock } from "../lib/scroll-lock.ts";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]):not([tabindex="-1"]), textarea, select, [tabindex]:not([tabindex="-1"])';

/**
 * The waitlist modal: an email field and Join; after a successful submit the thank-you view, which
 * closes itself after 2 s. Escape and the close button close it; focus stays inside while it is
 * open (the opener returns it to the Join Waitlist button). A failed submit is only logged: the
 * visitor is never told it worked when it did not.
 */
export default function WaitlistModal({ onClose }: { onClose: () => void }) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<"form" | "sending" | "thanks">("form");
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useScrollLock(true);

  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>("input[type=email]")?.focus();
  }, []);

  useEffect(() => {
    if (state !== "thanks") return;
    dialog.current?.querySelector<HTMLElement>(".modal-close")?.focus();
    const timer = setTimeout(() => onCloseRef.current(), WAITLIST_THANK_YOU_MS);
    return () => clearTimeout(timer);
  }, [state]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== "Tab" || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const bot = String(new FormData(event.currentTarget).get("bot-field") ?? "");
    const invalid = validateRecord(waitlistRules, { email }).email;
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setState("sending");
    try {
      const response = await postForm("waitlist", { email: email.trim() }, bot);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      setState("thanks");
    } catch (failure) {
      console.error("Waitlist submission failed:", failure);
      setState("form");
    }
  }

  return createPortal(
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={dialog} className="modal" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
        <button type="button" className="modal-close" onClick={onClose}>
          <span aria-hidden="true">✕</span>
          <span className="visually-hidden">Close</span>
        </button>
        {state === "thanks" ? (
          <div className="modal-thanks" role="status">
            <h2 id={`${id}-title`} className="modal-title">
              Thank You!
            </h2>
            <p>We&apos;ll be in touch soon with updates about {BRAND}.</p>
          </div>
        ) : (
          <>
            <h2 id={`${id}-title`} className="modal-title">
              Join the Waitlist
            </h2>
            <p className="modal-text">Be first in line for pre-orders, cartridge drops and build news.</p>
            <form method="post" action="/" name="waitlist" onSubmit={submit} noValidate>
              <input type="hidden" name="form-name" value="waitlist" />
              <p className="honeypot" aria-hidden="true">
                <label>
                  Leave this empty: <input name="bot-field" tabIndex={-1} autoComplete="off" />
                </label>
              </p>
              <label htmlFor={`${id}-email`} className="field-label">
                Email address
              </label>
              <input
                id={`${id}-email`}
                type="email"
                name="email"
                required
                autoComplete="email"
                placeholder="you@example.com"
                value={email}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => setEmail(event.target.value)}
              />
              {error && (
                <p id={`${id}-error`} className="field-error">
                  {error}
                </p>
              )}
              <button type="submit" className="button button-primary button-block" disabled={state === "sending"}>
                {state === "sending" ? "Joining..." : "Join Waitlist"}
              </button>
            </form>
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}
