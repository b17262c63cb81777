import { describe, expect, it } from "vitest";
import { isLocalHost, mergeStatistics, parseSearch, playableFrom, searchUrl, statisticsUrl } from "./youtube-api.ts";

describe("YouTube Data API helpers", () => {
  it("search: part snippet, channelId, order date, type video, maxResults 6", () => {
    const url = new URL(searchUrl("k", "c"));
    expect(url.origin + url.pathname).toBe("https://www.googleapis.com/youtube/v3/search");
    expect(Object.fromEntries(url.searchParams)).toEqual({ part: "snippet", channelId: "c", order: "date", type: "video", maxResults: "6", key: "k" });
  });

  it("statistics for the ids", () => {
    const url = new URL(statisticsUrl("k", ["a", "b"]));
    expect(url.pathname).toBe("/youtube/v3/videos");
    expect(url.searchParams.get("part")).toBe("statistics");
    expect(url.searchParams.get("id")).toBe("a,b");
  });

  it("parses at most 6 results, skipping items without a video id, and merges views", () => {
    const items = Array.from({ length: 8 }, (_, i) => ({ id: { videoId: `v${i}` }, snippet: { title: `T${i}` } }));
    const videos = parseSearch({ items: [{ id: {} }, ...items] });
    expect(videos.map((video) => video.id)).toEqual(["v0", "v1", "v2", "v3", "v4"]);
    expect(parseSearch({ items })).toHaveLength(6);
    expect(parseSearch(null)).toEqual([]);
    const merged = mergeStatistics(videos, { items: [{ id: "v1", statistics: { viewCount: "1234" } }, { id: "zz", statistics: { viewCount: "x" } }] });
    expect(merged.map((video) => video.views)).toEqual([0, 1234, 0, 0, 0]);
  });

  it("knows local hosts", () => {
    for (const host of ["localhost", "127.0.0.1", "0.0.0.0", "[::1]", "rcrt.localhost", "box.local"]) expect(isLocalHost(host)).toBe(true);
    for (const host of ["rcrt.example", "localhost.example.com"]) expect(isLocalHost(host)).toBe(false);
  });

  it("turns video URLs into what the facade can play", () => {
    expect(playableFrom("https://www.youtube.com/watch?v=abc")).toEqual({ kind: "iframe", src: "https://www.youtube-nocookie.com/embed/abc?autoplay=1&rel=0" });
    expect(playableFrom("https://youtu.be/xyz")?.src).toContain("/embed/xyz");
    expect(playableFrom("https://vimeo.com/123")?.src).toBe("https://player.vimeo.com/video/123?autoplay=1");
    expect(playableFrom("https://cdn.example.com/a.mp4")).toEqual({ kind: "file", src: "https://cdn.example.com/a.mp4" });
    expect(playableFrom("https://videos.example.com/rcrt/first-boot")?.kind).toBe("link");
    expect(playableFrom("javascript:alert(1)")).toBeNull();
    expect(playableFrom(null)).toBeNull();
  });
});
