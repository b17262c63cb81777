import { createHmac } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { FORM_ANSWER } from "../shared/form-messages.ts";
import { formLanguage } from "../shared/form-language.ts";
import { formIdempotencyKey, IDEMPOTENCY_KEY_FIELD } from "../shared/idempotency-key.ts";
import { BodyError, readBody, sendJson } from "../shared/http/http-util.ts";
import { DEFAULT_LANGUAGE, type Language } from "../shared/languages.ts";
import type { RateLimit } from "../shared/http/rate-limit.ts";
import type { SiteRenderer } from "../site/entry-server.tsx";
import { backLink, FORM_BODY_LIMIT, INTAKE_UNAVAILABLE, intakeAnswer, intakePage, takeForm, type IntakeAnswer } from "./forms.ts";
import { BASE_HEADERS } from "./security-headers.ts";
import { CONTENT_TYPES } from "./static-files.ts";
import type { SupabaseRest } from "./supabase-rest.ts";

/** The page's styles and no script. */
const ANSWER_PAGE_POLICY = "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

interface FormIntakeOptions {
  /** Writes with the service role, which only the web tier holds. */
  service: SupabaseRest;
  /** Keys the hash that stands for a sender's address. */
  serviceRoleKey: string;
  formLimit: RateLimit;
  clientAddress: (req: IncomingMessage) => string;
  /** Told of each stored waitlist or newsletter sign-up (not a honeypot's). */
  onSignup: (req: IncomingMessage, kind: "waitlist" | "newsletter", form: URLSearchParams) => void;
  /** The site's page around an answer, from the build; development has none. */
  formAnswer: SiteRenderer["formAnswer"] | null;
  /** The answer's words in a language, from the build (development answers in the default language). */
  answerTranslation: SiteRenderer["answerTranslation"] | null;
  log: (line: string) => void;
}

/**
 * `POST /`: the site's forms (forms.ts has their rules), answered as JSON for scripts or, for a form
 * posted without JavaScript, as a page.
 */
export function formIntake(options: FormIntakeOptions): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { service, formLimit, log } = options;
  return async function intake(req, res) {
    const type = req.headers["content-type"] ?? "";
    if (!type.startsWith("application/x-www-form-urlencoded")) {
      return sendJson(res, 415, { error: "Forms are posted as application/x-www-form-urlencoded" }, BASE_HEADERS);
    }
    const wantsPage = (req.headers.accept ?? "").includes("text/html");
    const answer = async (kind: string, result: IntakeAnswer, headers: Record<string, string> = {}, language: Language = DEFAULT_LANGUAGE) => {
      if (!wantsPage) return sendJson(res, result.status, result.body, { ...BASE_HEADERS, ...headers });
      const back = backLink(req.headers.referer, req.headers.host);
      let html: string;
      try {
        // In the page's language, its frame and its words.
        const translate = options.formAnswer && options.answerTranslation && language !== DEFAULT_LANGUAGE ? await options.answerTranslation(language) : undefined;
        const { heading, html: content } = intakeAnswer(kind, result, back, translate);
        html = options.formAnswer ? await options.formAnswer(heading, content, language) : intakePage(kind, result, back);
      } catch (error) {
        log(`[web] the form's answer page failed: ${error instanceof Error ? error.message : String(error)}`);
        html = intakePage(kind, result, back);
      }
      res.writeHead(result.status, { ...BASE_HEADERS, ...headers, "Content-Type": CONTENT_TYPES[".html"]!, "Content-Security-Policy": ANSWER_PAGE_POLICY });
      res.end(html);
    };
    try {
      // Read before it is counted (it is small, and a refused body is read to its end anyway): a retry
      // of a stored post, known by its key, form and email, is not counted and is answered as it was.
      const form = new URLSearchParams((await readBody(req, FORM_BODY_LIMIT)).toString("utf8"));
      const kind = form.get("form-name") ?? "";
      const key = formIdempotencyKey(form.get(IDEMPOTENCY_KEY_FIELD));
      const email = (form.get("email") ?? "").trim();
      // Only what a stored row can hold is looked for (Postgres's text refuses NUL; takeForm refuses it with 400).
      const retry = key && !`${kind}${email}`.includes("\u0000") ? { retry_key: key, retry_kind: kind, retry_email: email } : {};
      // Counted in Postgres, so every web instance shares one count per address.
      const waitSeconds = await service.rpc<number>("take_form_post", {
        address_hash: addressHash(options.clientAddress(req), options.serviceRoleKey),
        max_posts: formLimit.limit,
        window_seconds: Math.max(1, Math.round(formLimit.windowMs / 1000)),
        ...retry,
      });
      if (waitSeconds > 0) return answer("", { status: 429, body: { error: FORM_ANSWER.tooMany } }, { "Retry-After": String(waitSeconds) });
      const result = await takeForm(service, form);
      await answer(kind, result, {}, formLanguage(form.get("language")) ?? DEFAULT_LANGUAGE);
      if (result.status === 200 && (kind === "waitlist" || kind === "newsletter") && !form.get("bot-field")) options.onSignup(req, kind, form);
    } catch (error) {
      if (error instanceof BodyError) return sendJson(res, error.status, { error: error.message }, BASE_HEADERS);
      log(`[web] form intake failed: ${error instanceof Error ? error.message : String(error)}`);
      req.resume();
      await answer("", { status: 503, body: { error: INTAKE_UNAVAILABLE } }, { "Retry-After": "5" });
    }
  };
}

/** The client's address: the socket's peer, or behind a trusted proxy the address it appended. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? String(req.headers["x-forwarded-for"] ?? "").split(",").at(-1)?.trim() : "";
  return forwarded || req.socket.remoteAddress || "unknown";
}

/** Addresses are counted, never stored: a keyed hash (the same on every instance of this project). */
export function addressHash(address: string, key: string): string {
  return createHmac("sha256", key).update(address).digest("hex");
}
