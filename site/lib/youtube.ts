import { VIDEOS_CACHE_MS } from "../../shared/constants.ts";
import type { ExternalVideo } from "../../shared/types.ts";
import { isLocalHost, mergeStatistics, parseSearch, searchUrl, statisticsUrl } from "./youtube-api.ts";
// The placeholders' thumbnails are the site's own files (no other host to fail or to track visitors),
// served from /assets/ with the build's hashes rather than inlined into the page's script.
import prototypeThumbnail from "../assets/video-placeholder-prototype.svg?no-inline";
import filtersThumbnail from "../assets/video-placeholder-filters.svg?no-inline";
import cartridgesThumbnail from "../assets/video-placeholder-cartridges.svg?no-inline";

/**
 * Shown on local hosts, without an API key, on a failed call and on empty results (views 0). They
 * were never published: no date ("" is the API's own "no date"), so none can read as stale.
 */
export const PLACEHOLDER_VIDEOS: ExternalVideo[] = [
  {
    id: "placeholder-1",
    title: "RCRT Prototype Walkthrough",
    description: "A first look at the FPGA prototype, the cartridge slot and the filter modes.",
    thumbnail: prototypeThumbnail,
    publishedAt: "",
    views: 0,
  },
  {
    id: "placeholder-2",
    title: "CRT and VHS Filters, Side by Side",
    description: "The same film through the clean, CRT and VHS modes.",
    thumbnail: filtersThumbnail,
    publishedAt: "",
    views: 0,
  },
  {
    id: "placeholder-3",
    title: "Smart Cartridges Explained",
    description: "How a cartridge stores your media and proves that it is yours.",
    thumbnail: cartridgesThumbnail,
    publishedAt: "",
    views: 0,
  },
];

export interface LatestVideos {
  videos: ExternalVideo[];
  /** From the API, or the three placeholders. */
  source: "youtube" | "placeholder";
  /** The API call failed: the page says "Unable to load videos at this time." */
  failed: boolean;
}

export interface YoutubeOptions {
  apiKey?: string;
  channelId?: string;
  hostname: string;
  dev?: boolean;
  fetch?: typeof fetch;
  storage?: Pick<Storage, "getItem" | "setItem"> | null;
  now?: () => number;
}

export const VIDEOS_CACHE_KEY = "rcrt:latest-videos";

function placeholders(failed: boolean): LatestVideos {
  return { videos: PLACEHOLDER_VIDEOS, source: "placeholder", failed };
}

let memory: { at: number; videos: ExternalVideo[] } | null = null;

/** Forgets the in-memory copy (tests). */
export function resetVideoCache(): void {
  memory = null;
}

function readCache(storage: YoutubeOptions["storage"], now: number): ExternalVideo[] | null {
  let entry = memory;
  if (!entry && storage) {
    try {
      entry = JSON.parse(storage.getItem(VIDEOS_CACHE_KEY) ?? "null") as typeof memory;
    } catch {
      entry = null;
    }
  }
  return entry && now - entry.at < VIDEOS_CACHE_MS && Array.isArray(entry.videos) ? entry.videos : null;
}

/**
 * The placeholders when the build itself rules the API out (development, no key or no channel), so
 * the server renders what the browser will show; null when only a call can tell.
 */
export function latestWithoutCall({ apiKey, channelId, dev }: Pick<YoutubeOptions, "apiKey" | "channelId" | "dev">): LatestVideos | null {
  return dev || !apiKey || !channelId ? placeholders(false) : null;
}

/**
 * The channel's latest videos: search, then statistics for the views, at most 6,
 * cached for 5 minutes. Placeholders on local or development hosts, without a key or channel, on a
 * failed call (flagged, and logged) and on empty results.
 */
export async function loadLatestVideos(options: YoutubeOptions): Promise<LatestVideos> {
  const { apiKey, channelId, hostname } = options;
  if (options.dev || isLocalHost(hostname) || !apiKey || !channelId) return placeholders(false);
  const now = options.now ?? Date.now;
  const storage = options.storage === undefined ? safeLocalStorage() : options.storage;
  const cached = readCache(storage, now());
  if (cached) return cached.length > 0 ? { videos: cached, source: "youtube", failed: false } : placeholders(false);
  const get = options.fetch ?? fetch;
  try {
    const search = await get(searchUrl(apiKey, channelId));
    if (!search.ok) throw new Error(`YouTube search: HTTP ${search.status}`);
    let videos = parseSearch(await search.json());
    if (videos.length > 0) {
      const statistics = await get(statisticsUrl(apiKey, videos.map((video) => video.id)));
      if (!statistics.ok) throw new Error(`YouTube statistics: HTTP ${statistics.status}`);
      videos = mergeStatistics(videos, await statistics.json());
    }
    memory = { at: now(), videos };
    try {
      storage?.setItem(VIDEOS_CACHE_KEY, JSON.stringify(memory));
    } catch {
      // A full or disabled storage only costs the cache.
    }
    return videos.length > 0 ? { videos, source: "youtube", failed: false } : placeholders(false);
  } catch (error) {
    console.error("Error fetching videos:", error);
    return placeholders(true);
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}
