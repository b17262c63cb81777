import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { createPortal } from "react-dom";
import { WAITLIST_THANK_YOU_MS } from "../../shared/constants.ts";
import { validateRecord, waitlistRules } from "../../shared/validation.ts";
import { useFormPost, usePageLanguage } from "../lib/forms.ts";
import { ruleMessage } from "../i18n/catalogues.ts";
import { waitlistTexts } from "../i18n/parts/waitlist.ts";
import { useMessages, usePart } from "../lib/language.ts";
import { useScrollLock } from "../lib/scroll-lock.ts";

export const WAITLIST_FAILED = waitlistTexts.en["waitlist.failed"];

export const texts = [waitlistTexts];

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]):not([tabindex="-1"]), textarea, select, [tabindex]:not([tabindex="-1"])';

/**
 * The waitlist modal: an email field and Join; after a successful submit the thank-you view, which
 * closes itself after 2 s. Escape and the close button close it; focus stays inside while it is
 * open (the opener returns it to the Join Waitlist button). A failed submit is logged and said under
 * the field (the intake's own reason when it refused the post, such as too many submissions), with
 * the email kept, so the visitor can try again; it never claims to have worked when it did not.
 * While it is open the page behind it holds still (styles.css): every frame is then the modal's alone.
 */
export default function WaitlistModal({ onClose }: { onClose: () => void }) {
  const id = useId();
  const messages = { ...useMessages(), ...usePart(waitlistTexts) };
  const language = usePageLanguage();
  const post = useFormPost("waitlist");
  const dialog = useRef<HTMLDivElement>(null);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [state, setState] = useState<"form" | "sending" | "thanks">("form");
  // A friend's referral code, as their link carries it (`/?ref=<code>`): it travels in the address
  // and this form, never in a cookie.
  const [referral] = useState(() => pageReferralCode(window.location.search));
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useScrollLock(true);

  // Before the dialog is first painted: no frame shows it without focus, and a key typed at once lands in the field.
  useLayoutEffect(() => {
    dialog.current?.querySelector<HTMLElement>("input[type=email]")?.focus();
  }, []);

  useEffect(() => {
    if (state !== "thanks") return;
    dialog.current?.querySelector<HTMLElement>(".modal-close")?.focus();
    // The 2 s count from the frame that draws the view, not from the render: where frames are slow (a
    // phone at 2x density draws four times the pixels) a timer armed at render could close the view
    // before any frame had shown it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => onCloseRef.current(), WAITLIST_THANK_YOU_MS);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
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
      setError(ruleMessage(invalid, messages));
      return;
    }
    setError(null);
    setFailed(null);
    setState("sending");
    try {
      const response = await post({ email: email.trim(), language, ...(referral && { ref: referral }) }, bot);
      if (!response.ok) throw new IntakeRefused(response.status, await refusalReason(response));
      setState("thanks");
    } catch (failure) {
      console.error("Waitlist submission failed:", failure);
      setFailed(failure instanceof IntakeRefused && failure.reason ? failure.reason : messages["waitlist.failed"]);
      setState("form");
    }
  }

  return createPortal(
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={dialog} className="modal" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
        <button type="button" className="modal-close" onClick={onClose}>
          <span aria-hidden="true">✕</span>
          <span className="visually-hidden">{messages["waitlist.close"]}</span>
        </button>
        {state === "thanks" ? (
          <div className="modal-thanks" role="status">
            <h2 id={`${id}-title`} className="modal-title">
              {messages["waitlist.thanksHeading"]}
            </h2>
            <p>{messages["waitlist.thanksText"]}</p>
          </div>
        ) : (
          <>
            <h2 id={`${id}-title`} className="modal-title">
              {messages["waitlist.title"]}
            </h2>
            <p className="modal-text">{messages["waitlist.text"]}</p>
            <form method="post" action="/" name="waitlist" onSubmit={submit} noValidate>
              <input type="hidden" name="form-name" value="waitlist" />
              <input type="hidden" name="language" value={language} />
              {referral && <input type="hidden" name="ref" value={referral} />}
              <p className="honeypot" aria-hidden="true">
                <label>
                  {messages["form.honeypot"]} <input name="bot-field" tabIndex={-1} autoComplete="off" />
                </label>
              </p>
              <label htmlFor={`${id}-email`} className="field-label">
                {messages["form.email"]}
              </label>
              <input
                id={`${id}-email`}
                type="email"
                name="email"
                required
                autoComplete="email"
                placeholder={messages["form.emailPlaceholder"]}
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
                {state === "sending" ? messages["waitlist.joining"] : messages["waitlist.join"]}
              </button>
              <p role="alert" className="field-error">
                {failed}
              </p>
            </form>
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}

/** The referral code of the page's address (`?ref=`), when it has the shape of one (server/waitlist/index.ts checks it again). */
export function pageReferralCode(search: string): string | null {
  const code = (new URLSearchParams(search).get("ref") ?? "").trim().toLowerCase();
  return /^[0-9a-f]{10}$/.test(code) ? code : null;
}

class IntakeRefused extends Error {
  constructor(
    readonly status: number,
    readonly reason: string | null,
  ) {
    super(`HTTP ${status}${reason ? `: ${reason}` : ""}`);
  }
}

/** The intake's reason for refusing a post it understood (4xx with {"error"}); a server failure has none worth showing. */
async function refusalReason(response: Response): Promise<string | null> {
  if (response.status >= 500) return null;
  try {
    const body = (await response.json()) as { error?: unknown };
    return typeof body.error === "string" && body.error ? body.error : null;
  } catch {
    return null;
  }
}
