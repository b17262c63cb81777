// When visitors see a row of publishable content: published, and its `publish_at` (if any) has come.
// The database enforces it (the read policies of supabase/migrations/*_scheduled_publishing.sql);
// this is the same rule for what the back office shows about a row.

export interface Publishable {
  published: boolean;
  /** ISO date and time; null or absent: at once. */
  publish_at?: string | null;
}

export type PublicationStatus = { kind: "draft" } | { kind: "scheduled"; at: Date } | { kind: "published" };

export function publicationStatus(row: Publishable, now: number = Date.now()): PublicationStatus {
  if (!row.published) return { kind: "draft" };
  const at = row.publish_at ? new Date(row.publish_at) : null;
  if (at && !Number.isNaN(at.getTime()) && at.getTime() > now) return { kind: "scheduled", at };
  return { kind: "published" };
}

/** "Draft", "Published", or "Scheduled Nov 24, 2026, 9:30 AM" (in the reader's time zone unless given). */
export function statusLabel(status: PublicationStatus, options: { locale?: string; timeZone?: string } = {}): string {
  switch (status.kind) {
    case "draft":
      return "Draft";
    case "published":
      return "Published";
    case "scheduled":
      return `Scheduled ${new Intl.DateTimeFormat(options.locale, { dateStyle: "medium", timeStyle: "short", timeZone: options.timeZone }).format(status.at)}`;
  }
}

/**
 * What the editor's publishing choice asks for: a draft, live when saved ("Publish immediately"), or
 * live at a chosen moment (scheduled). Scheduling is its own choice, not a future `publish_at` plus
 * the publish flag.
 */
export type PublishChoice = "draft" | "now" | "schedule";

/** The choice a row stands for: a draft, live (or live at once), or scheduled for a moment ahead. */
export function publishChoiceOf(row: Publishable, now: number = Date.now()): PublishChoice {
  const status = publicationStatus(row, now);
  return status.kind === "draft" ? "draft" : status.kind === "scheduled" ? "schedule" : "now";
}

/** The row's fields a choice writes: scheduling keeps the picked moment, the others clear it. */
export function publishingValues(choice: PublishChoice, at: string | null | undefined): { published: boolean; publish_at: string | null } {
  if (choice === "schedule") return { published: true, publish_at: at ?? null };
  return { published: choice === "now", publish_at: null };
}

/**
 * What saving the form does, in words: "Stays a draft", "Goes live when saved", "Live" (already live
 * and staying so), "Goes live Nov 25, 16:00" (the year added when it is not this one), or, while no
 * moment is picked, "Pick when it goes live". A moment already past goes live when saved.
 */
export function publishingOutcome(
  choice: PublishChoice,
  at: string | null | undefined,
  { wasLive = false, now = Date.now(), locale = "en-US", timeZone }: { wasLive?: boolean; now?: number; locale?: string; timeZone?: string } = {},
): string {
  if (choice === "draft") return wasLive ? "Goes back to draft when saved" : "Stays a draft";
  if (choice === "now") return wasLive ? "Live" : "Goes live when saved";
  const when = at ? new Date(at) : null;
  if (!when || Number.isNaN(when.getTime())) return "Pick when it goes live";
  if (when.getTime() <= now) return wasLive ? "Live" : "Goes live when saved";
  const sameYear = new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone }).format(when) === new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone }).format(now);
  const date = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", ...(sameYear ? {} : { year: "numeric" }), timeZone }).format(when);
  const time = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }).format(when);
  return `Goes live ${date}, ${time}`;
}

export const NOT_PUBLISHED = "Publish the post first";
export const NOT_LIVE_YET = "Not live yet: it can be sent once it goes live";
export const NO_SUBSCRIBERS = "No confirmed subscribers yet";

/** Whom a send can reach: the confirmed subscribers, or the people of a saved segment (undefined: not known yet). */
export interface Audience {
  subscribers: number | undefined;
  segments: number | undefined;
}

/**
 * Why nothing can be sent to anybody: no confirmed subscriber and no segment to aim at (a segment may
 * hold people of the waitlist who are not subscribers); null otherwise. An unknown count (still
 * asked, or unanswered) is left to the send dialog, which shows it.
 */
export function audienceRefusal({ subscribers, segments }: Audience): string | null {
  return subscribers === 0 && segments === 0 ? NO_SUBSCRIBERS : null;
}

/**
 * Why a post cannot be sent as a newsletter now: as the database refuses it (a draft, a post whose
 * publish_at is ahead: newsletter_send_post), or because there is nobody to send it to; null when
 * it can be sent.
 */
export function sendRefusal(post: Publishable, audience: Audience, now: number = Date.now()): string | null {
  const status = publicationStatus(post, now);
  if (status.kind === "draft") return NOT_PUBLISHED;
  if (status.kind === "scheduled") return NOT_LIVE_YET;
  return audienceRefusal(audience);
}
