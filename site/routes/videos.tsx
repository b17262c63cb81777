import type { PostgrestClient } from "@supabase/postgrest-js";
import { useContext, useEffect, useState } from "react";
import { YOUTUBE_CHANNEL_URL } from "../../shared/brand.ts";
import { absoluteAssetUrl, imageAlt } from "../../shared/images.ts";
import type { Video } from "../../shared/content-types/videos.ts";
import { PageHeader } from "../components/PageHeader.tsx";
import { type PictureLoading } from "../components/Picture.tsx";
import { ImageApiContext } from "../lib/image-api.ts";
import { Loading } from "../components/States.tsx";
import { VideoCard } from "../components/VideoCard.tsx";
import type { Language } from "../../shared/languages.ts";
import { videosTexts } from "../i18n/parts/videos.ts";
import { useLangOf, useMessages, usePart } from "../lib/language.ts";
import { inLanguage, type Worded } from "../lib/translations.ts";
import { pageMeta, usePageMeta } from "../lib/meta.ts";
import { answered } from "../lib/queries.ts";
import { newestFirst, placedIn, useRead, type Loader, type PreviewPlacement, type RouteDefinition } from "../lib/route-module.ts";
import { latestWithoutCall, loadLatestVideos, type LatestVideos } from "../lib/youtube.ts";
import { playableFrom, youtubeEmbedUrl } from "../lib/youtube-api.ts";

export const route = { path: "/youtube", nav: "Videos", sitemap: true } satisfies RouteDefinition;

/** The catalogue parts this page shows (its own and its video cards'). */
export const texts = [videosTexts];


export const loader = {
  /** The project's published videos, newest first, in the page's language where translated (the channel's latest are read in the browser only). */
  videos: async (db: PostgrestClient, language: Language): Promise<(Video & Partial<Worded>)[]> =>
    inLanguage(
      db,
      "videos",
      answered<Video[]>(
        await db.from("videos").select("id,title,description,thumbnail_url,thumbnail_alt,thumbnail_decorative,video_url,category,views,published,created_at").eq("published", true).order("created_at", { ascending: false }),
      ),
      language,
    ),
} satisfies Loader;

export const preview: Record<string, PreviewPlacement> = { videos: { key: "videos", place: placedIn(newestFirst) } };

/** The build's YouTube settings. */
const YOUTUBE = { apiKey: import.meta.env.VITE_YOUTUBE_API_KEY, channelId: import.meta.env.VITE_YOUTUBE_CHANNEL_ID, dev: import.meta.env.DEV };

export const VIDEOS_FAILED = videosTexts.en["videos.failed"];

/**
 * Videos (/youtube): the channel's latest videos, then the project's published videos, and the channel
 * link. Without the channel's videos the project's own are the latest; only with none of them either
 * does the page show the three placeholders.
 */
export default function VideosPage() {
  const messages = useMessages();
  const words = usePart(videosTexts);
  const langOf = useLangOf();
  usePageMeta(pageMeta(messages, route.path), route.path);
  // Without a key the placeholders are known at once: the server renders them, and nothing moves.
  const [latest, setLatest] = useState<LatestVideos | null>(() => latestWithoutCall(YOUTUBE));
  const library = useRead(loader, "videos");

  useEffect(() => {
    if (latestWithoutCall(YOUTUBE)) return;
    let active = true;
    void loadLatestVideos({ ...YOUTUBE, hostname: window.location.hostname }).then((result) => {
      if (active) setLatest(result);
    });
    return () => {
      active = false;
    };
  }, []);

  // The placeholders stand in for the channel's videos only while the project has none of its own
  // to show: above real videos, three unwatched ones would be the page's news.
  const own = library.status === "ready" ? library.data : [];
  const ownAreLatest = latest?.source === "placeholder" && own.length > 0;
  const waiting = latest === null || (latest.source === "placeholder" && library.status === "loading");

  return (
    <>
      <PageHeader eyebrow={words["videos.eyebrow"]} title={messages["title:/youtube"]}>
        <p>{words["videos.lead"]}</p>
        <p>
          <a className="button button-primary" href={YOUTUBE_CHANNEL_URL} target="_blank" rel="noopener noreferrer">
            {words["videos.channel"]}
            <span className="visually-hidden">{messages["link.newTab"]}</span>
          </a>
        </p>
      </PageHeader>
      <section className="section tight" aria-labelledby="latest-title">
        <div className="container">
          <h2 id="latest-title" className="section-title">
            {words["videos.latest"]}
          </h2>
          {waiting ? (
            <Loading>{words["videos.loading"]}</Loading>
          ) : (
            <>
              {latest.failed && (
                <p className="state state-error" role="alert">
                  {words["videos.failed"]}
                </p>
              )}
              {ownAreLatest ? (
                <LibraryVideos videos={own} firstScreen />
              ) : (
                <ul className="card-grid three" data-testid="latest-videos">
                  {latest.videos.map((video, index) => (
                    <VideoCard
                      key={video.id}
                      title={video.title}
                      description={video.description}
                      thumbnail={video.thumbnail}
                      // The channel's thumbnails come with no description: named by their video's title.
                      thumbnailAlt={video.title}
                      playable={latest.source === "youtube" ? { kind: "iframe", src: youtubeEmbedUrl(video.id) } : null}
                      views={video.views}
                      date={video.publishedAt || undefined}
                      loading={firstScreenLoading(index)}
                      // The placeholders are the site's own English samples; the channel's videos say their own language.
                      lang={latest.source === "placeholder" ? langOf() : undefined}
                    />
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
      </section>
      {!waiting && !ownAreLatest && own.length > 0 && (
        <section className="section tight" aria-labelledby="library-title">
          <div className="container">
            <h2 id="library-title" className="section-title">
              {words["videos.workshop"]}
            </h2>
            <LibraryVideos videos={own} firstScreen={false} />
          </div>
        </section>
      )}
    </>
  );
}

/**
 * How the thumbnail of the `index`th card of the page's first list loads: the first is the largest
 * image of the first screen (its paint is what the page waits for before it loads the app), the
 * next two are beside it on a wide screen, the rest wait until they are near.
 */
const firstScreenLoading = (index: number): PictureLoading => (index === 0 ? "priority" : index < 3 ? "eager" : "lazy");

/** The project's own published videos, newest first: the page's first list, or below the channel's. */
function LibraryVideos({ videos, firstScreen }: { videos: (Video & Partial<Worded>)[]; firstScreen: boolean }) {
  // A video file from the media library is stored host-relative, on the API the page reads.
  const apiUrl = useContext(ImageApiContext);
  const langOf = useLangOf();
  return (
    <ul className="card-grid three" data-testid="library-videos">
      {videos.map((video, index) => (
        <VideoCard
          key={video.id}
          title={video.title}
          description={video.description}
          thumbnail={video.thumbnail_url}
          thumbnailAlt={imageAlt(video.thumbnail_alt, video.thumbnail_decorative, video.title)}
          playable={playableFrom(video.video_url && apiUrl !== undefined ? absoluteAssetUrl(video.video_url, apiUrl) : video.video_url)}
          views={video.views}
          date={video.created_at}
          category={video.category}
          loading={firstScreen ? firstScreenLoading(index) : "lazy"}
          lang={langOf(video.lang)}
        />
      ))}
    </ul>
  );
}
