// The public videos page's call to the YouTube Data API: a search for the channel's
// latest videos (part=snippet, order=date, type=video, maxResults=6), then their statistics for the
// view counts. Pure helpers; the site's loader adds fetch, the 5-minute cache and the fallbacks.

import { MAX_PUBLIC_VIDEOS } from "../../shared/constants.ts";
import type { ExternalVideo } from "../../shared/types.ts";

const API = "https://www.googleapis.com/youtube/v3";

export function searchUrl(apiKey: string, channelId: string): string {
  const params = new URLSearchParams({
    part: "snippet",
    channelId,
    order: "date",
    type: "video",
    maxResults: String(MAX_PUBLIC_VIDEOS),
    key: apiKey,
  });
  return `${API}/search?${params}`;
}

export function statisticsUrl(apiKey: string, ids: readonly string[]): string {
  const params = new URLSearchParams({ part: "statistics", id: ids.join(","), key: apiKey });
  return `${API}/videos?${params}`;
}

interface SearchItem {
  id?: { videoId?: string };
  snippet?: {
    title?: string;
    description?: string;
    publishedAt?: string;
    thumbnails?: Record<string, { url?: string } | undefined>;
  };
}

interface StatisticsItem {
  id?: string;
  statistics?: { viewCount?: string };
}

/** The videos of a search response (items without a video id are skipped), views 0 until merged. */
export function parseSearch(body: unknown): ExternalVideo[] {
  const items = ((body as { items?: SearchItem[] } | null)?.items ?? []).slice(0, MAX_PUBLIC_VIDEOS);
  return items.flatMap((item) => {
    const id = item.id?.videoId;
    if (!id) return [];
    const thumbnails = item.snippet?.thumbnails ?? {};
    const thumbnail = thumbnails.high?.url ?? thumbnails.medium?.url ?? thumbnails.default?.url ?? `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
    return [
      {
        id,
        title: item.snippet?.title ?? "",
        description: item.snippet?.description ?? "",
        thumbnail,
        publishedAt: item.snippet?.publishedAt ?? "",
        views: 0,
      },
    ];
  });
}

/** The videos with their view counts from a statistics response (unknown ids keep 0). */
export function mergeStatistics(videos: readonly ExternalVideo[], body: unknown): ExternalVideo[] {
  const views = new Map<string, number>();
  for (const item of (body as { items?: StatisticsItem[] } | null)?.items ?? []) {
    const count = Number(item.statistics?.viewCount);
    if (item.id && Number.isFinite(count)) views.set(item.id, count);
  }
  return videos.map((video) => ({ ...video, views: views.get(video.id) ?? video.views }));
}

/** Local and development hosts get the placeholders (no quota spent while developing). */
export function isLocalHost(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname === "0.0.0.0" ||
    hostname === "[::1]" ||
    hostname === "::1" ||
    /^127\./.test(hostname) ||
    hostname.endsWith(".localhost") ||
    hostname.endsWith(".local")
  );
}

/** The privacy-friendly embed address of a YouTube video id. */
export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1&rel=0`;
}

/**
 * How a video URL can be played in the page: a YouTube or Vimeo embed, a video file, or only a link
 * (any other page, opened in a new tab).
 */
export function playableFrom(url: string | null | undefined): { kind: "iframe" | "file" | "link"; src: string } | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  const host = parsed.hostname.replace(/^www\.|^m\./, "");
  if (host === "youtube.com" && parsed.searchParams.get("v")) return { kind: "iframe", src: youtubeEmbedUrl(parsed.searchParams.get("v")!) };
  if (host === "youtube.com" && /^\/(embed|shorts)\/[\w-]+/.test(parsed.pathname)) {
    return { kind: "iframe", src: youtubeEmbedUrl(parsed.pathname.split("/")[2]!) };
  }
  if (host === "youtu.be" && parsed.pathname.length > 1) return { kind: "iframe", src: youtubeEmbedUrl(parsed.pathname.slice(1)) };
  if (host === "vimeo.com" && /^\/\d+/.test(parsed.pathname)) {
    return { kind: "iframe", src: `https://player.vimeo.com/video/${parsed.pathname.split("/")[1]}?autoplay=1` };
  }
  if (/\.(mp4|webm|ogv|mov)$/i.test(parsed.pathname)) return { kind: "file", src: parsed.toString() };
  return { kind: "link", src: parsed.toString() };
}
