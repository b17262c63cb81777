import { createHash, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isIPv6 } from "node:net";
import { isPublicRoute } from "../shared/routes.ts";
import { BodyError, readBody, sendJson } from "../shared/http/http-util.ts";
import { RateLimiter, type RateLimit } from "../shared/http/rate-limit.ts";
import { pageAddress } from "./page-address.ts";
import { BASE_HEADERS } from "./security-headers.ts";
import type { SupabaseRest } from "./supabase-rest.ts";

export type AudienceEventKind = "view" | "waitlist" | "newsletter";
export type DeviceClass = "desktop" | "mobile" | "tablet";

export interface AudienceEvent {
  id: string;
  occurred_at: string;
  kind: AudienceEventKind;
  path: string;
  visitor: string;
  referrer_host: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  device: DeviceClass;
  /** How many times this happened (the same page, visitor and source between two sends). */
  count: number;
}

/**
 * Bounds on what anyone can add to the figures (docs/analytics.md). One client is an IPv4 address or
 * an IPv6 /64 (one household or phone holds a whole /64); its caps hold per day on each web
 * instance, before anything is buffered. The roll-up keeps a day's busiest sources and pages, and
 * folds the rest into one "(other)" row each, so the stored figures stay bounded whatever arrives.
 */
export interface AudienceCaps {
  /** Page views (in-site navigations and sign-ups included) one client may add to a day. */
  clientViews: number;
  /** Browsers, so visitors (a visitor is an address and a user agent), one client may add to a day. */
  clientVisitors: number;
  /** Sources (referring site and campaign) a day keeps once rolled up. */
  sources: number;
  /** Pages a day keeps once rolled up. */
  pages: number;
}

export const AUDIENCE_CAPS: Readonly<AudienceCaps> = { clientViews: 1000, clientVisitors: 20, sources: 100, pages: 200 };

/** Clients followed per day on one instance: past this, new clients are not counted until the next day. */
const MAX_CLIENTS_PER_DAY = 20_000;

export interface AudienceOptions {
  /** Off: nothing is counted (ANALYTICS=off). */
  enabled: boolean;
  /** The site's own host: a referrer on it is an in-site navigation, not a source. */
  siteHost: string;
  /** Behind a TLS proxy: the client's address is the last X-Forwarded-For entry. */
  clientAddress: (req: IncomingMessage) => string;
  /** How long daily figures are kept (ANALYTICS_RETENTION_DAYS, default 730). */
  retentionDays?: number;
  /** How often buffered events are sent (default every 5 s). */
  flushMs?: number;
  /** Events held while the database cannot be reached; older ones are dropped past this. */
  maxBuffered?: number;
  /** In-app navigations one address may report (default 120 a minute). */
  beaconLimit?: RateLimit;
  /** Unset caps keep their defaults (AUDIENCE_CAPS). */
  caps?: Partial<AudienceCaps>;
  log?: (line: string) => void;
  now?: () => number;
}

/** Crawlers, link previewers, monitors and HTTP libraries: not people reading the site. */
const BOT_AGENT = /bot\b|bot\/|crawl|spider|slurp|scrap|headless|lighthouse|pagespeed|preview|facebookexternalhit|embedly|whatsapp|telegram|curl\/|wget\/|python|httpclient|http-client|go-http|java\/|okhttp|node-fetch|undici|axios|autocannon|postman|monitor|uptime|pingdom/i;
const FIELD_LIMIT = 100;
/** A busy instance sends as soon as this many events wait, not only every few seconds. */
const BATCH = 1000;
const BEACON_BODY_LIMIT = 1024;

/**
 * Whether a request counts: a browser's, from someone who has not asked not to be tracked (Global
 * Privacy Control or Do Not Track).
 */
export function countable(headers: IncomingMessage["headers"]): boolean {
  if (headers["sec-gpc"] === "1" || headers.dnt === "1") return false;
  const agent = headers["user-agent"];
  return typeof agent === "string" && /^Mozilla\//.test(agent) && !BOT_AGENT.test(agent);
}

export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return "mobile";
  return "desktop";
}

/** The referring site's host, or '' for none, an unreadable one, or the site itself. */
export function referrerHost(referer: string | undefined, siteHost: string): string {
  if (!referer || !URL.canParse(referer)) return "";
  const url = new URL(referer);
  if (!/^https?:$/.test(url.protocol)) return "";
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  return host === siteHost.toLowerCase().replace(/^www\./, "") ? "" : host.slice(0, 255);
}

/** The campaign a link carries (utm_source, utm_medium, utm_campaign), trimmed to what is stored. */
export function campaignOf(query: string): Pick<AudienceEvent, "utm_source" | "utm_medium" | "utm_campaign"> {
  const params = new URLSearchParams(query.startsWith("?") ? query.slice(1) : query);
  const field = (name: string) => (params.get(name) ?? "").trim().slice(0, FIELD_LIMIT);
  return { utm_source: field("utm_source"), utm_medium: field("utm_medium"), utm_campaign: field("utm_campaign") };
}

/** A visitor for one day: nothing in it can be turned back into the address or the agent. */
export function visitorId(salt: string, siteHost: string, address: string, userAgent: string): string {
  return createHash("sha256").update(`${salt}\n${siteHost}\n${address}\n${userAgent}`).digest("hex").slice(0, 32);
}

/** Who a request comes from, for the per-client caps: an IPv4 address, or the /64 of an IPv6 one. */
export function clientOf(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const groups = (part: string) => (part === "" ? [] : part.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group])));
  const [head = "", tail] = address.split("%")[0]!.toLowerCase().split("::");
  const written = groups(head);
  const full = tail === undefined ? written : [...written, ...Array<string>(8 - written.length - groups(tail).length).fill("0"), ...groups(tail)];
  return `${full
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}

/**
 * What each client has added to the current day on this instance: its page views and its browsers
 * (as short hashes of the user agent). Memory is bounded: a client holds at most `clientVisitors`
 * browsers, and at most MAX_CLIENTS_PER_DAY clients are followed.
 */
export class ClientAllowance {
  #day = "";
  #clients = new Map<string, { views: number; browsers: Set<string> }>();

  constructor(private readonly caps: Pick<AudienceCaps, "clientViews" | "clientVisitors">) {}

  /** Whether one more event of this client and browser may be counted on `day`; counts it when so. */
  take(day: string, client: string, userAgent: string): boolean {
    if (day !== this.#day) [this.#day, this.#clients] = [day, new Map()];
    let counted = this.#clients.get(client);
    if (!counted) {
      if (this.#clients.size >= MAX_CLIENTS_PER_DAY) return false;
      counted = { views: 0, browsers: new Set() };
      this.#clients.set(client, counted);
    }
    const browser = createHash("sha256").update(userAgent).digest("base64").slice(0, 12);
    if (counted.views >= this.caps.clientViews) return false;
    if (!counted.browsers.has(browser)) {
      if (counted.browsers.size >= this.caps.clientVisitors) return false;
      counted.browsers.add(browser);
    }
    counted.views += 1;
    return true;
  }
}

/** What is kept of requests until the next send: the address and agent are never stored, never sent. */
interface PendingEvent extends Omit<AudienceEvent, "visitor"> {
  address: string;
  userAgent: string;
}

/**
 * The web tier's side of the audience figures: counts page views as pages are served, in-app
 * navigations reported by the site (`POST /api/views`) and sign-ups, and sends them to the database
 * in batches, every few seconds and on stop, so no page waits on a write. Each instance buffers its
 * own events; ids make a resent batch count once, and the day's salt comes from the database, so
 * several instances count one visitor once.
 */
export class AudienceCounter {
  readonly #options: Required<Omit<AudienceOptions, "log" | "now" | "caps">> & Pick<AudienceOptions, "log" | "now"> & { caps: AudienceCaps };
  readonly #now: () => number;
  readonly #beacons: RateLimiter;
  readonly #allowance: ClientAllowance;
  /** Counted since the last send, one entry per page, visitor and source: a busy page costs no more rows. */
  #pending = new Map<string, PendingEvent>();
  /** Sent once and not acknowledged: sent again as they are, under the same ids. */
  #unsent: AudienceEvent[] = [];
  #salt: { day: string; value: string } | null = null;
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> | null = null;
  #lastRollUp = 0;

  constructor(
    private readonly service: SupabaseRest,
    options: AudienceOptions,
  ) {
    // `??`, not a spread: a setting passed as undefined (not configured) keeps its default.
    this.#options = {
      ...options,
      retentionDays: options.retentionDays ?? 730,
      flushMs: options.flushMs ?? 5000,
      maxBuffered: options.maxBuffered ?? 10_000,
      beaconLimit: options.beaconLimit ?? { limit: 120, windowMs: 60_000 },
      caps: {
        clientViews: options.caps?.clientViews ?? AUDIENCE_CAPS.clientViews,
        clientVisitors: options.caps?.clientVisitors ?? AUDIENCE_CAPS.clientVisitors,
        sources: options.caps?.sources ?? AUDIENCE_CAPS.sources,
        pages: options.caps?.pages ?? AUDIENCE_CAPS.pages,
      },
    };
    this.#now = options.now ?? Date.now;
    this.#beacons = new RateLimiter(this.#options.beaconLimit, this.#now);
    this.#allowance = new ClientAllowance(this.#options.caps);
    if (this.#options.enabled) {
      this.#timer = setInterval(() => void this.flush().then(() => this.#rollUpHourly()), this.#options.flushMs);
      this.#timer.unref();
    }
  }

  /** A public page served to a browser: counted with the referrer and campaign it arrived with. */
  pageView(req: IncomingMessage, path: string, query: string): void {
    this.#record(req, "view", path, { referrer_host: referrerHost(req.headers.referer, this.#options.siteHost), ...campaignOf(query) });
  }

  /** A waitlist or newsletter sign-up, made from the page the form was on. */
  signup(req: IncomingMessage, kind: "waitlist" | "newsletter"): void {
    const referer = req.headers.referer;
    const path = referer && URL.canParse(referer) && referrerHost(referer, this.#options.siteHost) === "" ? new URL(referer).pathname : "/";
    this.#record(req, kind, isPublicRoute(path) ? path : "/", { referrer_host: "", utm_source: "", utm_medium: "", utm_campaign: "" });
  }

  /** `POST /api/views` `{ "path": "/updates" }`: an in-app navigation the site reports. */
  async beacon(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const address = this.#options.clientAddress(req);
    const decision = this.#beacons.check(address);
    if (!decision.allowed) {
      req.resume();
      return sendJson(res, 429, { error: "Too many page views from this address" }, { ...BASE_HEADERS, "Retry-After": String(decision.retryAfterSeconds) });
    }
    this.#beacons.record(address);
    let path: unknown;
    try {
      path = (JSON.parse((await readBody(req, BEACON_BODY_LIMIT)).toString("utf8")) as { path?: unknown } | null)?.path;
    } catch (error) {
      if (error instanceof BodyError) return sendJson(res, error.status, { error: error.message }, BASE_HEADERS);
      return sendJson(res, 400, { error: 'The body must be JSON: {"path": "/a-page"}' }, BASE_HEADERS);
    }
    if (typeof path !== "string" || pageAddress(path) !== path || !isPublicRoute(path)) {
      return sendJson(res, 400, { error: "path must be the address of a public page" }, BASE_HEADERS);
    }
    // An in-site navigation: its visit's source is that of the page the visitor arrived on.
    this.#record(req, "view", path, { referrer_host: "", utm_source: "", utm_medium: "", utm_campaign: "" });
    res.writeHead(204, BASE_HEADERS).end();
  }

  /** Sends what is buffered; on failure keeps it for the next attempt. */
  flush(): Promise<void> {
    this.#flushing ??= this.#send().finally(() => (this.#flushing = null));
    return this.#flushing;
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    await this.flush();
  }

  #record(req: IncomingMessage, kind: AudienceEventKind, path: string, source: Pick<AudienceEvent, "referrer_host" | "utm_source" | "utm_medium" | "utm_campaign">): void {
    if (!this.#options.enabled || !countable(req.headers)) return;
    const userAgent = req.headers["user-agent"]!;
    const address = this.#options.clientAddress(req);
    const occurredAt = new Date(this.#now()).toISOString();
    // Before anything is kept: a client past its day's caps adds nothing, whatever it sends.
    if (!this.#allowance.take(occurredAt.slice(0, 10), clientOf(address), userAgent)) return;
    const key = [occurredAt.slice(0, 10), kind, path, address, userAgent, source.referrer_host, source.utm_source, source.utm_medium, source.utm_campaign].join("\n");
    const counted = this.#pending.get(key);
    if (counted) {
      counted.count += 1;
      return;
    }
    if (this.#pending.size + this.#unsent.length >= this.#options.maxBuffered) return;
    this.#pending.set(key, { id: randomUUID(), occurred_at: occurredAt, kind, path, ...source, device: deviceClass(userAgent), count: 1, address, userAgent });
    if (this.#pending.size >= BATCH && this.#flushing === null) void this.flush();
  }

  async #send(): Promise<void> {
    if (this.#pending.size === 0 && this.#unsent.length === 0) return;
    try {
      const today = new Date(this.#now()).toISOString().slice(0, 10);
      if (this.#salt?.day !== today) this.#salt = { day: today, value: await this.service.rpc<string>("audience_salt", { for_day: today }) };
    } catch (error) {
      this.#options.log?.(`[audience] reading the day's salt failed, events kept for the next attempt: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    const salt = this.#salt.value;
    // Hashed now, so that what waits for a retry holds no address and no agent.
    for (const [key, { address, userAgent, ...event }] of this.#pending) {
      this.#unsent.push({ ...event, visitor: visitorId(salt, this.#options.siteHost, address, userAgent) });
      this.#pending.delete(key);
    }
    while (this.#unsent.length > 0) {
      const batch = this.#unsent.slice(0, 5 * BATCH);
      try {
        await this.service.rpc("record_audience_events", { events: batch });
      } catch (error) {
        this.#options.log?.(`[audience] sending ${batch.length} events failed, kept for the next attempt: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      this.#unsent.splice(0, batch.length);
    }
  }

  /** Finished days become daily figures about once an hour (whichever instance gets there first). */
  async #rollUpHourly(): Promise<void> {
    if (this.#now() - this.#lastRollUp < 3_600_000) return;
    this.#lastRollUp = this.#now();
    try {
      await this.service.rpc("roll_up_audience", { retention_days: this.#options.retentionDays, sources_per_day: this.#options.caps.sources, pages_per_day: this.#options.caps.pages });
    } catch (error) {
      this.#options.log?.(`[audience] rolling up finished days failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
