import { useEffect, useState } from "react";
import { YOUTUBE_CHANNEL_URL } from "../../shared/brand.ts";
import { imageAlt } from "../../shared/images.ts";
import { playableFrom, youtubeEmbedUrl } from "../lib/youtube-api.ts";
import { PageHeader } from "../components/PageHeader.tsx";
import { Loading } from "../components/States.tsx";
import { VideoCard } from "../components/VideoCard.tsx";
import { db } from "../lib/db.ts";
import { useRouteMeta } from "../lib/meta.ts";
import { queries } from "../lib/queries.ts";
import { useResource } from "../lib/resource.ts";
import { loadLatestVideos, type LatestVideos } from "../lib/youtube.ts";

export const VIDEOS_FAILED = "Unable to load videos at this time.";

/** Videos (/youtube): the channel's latest videos (or placeholders), the project's published videos and the channel link. */
export default function VideosPage() {
  useRouteMeta("/youtube");
  const [latest, setLatest] = useState<LatestVideos | null>(null);
  const library = useResource("videos", () => queries.videos(db()));

  useEffect(() => {
    let active = true;
    void loadLatestVideos({
      apiKey: import.meta.env.VITE_YOUTUBE_API_KEY,
      channelId: import.meta.env.VITE_YOUTUBE_CHANNEL_ID,
      hostname: window.location.hostname,
      dev: import.meta.env.DEV,
    }).then((result) => {
      if (active) setLatest(result);
    });
    return () => {
      active = false;
    };
  }, []);

  return (
    <>
      <PageHeader eyebrow="Now playing" title="Videos">
        <p>Prototype demos, filter deep dives, tutorials and build streams.</p>
        <p>
          <a className="button button-primary" href={YOUTUBE_CHANNEL_URL} target="_blank" rel="noopener noreferrer">
            Visit our YouTube channel<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      </PageHeader>
      <section className="section tight" aria-labelledby="latest-title">
        <div className="container">
          <h2 id="latest-title" className="section-title">
            Latest Videos
          </h2>
          {latest === null ? (
            <Loading>Loading videos…</Loading>
          ) : (
            <>
              {latest.failed && (
                <p className="state state-error" role="alert">
                  {VIDEOS_FAILED}
                </p>
              )}
              <ul className="card-grid three" data-testid="latest-videos">
                {latest.videos.map((video) => (
                  <VideoCard
                    key={video.id}
                    title={video.title}
                    description={video.description}
                    thumbnail={video.thumbnail}
                    // The channel's thumbnails come with no description: named by their video's title.
                    thumbnailAlt={video.title}
                    playable={latest.source === "youtube" ? { kind: "iframe", src: youtubeEmbedUrl(video.id) } : null}
                    views={video.views}
                    date={video.publishedAt}
                  />
                ))}
              </ul>
            </>
          )}
        </div>
      </section>
      {library.status === "ready" && library.data.length > 0 && (
        <section className="section tight" aria-labelledby="library-title">
          <div className="container">
            <h2 id="library-title" className="section-title">
              From the Workshop
            </h2>
            <ul className="card-grid three" data-testid="library-videos">
              {library.data.map((video) => (
                <VideoCard
                  key={video.id}
                  title={video.title}
                  description={video.description}
                  thumbnail={video.thumbnail_url}
                  thumbnailAlt={imageAlt(video.thumbnail_alt, video.thumbnail_decorative, video.title)}
                  playable={playableFrom(video.video_url)}
                  views={video.views}
                  date={video.created_at}
                  category={video.category}
                />
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  );
}
