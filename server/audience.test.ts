import type { IncomingMessage } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AUDIENCE_CAPS, AudienceCounter, ClientAllowance, campaignOf, clientOf, countable, deviceClass, referrerHost, visitorId } from "./audience.ts";
import type { SupabaseRest } from "./supabase-rest.ts";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const IPAD = "Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const ANDROID_TABLET = "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

describe("audience figures: what counts", () => {
  it("counts browsers, not people who asked not to be tracked, nor robots and scripts", () => {
    expect(countable({ "user-agent": CHROME })).toBe(true);
    expect(countable({ "user-agent": CHROME, "sec-gpc": "1" })).toBe(false);
    expect(countable({ "user-agent": CHROME, dnt: "1" })).toBe(false);
    expect(countable({ "user-agent": CHROME, dnt: "0" })).toBe(true);
    for (const agent of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36",
      "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0 Mobile Safari/537.36 Chrome-Lighthouse",
      "facebookexternalhit/1.1",
      "curl/8.5.0",
      "node",
    ]) {
      expect(countable({ "user-agent": agent }), agent).toBe(false);
    }
    expect(countable({})).toBe(false);
  });

  it("tells phones, tablets and desktops apart by the user agent", () => {
    expect(deviceClass(CHROME)).toBe("desktop");
    expect(deviceClass(IPHONE)).toBe("mobile");
    expect(deviceClass(IPAD)).toBe("tablet");
    expect(deviceClass(ANDROID_TABLET)).toBe("tablet");
  });

  it("keeps the referring site's host, nothing of the site itself, and nothing unreadable", () => {
    expect(referrerHost("https://news.example.com/story?id=1", "rcrt.example")).toBe("news.example.com");
    expect(referrerHost("https://www.reddit.com/r/fpga/", "rcrt.example")).toBe("reddit.com");
    expect(referrerHost("https://rcrt.example/updates", "rcrt.example")).toBe("");
    expect(referrerHost("https://www.rcrt.example/", "rcrt.example")).toBe("");
    expect(referrerHost("android-app://com.slack", "rcrt.example")).toBe("");
    expect(referrerHost("not a url", "rcrt.example")).toBe("");
    expect(referrerHost(undefined, "rcrt.example")).toBe("");
  });

  it("reads a link's campaign, trimmed to what is stored", () => {
    expect(campaignOf("?utm_source=newsletter&utm_medium=email&utm_campaign=launch&ref=x")).toEqual({ utm_source: "newsletter", utm_medium: "email", utm_campaign: "launch" });
    expect(campaignOf("")).toEqual({ utm_source: "", utm_medium: "", utm_campaign: "" });
    expect(campaignOf(`utm_campaign=${"c".repeat(300)}`).utm_campaign).toHaveLength(100);
  });

  it("makes one visitor of one address and browser for one salt, and another with the next day's salt", () => {
    const today = visitorId("salt-1", "rcrt.example", "203.0.113.7", CHROME);
    expect(today).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorId("salt-1", "rcrt.example", "203.0.113.7", CHROME)).toBe(today);
    expect(visitorId("salt-2", "rcrt.example", "203.0.113.7", CHROME)).not.toBe(today);
    expect(visitorId("salt-1", "rcrt.example", "203.0.113.8", CHROME)).not.toBe(today);
    expect(visitorId("salt-1", "rcrt.example", "203.0.113.7", IPHONE)).not.toBe(today);
  });
});

describe("audience figures: sending", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A counter whose database calls are only recorded, with settings left unset as the web tier leaves them. */
  function counter() {
    const calls: { name: string; args: Record<string, unknown> }[] = [];
    const service = { rpc: (name: string, args: Record<string, unknown>) => (calls.push({ name, args }), Promise.resolve(name === "audience_salt" ? "salt" : 1)) } as unknown as SupabaseRest;
    const audience = new AudienceCounter(service, { enabled: true, siteHost: "rcrt.example", clientAddress: () => "203.0.113.7", flushMs: undefined, retentionDays: undefined });
    const request = { headers: { "user-agent": CHROME } } as unknown as IncomingMessage;
    const sent = () => calls.filter((call) => call.name === "record_audience_events").map((call) => call.args.events as { path: string; count: number }[]);
    return { audience, request, sent };
  }

  it("sends every 5 s when no interval is set, one row for the repeats of a page, visitor and source", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { audience, request, sent } = counter();
    for (let i = 0; i < 500; i++) audience.pageView(request, "/updates", "");
    audience.pageView(request, "/gallery", "");
    await vi.advanceTimersByTimeAsync(4_999);
    expect(sent()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent().map((events) => events.map((event) => [event.path, event.count]))).toEqual([
      [
        ["/updates", 500],
        ["/gallery", 1],
      ],
    ]);
    await audience.stop();
  });
});

describe("audience figures: what one client may add to a day", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is one client per IPv4 address and per IPv6 /64, however the address is written", () => {
    expect(clientOf("203.0.113.7")).toBe("203.0.113.7");
    expect(clientOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientOf("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(clientOf("2001:0DB8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(clientOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientOf("2001:db8:1:2::ffff:192.0.2.1")).toBe("2001:db8:1:2::/64");
    expect(clientOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientOf("::1")).toBe("0:0:0:0::/64");
    expect(clientOf("unknown")).toBe("unknown");
  });

  it("counts at most the day's views and browsers of a client, then nothing more that day; other clients and the next day start afresh", () => {
    const allowance = new ClientAllowance({ clientViews: 5, clientVisitors: 2 });
    const taken = (client: string, agents: string[], day = "2026-11-28") => agents.map((agent) => allowance.take(day, client, agent));
    // A third browser is refused; views of the first two go on up to five.
    expect(taken("203.0.113.7", ["a", "b", "c", "a", "b", "a", "a"])).toEqual([true, true, false, true, true, true, false]);
    expect(taken("203.0.113.8", ["c"])).toEqual([true]);
    expect(taken("203.0.113.7", ["a", "c"], "2026-11-29")).toEqual([true, true]);
  });

  it("keeps a flood of user agents from one address to the caps before anything is buffered, page views and navigations together", async () => {
    const calls: { name: string; args: Record<string, unknown> }[] = [];
    const service = { rpc: (name: string, args: Record<string, unknown>) => (calls.push({ name, args }), Promise.resolve(name === "audience_salt" ? "salt" : 1)) } as unknown as SupabaseRest;
    const audience = new AudienceCounter(service, { enabled: true, siteHost: "rcrt.example", clientAddress: () => "203.0.113.7", flushMs: 60_000, caps: { clientVisitors: 3, clientViews: 4 } });
    const from = (agent: string) => ({ headers: { "user-agent": `${CHROME} ${agent}` } }) as unknown as IncomingMessage;
    for (let i = 0; i < 1500; i++) audience.pageView(from(`flood/${i}`), "/", `utm_campaign=c${i}`);
    audience.pageView(from("flood/0"), "/updates", "");
    audience.signup(from("flood/1"), "waitlist");
    await audience.stop();
    const events = calls.filter((call) => call.name === "record_audience_events").flatMap((call) => call.args.events as { path: string; kind: string; utm_campaign: string; visitor: string }[]);
    expect(events.map((event) => [event.kind, event.path, event.utm_campaign])).toEqual([
      ["view", "/", "c0"],
      ["view", "/", "c1"],
      ["view", "/", "c2"],
      ["view", "/updates", ""],
    ]);
    expect(new Set(events.map((event) => event.visitor)).size).toBe(3);
  });

  it("hands the roll-up its caps on sources and pages, the defaults when none are set", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const calls: { name: string; args: Record<string, unknown> }[] = [];
    const service = { rpc: (name: string, args: Record<string, unknown>) => (calls.push({ name, args }), Promise.resolve(name === "audience_salt" ? "salt" : 1)) } as unknown as SupabaseRest;
    const audience = new AudienceCounter(service, { enabled: true, siteHost: "rcrt.example", clientAddress: () => "203.0.113.7" });
    audience.pageView({ headers: { "user-agent": CHROME } } as unknown as IncomingMessage, "/", "");
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls.find((call) => call.name === "roll_up_audience")?.args).toEqual({ retention_days: 730, sources_per_day: AUDIENCE_CAPS.sources, pages_per_day: AUDIENCE_CAPS.pages });
    await audience.stop();
  });
});
