import { randomUUID } from "node:crypto";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../shared/languages.ts";
import { callApi, SupabaseRest } from "../supabase-rest.ts";
import type { TranslationFields } from "../../shared/translated-row.ts";
import { followUrl, linkAddresses, mailVideos, newsletterMail, replaceLinks, translatedPost, unsubscribeUrl, type MailContent, type SentPost } from "./mail.ts";
import type { Mailer, Outcome } from "./mailer.ts";

export interface SenderSettings {
  url: string;
  /** Reads a post's translations as a visitor would: only what is published and due (RLS). */
  anonKey: string;
  serviceRoleKey: string;
  siteUrl: string;
  mailer: Mailer;
  /** Mails a second, all web instances together (the database's shared token bucket). */
  ratePerSecond: number;
  /** Deliveries claimed at once. */
  batchSize: number;
  /** Mails this instance has on the wire at once. */
  lanes: number;
  /** How long a claim is this instance's; a row whose instance died returns to the queue after it. */
  leaseSeconds: number;
  /** The first retry's wait after a temporary failure, doubled with each attempt. */
  retrySeconds: number;
  /** How often an idle instance looks for work. */
  idleMs: number;
  log: (line: string) => void;
}

interface Claimed {
  delivery_id: number;
  send_id: string;
  email: string;
  unsubscribe_token: string;
  attempts: number;
  /** The subscriber's language code (newsletter_subscribers.language). */
  language: string;
}

type Report = { id: number } & (Outcome | { outcome: "release" });

/** Results are recorded at most this long after their mail was accepted. */
const REPORT_EVERY_MS = 25;
const FORGET_EVERY_MS = 60 * 60_000;
/** Links of a mail counted through the redirect (newsletter_link_numbers takes at most 200); longer addresses are left as they are. */
const MAX_COUNTED_LINKS = 200;
const MAX_COUNTED_ADDRESS = 2048;
/** Stands in for each subscriber's own unsubscribe address in a send's mail, made once per send. */
const UNSUBSCRIBE_PLACEHOLDER = "https://unsubscribe.invalid/";

/**
 * Each web instance runs one sender: it claims due deliveries in batches (newsletter_claim: FOR
 * UPDATE SKIP LOCKED under a lease, within the shared rate), sends them over SMTP, and records each
 * result within 25 ms of the server's answer (newsletter_report): sent, retried with backoff after a
 * temporary failure, or failed after a permanent one. A crash leaves its claimed rows to return to
 * the queue when their lease ends, so another instance sends them; only a mail accepted by the SMTP
 * server in the last 25 ms before a crash, not yet recorded, can go out twice.
 */
export class NewsletterSender {
  readonly #settings: SenderSettings;
  readonly #rest: SupabaseRest;
  /** Names this instance's claims (its process id first, for whoever reads the queue). */
  readonly #worker = `web-${process.pid}-${randomUUID()}`;
  /** By send and language. */
  readonly #mails = new Map<string, Promise<MailContent>>();
  #reports: Report[] = [];
  #reporting: Promise<void> = Promise.resolve();
  #stopped = false;
  #wake: (() => void) | null = null;
  #running: Promise<void> | null = null;
  /** What is left of the batch being sent: handed back at once by a stop. */
  #unsent: Claimed[] = [];

  constructor(settings: SenderSettings) {
    this.#settings = settings;
    this.#rest = new SupabaseRest(settings.url, settings.serviceRoleKey);
  }

  start(): void {
    this.#running ??= this.#loop();
  }

  /** Look for work now (a send was just queued). */
  wake(): void {
    this.#wake?.();
  }

  /**
   * Stops claiming: the mails on the wire are finished and recorded, and what is left of the batch
   * is released to the queue at once, for another instance to send without waiting for the lease.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    // Recorded by the batch's next report, within 25 ms.
    for (const left of this.#unsent.splice(0)) this.#reports.push({ id: left.delivery_id, outcome: "release" });
    this.wake();
    await this.#running;
  }

  async #loop(): Promise<void> {
    let forgotAt = 0;
    let active = false;
    while (!this.#stopped) {
      try {
        if (Date.now() - forgotAt > FORGET_EVERY_MS) {
          await this.#rest.rpc("newsletter_forget_unconfirmed");
          forgotAt = Date.now();
        }
        const claimed = await this.#rest.rpc<Claimed[]>("newsletter_claim", {
          worker: this.#worker,
          batch_size: this.#settings.batchSize,
          per_second: this.#settings.ratePerSecond,
          lease_seconds: this.#settings.leaseSeconds,
        });
        if (claimed.length > 0) {
          active = true;
          await this.#sendAll(claimed);
          continue;
        }
        // While a send runs, an empty claim means the rate's budget is spent: look again within a second.
        await this.#pause(active ? Math.min(this.#settings.idleMs, 1000) : this.#settings.idleMs);
        active = false;
      } catch (error) {
        this.#settings.log(`[newsletters] the queue could not be read: ${error instanceof Error ? error.message : String(error)}`);
        await this.#pause(this.#settings.idleMs);
      }
    }
  }

  #pause(ms: number): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    return new Promise((done) => {
      const timer = setTimeout(finish, ms);
      function finish() {
        clearTimeout(timer);
        done();
      }
      this.#wake = () => {
        this.#wake = null;
        finish();
      };
    });
  }

  async #sendAll(claimed: Claimed[]): Promise<void> {
    const queue = (this.#unsent = [...claimed]);
    // Past half its lease a batch stops: what is left goes back to the queue rather than risk
    // being sent here after another instance has taken it.
    const sendBefore = Date.now() + (this.#settings.leaseSeconds * 1000) / 2;
    const timer = setInterval(() => void this.#flush(), REPORT_EVERY_MS);
    try {
      await Promise.all(
        Array.from({ length: Math.min(this.#settings.lanes, queue.length) }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) {
            // The result is pushed once it exists: the list may have been handed to a recording meanwhile.
            const result: Report = Date.now() > sendBefore ? { id: next.delivery_id, outcome: "release" } : { id: next.delivery_id, ...(await this.#deliver(next)) };
            this.#reports.push(result);
          }
        }),
      );
    } finally {
      clearInterval(timer);
      await this.#flush();
    }
  }

  async #deliver(delivery: Claimed): Promise<Outcome> {
    // A code the site no longer has (a language removed from shared/languages.ts) reads the default.
    const language = isLanguage(delivery.language) ? delivery.language : DEFAULT_LANGUAGE;
    let mail: MailContent;
    try {
      mail = await this.#mailOf(delivery.send_id, language);
    } catch (error) {
      this.#mails.delete(`${delivery.send_id}/${language}`);
      return { outcome: "retry", error: `the post could not be read: ${error instanceof Error ? error.message : String(error)}` };
    }
    const unsubscribe = unsubscribeUrl(this.#settings.siteUrl, delivery.unsubscribe_token, language);
    const personal = (text: string) => text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribe);
    const outcome = await this.#settings.mailer.send({
      to: delivery.email,
      subject: mail.subject,
      html: personal(mail.html),
      text: personal(mail.text),
      messageId: `<newsletter-${delivery.delivery_id}@${new URL(this.#settings.siteUrl).hostname}>`,
      headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    if (outcome.outcome !== "sent") this.#settings.log(`[newsletters] delivery ${delivery.delivery_id} (attempt ${delivery.attempts}): ${outcome.outcome}: ${outcome.error}`);
    return outcome;
  }

  /**
   * A send's mail in `language`, with a placeholder for the unsubscribe address, made once per send
   * and language: the post as the send stored it, with its translation's words in place where the
   * post has a translation in that language that visitors may read (published, due), else as sent.
   */
  #mailOf(sendId: string, language: Language): Promise<MailContent> {
    const key = `${sendId}/${language}`;
    let mail = this.#mails.get(key);
    if (!mail) {
      mail = (async () => {
        const { url, serviceRoleKey, anonKey } = this.#settings;
        const read = (path: string) => callApi(`${url}/rest/v1${path}`, { apikey: serviceRoleKey, bearer: serviceRoleKey, timeoutMs: 10_000 });
        const rows = (await read(`/newsletter_sends?select=post_id,subject,slug,content,image_url,image_alt,segment_filter&id=eq.${encodeURIComponent(sendId)}`)) as (SentPost & {
          post_id: string | null;
          segment_filter: unknown;
        })[];
        const found = rows[0];
        if (!found) throw new Error(`no send ${sendId}`);
        const { segment_filter: segmentFilter, ...sent } = found;
        let post: SentPost = { ...sent, aimed: segmentFilter !== null };
        // A post's translations are the site's; a mail written for the newsletter has none.
        if (language !== DEFAULT_LANGUAGE && sent.post_id !== null) {
          const asVisitor = (path: string) => callApi(`${url}/rest/v1${path}`, { apikey: anonKey, bearer: anonKey, timeoutMs: 10_000 });
          const [translation] = (await asVisitor(
            `/content_translations?select=language,fields&source_table=eq.blog_posts&row_id=eq.${sent.post_id}&language=eq.${encodeURIComponent(language)}`,
          )) as TranslationFields[];
          post = translatedPost(post, translation);
        }
        const videos = await mailVideos(post.content, read, url);
        return this.#counted(sendId, newsletterMail(post, this.#settings.siteUrl, UNSUBSCRIBE_PLACEHOLDER, url, videos, language));
      })();
      this.#mails.set(key, mail);
    }
    return mail;
  }

  /**
   * The mail with its links (the HTML's, not the unsubscribe link) leading through the site's own
   * redirect, which counts each click by link and send (newsletter_follow): counts, not people. The
   * plain-text part keeps the addresses as they are.
   */
  async #counted(sendId: string, mail: MailContent): Promise<MailContent> {
    const addresses = linkAddresses(mail.html).filter((address) => address !== UNSUBSCRIBE_PLACEHOLDER && /^https?:\/\//.test(address) && address.length <= MAX_COUNTED_ADDRESS);
    if (addresses.length === 0) return mail;
    const numbered = await this.#rest.rpc<{ number: number; url: string }[]>("newsletter_link_numbers", { send_id: sendId, urls: addresses.slice(0, MAX_COUNTED_LINKS) });
    const redirects = new Map(numbered.map((link) => [link.url, followUrl(this.#settings.siteUrl, sendId, link.number)]));
    return { ...mail, html: replaceLinks(mail.html, (address) => redirects.get(address) ?? address) };
  }

  /** Records the results gathered so far; one recording at a time, each retried until it lands or the lease would be over. */
  #flush(): Promise<void> {
    this.#reporting = this.#reporting.then(async () => {
      const batch = this.#reports;
      if (batch.length === 0) return;
      this.#reports = [];
      const deadline = Date.now() + this.#settings.leaseSeconds * 1000;
      for (let attempt = 0; ; attempt++) {
        try {
          const recorded = await this.#rest.rpc<number>("newsletter_report", { worker: this.#worker, results: batch, retry_seconds: this.#settings.retrySeconds });
          if (recorded < batch.length) this.#settings.log(`[newsletters] ${batch.length - recorded} results came after their lease ended`);
          return;
        } catch (error) {
          if (Date.now() + 1000 * 2 ** attempt > deadline) {
            this.#settings.log(`[newsletters] ${batch.length} results could not be recorded: ${error instanceof Error ? error.message : String(error)}`);
            return;
          }
          await new Promise((done) => setTimeout(done, 250 * 2 ** attempt));
        }
      }
    });
    return this.#reporting;
  }
}
