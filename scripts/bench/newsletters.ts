import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { ADMIN, startTestBackend } from "../../tests/support/backend.ts";
import { peakResidentBytes } from "../../tests/support/backend-process.ts";
import { freePort } from "../../tests/support/app-process.ts";

export interface NewsletterBenchResult {
  recipients: number;
  /** newsletter_send_post: one row per recipient queued, as the administrator, through the API. */
  queueMs: number;
  /** From the queue until every mail was accepted by the local mailbox's SMTP sink. */
  sendSeconds: number;
  mailsPerSecond: number;
  /** The sending `npm run serve` process's resident memory before and at its peak. */
  webBaselineMb: number;
  webPeakMb: number;
}

const ROOT = resolve(import.meta.dirname, "../..");
const RECIPIENTS = 5000;
const POST_ID = "b0000000-0000-4000-8000-000000000001";

/**
 * `recipients` confirmed subscribers on the embedded database, one post queued for them, and one web
 * instance (`npm run serve`, no rate limit) sending into the local backend's mailbox over SMTP, as
 * `npm start` does.
 */
export async function benchNewsletters(recipients = RECIPIENTS): Promise<NewsletterBenchResult> {
  const backend = await startTestBackend();
  const port = await freePort();
  const web = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_URL: "https://rcrt.example",
      SUPABASE_URL: backend.url,
      SUPABASE_ANON_KEY: backend.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: backend.serviceKey,
      ANALYTICS: "off",
      SMTP_URL: backend.backend.smtpUrl,
      NEWSLETTER_RATE: "1000000",
    },
  });
  try {
    await new Promise<void>((ready, fail) => {
      web.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("listening on") && ready());
      web.once("exit", (code) => fail(new Error(`the web server exited with ${code}`)));
    });
    await backend.sql(
      `with added as (
         insert into public.newsletter_subscribers (email, status, confirmed_at)
         select 'bench' || g || '@example.com', 'confirmed', now() from generate_series(1, $1::integer) g returning id)
       insert into private.newsletter_tokens (subscriber_id, unsubscribe_token)
       select id, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') from added`,
      [recipients],
    );
    const admin = await backend.signIn(ADMIN.email, ADMIN.password);
    const queuedAt = performance.now();
    const { error } = await admin.rpc("newsletter_send_post", { post_id: POST_ID });
    if (error) throw new Error(error.message);
    const queueMs = performance.now() - queuedAt;
    const { baseline, peak } = await peakResidentBytes(web.pid!, async () => {
      for (;;) {
        const [row] = await backend.sql<{ pending: number }>("select count(*)::int as pending from private.newsletter_deliveries where state in ('queued', 'sending')");
        if (row!.pending === 0) return;
        await new Promise((done) => setTimeout(done, 100));
      }
    });
    const sendSeconds = (performance.now() - queuedAt) / 1000;
    const [sent] = await backend.sql<{ sent: number }>("select count(*)::int as sent from private.newsletter_deliveries where state = 'sent'");
    if (sent!.sent !== recipients) throw new Error(`${sent!.sent} of ${recipients} mails sent`);
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    return { recipients, queueMs: Math.round(queueMs), sendSeconds: Number(sendSeconds.toFixed(1)), mailsPerSecond: Math.round(recipients / sendSeconds), webBaselineMb: mb(baseline), webPeakMb: mb(peak) };
  } finally {
    web.kill("SIGTERM");
    await backend.stop();
  }
}
