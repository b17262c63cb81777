// Playing a video in place, after the visitor asks for it: the /youtube page's cards (VideoCard) and
// the videos in a post's or section's text (RichText) make the same player, from the same addresses
// (youtube-api.ts: the privacy-enhanced YouTube player, or our own file). Nothing is requested from
// another site before the click.

import { playableFrom, youtubeEmbedUrl } from "./youtube-api.ts";

/** What an embedded player may use. */
export const PLAYER_ALLOW = "accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture";

export type Playable = NonNullable<ReturnType<typeof playableFrom>>;

/**
 * What a facade written by the renderer (shared/rich-text/render-html.ts) plays in place: its
 * data-youtube-id, or its data-video-file; null when it only links to the video (opened in a new tab).
 */
export function facadePlayable(facade: HTMLElement): Playable | null {
  const youtubeId = facade.dataset.youtubeId;
  if (youtubeId && /^[\w-]{11}$/.test(youtubeId)) return { kind: "iframe", src: youtubeEmbedUrl(youtubeId) };
  const file = playableFrom(facade.dataset.videoFile);
  return file?.kind === "file" ? file : null;
}

/** The player for a playable, as VideoCard renders it: an iframe, or a <video> with its controls that starts at once. */
export function playerElement(playable: Playable, title: string): HTMLElement {
  if (playable.kind === "file") {
    const video = document.createElement("video");
    Object.assign(video, { className: "video-frame", src: playable.src, controls: true, autoplay: true, width: 640, height: 360 });
    return video;
  }
  const frame = document.createElement("iframe");
  Object.assign(frame, { className: "video-frame", src: playable.src, title, width: "640", height: "360", allow: PLAYER_ALLOW, allowFullscreen: true });
  return frame;
}
