import { useState } from "react";
import { formatDate, formatViews } from "../../shared/format.ts";
import { PLAYER_ALLOW } from "../lib/video-player.ts";
import { playableFrom } from "../lib/youtube-api.ts";
import { IMAGE_BOXES } from "../../shared/images.ts";
import { languageEntry } from "../../shared/languages.ts";
import { fill } from "../i18n/catalogues.ts";
import { videosTexts } from "../i18n/parts/videos.ts";
import { usePart, useSiteLanguage } from "../lib/language.ts";
import { Picture, type PictureLoading } from "./Picture.tsx";

export interface VideoCardProps {
  title: string;
  description: string;
  thumbnail: string | null;
  /** The thumbnail's alt text; "" when decorative. */
  thumbnailAlt: string;
  /** What plays on click; null shows the thumbnail only. */
  playable: ReturnType<typeof playableFrom>;
  views: number;
  date?: string;
  category?: string;
  /** How its thumbnail loads (see Picture): lazy unless the card is on the first screen. */
  loading?: PictureLoading;
  /** The language of its title and description where it is not the page's (the card's own words are the page's). */
  lang?: string;
}

const SIZES = "(min-width: 1100px) 340px, (min-width: 700px) 45vw, 100vw";

/** A video as a thumbnail (a facade): the player is embedded only when the visitor asks for it. */
export function VideoCard({ title, description, thumbnail, thumbnailAlt, playable, views, date, category, loading, lang }: VideoCardProps) {
  const [playing, setPlaying] = useState(false);
  const { language, messages } = useSiteLanguage();
  const words = usePart(videosTexts);
  const { locale } = languageEntry(language);
  let media;
  if (playing && playable?.kind === "iframe") {
    media = (
      <iframe
        className="video-frame"
        src={playable.src}
        title={title}
        width={640}
        height={360}
        allow={PLAYER_ALLOW}
        allowFullScreen
      />
    );
  } else if (playing && playable?.kind === "file") {
    media = <video className="video-frame" src={playable.src} controls autoPlay width={640} height={360} />;
  } else {
    const thumb = <Picture src={thumbnail} {...IMAGE_BOXES.videoThumbnail} sizes={SIZES} className="video-thumb" alt={thumbnailAlt} loading={loading} />;
    media =
      playable?.kind === "iframe" || playable?.kind === "file" ? (
        <button type="button" className="video-facade" onClick={() => setPlaying(true)}>
          {thumb}
          <span className="play-button" aria-hidden="true">
            ▶
          </span>
          <span className="visually-hidden">{fill(words["videos.play"], { title })}</span>
        </button>
      ) : playable?.kind === "link" ? (
        <a className="video-facade" href={playable.src} target="_blank" rel="noopener noreferrer">
          {thumb}
          <span className="play-button" aria-hidden="true">
            ▶
          </span>
          <span className="visually-hidden">
            {fill(words["videos.watch"], { title })}
            {messages["link.newTab"]}
          </span>
        </a>
      ) : (
        <div className="video-facade is-static">{thumb}</div>
      );
  }
  return (
    <li className="card video-card">
      <div className="video-media">{media}</div>
      <div className="media-card-body">
        <div className="post-meta">
          {category && <span className="badge">{category}</span>}
          {date && <time dateTime={date}>{formatDate(date, locale)}</time>}
          <span className="views">{fill(words["videos.views"], { views: formatViews(views, locale) })}</span>
        </div>
        <h3 lang={lang}>{title}</h3>
        <p lang={lang}>{description}</p>
      </div>
    </li>
  );
}
