import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { latestWithoutCall, loadLatestVideos, PLACEHOLDER_VIDEOS, resetVideoCache } from "./youtube.ts";

const SEARCH = {
  items: [
    { id: { videoId: "abc" }, snippet: { title: "First Boot", description: "d", publishedAt: "2025-01-02T00:00:00Z", thumbnails: { high: { url: "https://i.ytimg.com/abc.jpg" } } } },
    { id: { videoId: "def" }, snippet: { title: "Filters", description: "e", publishedAt: "2025-01-01T00:00:00Z", thumbnails: {} } },
  ],
};
const STATS = { items: [{ id: "abc", statistics: { viewCount: "12345" } }, { id: "def", statistics: { viewCount: "7" } }] };

function youtube(answers: Response[]) {
  return vi.fn(async (_url: RequestInfo | URL) => answers.shift() ?? new Response("{}", { status: 500 }));
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const options = { apiKey: "key", channelId: "channel", hostname: "rcrt.example", storage: null };

beforeEach(() => resetVideoCache());
afterEach(() => vi.restoreAllMocks());

describe("latest videos (YouTube Data API)", () => {
  it("searches the channel (snippet, date order, videos, max 6), then reads the views", async () => {
    const fetch = youtube([json(SEARCH), json(STATS)]);
    const result = await loadLatestVideos({ ...options, fetch });
    const search = new URL(String(fetch.mock.calls[0]![0]));
    expect(search.pathname).toBe("/youtube/v3/search");
    expect(Object.fromEntries(search.searchParams)).toEqual({ part: "snippet", channelId: "channel", order: "date", type: "video", maxResults: "6", key: "key" });
    const stats = new URL(String(fetch.mock.calls[1]![0]));
    expect(stats.pathname).toBe("/youtube/v3/videos");
    expect(stats.searchParams.get("part")).toBe("statistics");
    expect(stats.searchParams.get("id")).toBe("abc,def");
    expect(result).toMatchObject({ source: "youtube", failed: false });
    expect(result.videos.map((video) => [video.id, video.title, video.views])).toEqual([
      ["abc", "First Boot", 12345],
      ["def", "Filters", 7],
    ]);
  });

  it("caches the result for 5 minutes", async () => {
    let now = 1_000_000;
    const fetch = vi.fn(async (url: RequestInfo | URL) => json(String(url).includes("/search") ? SEARCH : STATS));
    await loadLatestVideos({ ...options, fetch, now: () => now });
    now += 299_999;
    await loadLatestVideos({ ...options, fetch, now: () => now });
    expect(fetch).toHaveBeenCalledTimes(2);
    now += 1;
    await loadLatestVideos({ ...options, fetch, now: () => now });
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it("keeps the cache in storage across page loads", async () => {
    const store = new Map<string, string>();
    const storage = { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value) };
    const fetch = vi.fn(async (url: RequestInfo | URL) => json(String(url).includes("/search") ? SEARCH : STATS));
    await loadLatestVideos({ ...options, storage, fetch, now: () => 0 });
    resetVideoCache();
    const again = await loadLatestVideos({ ...options, storage, fetch, now: () => 60_000 });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(again.videos[0]!.views).toBe(12345);
  });

  it.each([
    ["a local host", { hostname: "localhost" }],
    ["127.0.0.1", { hostname: "127.0.0.1" }],
    ["development", { dev: true }],
    ["no key", { apiKey: "" }],
    ["no channel", { channelId: undefined }],
  ])("gives the three placeholders (views 0) without calling on %s", async (_, change) => {
    const fetch = youtube([]);
    const result = await loadLatestVideos({ ...options, ...change, fetch });
    expect(fetch).not.toHaveBeenCalled();
    expect(result).toEqual({ videos: PLACEHOLDER_VIDEOS, source: "placeholder", failed: false });
    expect(result.videos).toHaveLength(3);
    expect(result.videos.every((video) => video.views === 0)).toBe(true);
  });

  it("gives the placeholders on empty results", async () => {
    const result = await loadLatestVideos({ ...options, fetch: youtube([json({ items: [] })]) });
    expect(result).toEqual({ videos: PLACEHOLDER_VIDEOS, source: "placeholder", failed: false });
  });

  it("gives the placeholders, flagged as failed and logged, on a failed call", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await loadLatestVideos({ ...options, fetch: youtube([json({ error: "quota" }, 403)]) });
    expect(result).toEqual({ videos: PLACEHOLDER_VIDEOS, source: "placeholder", failed: true });
    expect(log).toHaveBeenCalled();
    const network = await loadLatestVideos({ ...options, fetch: vi.fn(async (_url: RequestInfo | URL): Promise<Response> => Promise.reject(new TypeError("offline"))) });
    expect(network.failed).toBe(true);
  });

  it("are the placeholders without a call when the build has no key or channel, or is a development build, so the server renders them too", () => {
    const placeholders = { videos: PLACEHOLDER_VIDEOS, source: "placeholder", failed: false };
    expect(latestWithoutCall({ channelId: "channel" })).toEqual(placeholders);
    expect(latestWithoutCall({ apiKey: "key" })).toEqual(placeholders);
    expect(latestWithoutCall({ apiKey: "key", channelId: "channel", dev: true })).toEqual(placeholders);
    expect(latestWithoutCall({ apiKey: "key", channelId: "channel" })).toBeNull();
  });
});
