import { resolve } from "node:path";
import { DEFAULT_STOP_TIMES, type StopTimes } from "../shared/http/drain.ts";
import { AUDIENCE_CAPS, type AudienceCaps } from "./audience.ts";

/** The web tier's settings that `npm start` reads too: each has a default. */
export interface WebSettings {
  trustProxy: boolean;
  formLimit: { limit: number; windowMs: number };
  /** How long after a page was last known current its copy may stand in for failed renders. */
  maxStaleMs: number;
  /** Audience figures: counted unless ANALYTICS=off; daily figures kept ANALYTICS_RETENTION_DAYS; the caps of docs/analytics.md. */
  audience: { enabled: boolean; retentionDays: number; caps: AudienceCaps };
  /** How a stop drains the server: STOP_NOTICE_SECONDS of notice to a load balancer, STOP_DEADLINE_SECONDS for requests in flight. */
  stopTimes: StopTimes;
  /** PAGE_READ_TIMEOUT_SECONDS, when set: how long one read of a page's render may wait on the API (unset: the web tier's 3 s). */
  readTimeoutMs?: number;
  /** API_WRITE_TIMEOUT_SECONDS, when set: how long the web tier's own writes (a form, a count) may wait on the API (unset: 10 s). */
  apiTimeoutMs?: number;
}

/** Everything `npm run serve` reads. */
interface WebConfig extends WebSettings {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  port: number;
  host: string;
  siteUrl: string;
  distDir: string;
}

/** What `npm run serve` needs, each with what it is for (printed when one is missing). */
export const REQUIRED_SETTINGS = {
  SUPABASE_URL: "the Supabase project's API URL, such as https://<ref>.supabase.co",
  SUPABASE_ANON_KEY: "the project's anon (public) key: pages are read with it",
  SUPABASE_SERVICE_ROLE_KEY: "the project's service-role key: the form intake writes with it, the team endpoints invite with it (server only)",
  PORT: "the port to listen on, such as 5173",
  SITE_URL: "the site's public address, such as https://rcrt.example (canonical links, sitemap, feed)",
} as const;

/** The audience caps' settings (docs/analytics.md), each with its default in AUDIENCE_CAPS. */
const CAP_SETTINGS = {
  ANALYTICS_CLIENT_DAILY_VIEWS: "clientViews",
  ANALYTICS_CLIENT_DAILY_VISITORS: "clientVisitors",
  ANALYTICS_DAILY_SOURCES: "sources",
  ANALYTICS_DAILY_PAGES: "pages",
} as const satisfies Record<string, keyof AudienceCaps>;

type Read<T> = { ok: true; config: T } | { ok: false; problems: string[] };

/** Reads the settings both commands share from the environment; every malformed one is named. */
export function readWebSettings(env: Record<string, string | undefined>): Read<WebSettings> {
  const problems: string[] = [];
  const formPosts = Number(env.FORM_POST_LIMIT ?? 30);
  const formWindow = Number(env.FORM_POST_WINDOW_SECONDS ?? 600);
  if (!(Number.isInteger(formPosts) && formPosts > 0)) problems.push(`FORM_POST_LIMIT must be a positive whole number, not "${env.FORM_POST_LIMIT}".`);
  if (!(Number.isInteger(formWindow) && formWindow > 0)) problems.push(`FORM_POST_WINDOW_SECONDS must be a positive whole number, not "${env.FORM_POST_WINDOW_SECONDS}".`);
  const staleSeconds = Number(env.PAGE_STALE_MAX_SECONDS?.trim() || 300);
  if (!(Number.isInteger(staleSeconds) && staleSeconds >= 0)) {
    problems.push(`PAGE_STALE_MAX_SECONDS must be a whole number of seconds (0 serves no stale page), not "${env.PAGE_STALE_MAX_SECONDS}".`);
  }
  const analytics = env.ANALYTICS?.trim().toLowerCase() || "on";
  if (analytics !== "on" && analytics !== "off") problems.push(`ANALYTICS must be on or off, not "${env.ANALYTICS}".`);
  const retentionDays = Number(env.ANALYTICS_RETENTION_DAYS?.trim() || 730);
  if (!(Number.isInteger(retentionDays) && retentionDays >= 1)) {
    problems.push(`ANALYTICS_RETENTION_DAYS must be a whole number of days (at least 1), not "${env.ANALYTICS_RETENTION_DAYS}".`);
  }
  const caps = { ...AUDIENCE_CAPS };
  for (const [name, cap] of Object.entries(CAP_SETTINGS) as [string, keyof AudienceCaps][]) {
    const value = Number(env[name]?.trim() || AUDIENCE_CAPS[cap]);
    if (Number.isInteger(value) && value >= 1) caps[cap] = value;
    else problems.push(`${name} must be a whole number (at least 1), not "${env[name]}".`);
  }
  const noticeSeconds = Number(env.STOP_NOTICE_SECONDS?.trim() || DEFAULT_STOP_TIMES.announceMs / 1000);
  if (!(Number.isFinite(noticeSeconds) && noticeSeconds >= 0)) problems.push(`STOP_NOTICE_SECONDS must be a number of seconds (0: none), not "${env.STOP_NOTICE_SECONDS}".`);
  const deadlineSeconds = Number(env.STOP_DEADLINE_SECONDS?.trim() || DEFAULT_STOP_TIMES.deadlineMs / 1000);
  if (!(Number.isFinite(deadlineSeconds) && deadlineSeconds > 0)) problems.push(`STOP_DEADLINE_SECONDS must be a positive number of seconds, not "${env.STOP_DEADLINE_SECONDS}".`);
  const timeouts: Pick<WebSettings, "readTimeoutMs" | "apiTimeoutMs"> = {};
  for (const [name, key] of [["PAGE_READ_TIMEOUT_SECONDS", "readTimeoutMs"], ["API_WRITE_TIMEOUT_SECONDS", "apiTimeoutMs"]] as const) {
    const value = env[name]?.trim();
    if (!value) continue;
    const seconds = Number(value);
    if (Number.isFinite(seconds) && seconds > 0) timeouts[key] = seconds * 1000;
    else problems.push(`${name} must be a positive number of seconds, not "${env[name]}".`);
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    config: {
      ...timeouts,
      trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
      formLimit: { limit: formPosts, windowMs: formWindow * 1000 },
      maxStaleMs: staleSeconds * 1000,
      audience: { enabled: analytics === "on", retentionDays, caps },
      stopTimes: { announceMs: noticeSeconds * 1000, deadlineMs: deadlineSeconds * 1000 },
    },
  };
}

/** Reads `npm run serve`'s settings from the environment; every missing or malformed one is named. */
export function readWebConfig(env: Record<string, string | undefined>, root: string): Read<WebConfig> {
  const problems: string[] = [];
  for (const [name, purpose] of Object.entries(REQUIRED_SETTINGS)) {
    if (!env[name]?.trim()) problems.push(`${name} is not set: ${purpose}.`);
  }
  for (const name of ["SUPABASE_URL", "SITE_URL"] as const) {
    const value = env[name]?.trim();
    if (value && !/^https?:\/\//.test(value)) problems.push(`${name} must be an http(s) URL, not "${value}".`);
  }
  const port = Number(env.PORT);
  if (env.PORT?.trim() && !(Number.isInteger(port) && port >= 0 && port < 65536)) problems.push(`PORT must be a port number, not "${env.PORT}".`);
  const settings = readWebSettings(env);
  if (!settings.ok) problems.push(...settings.problems);
  if (problems.length > 0 || !settings.ok) return { ok: false, problems };
  return {
    ok: true,
    config: {
      ...settings.config,
      supabaseUrl: env.SUPABASE_URL!.trim().replace(/\/+$/, ""),
      anonKey: env.SUPABASE_ANON_KEY!.trim(),
      serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY!.trim(),
      port,
      host: env.HOST?.trim() || "127.0.0.1",
      siteUrl: env.SITE_URL!.trim().replace(/\/+$/, ""),
      distDir: resolve(root, env.DIST_DIR ?? "dist"),
    },
  };
}
