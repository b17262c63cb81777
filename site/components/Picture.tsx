import { useContext, useEffect, useRef, useState, type CSSProperties } from "react";
import { ImageApiContext } from "../lib/image-api.ts";
import { responsiveImage, type ResizeMode } from "../../shared/images.ts";
import { FIRST_SCREEN_IMAGE } from "../lib/first-screen.ts";
import { IMAGE_SETTINGS } from "../lib/image-settings.ts";

declare module "react" {
  // Merging with React's declaration needs its type parameter, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ImgHTMLAttributes<T> {
    /** Element Timing's name for the image (a standard attribute React's types do not list yet). */
    elementtiming?: string | undefined;
  }
}



/**
 * How the image loads: "lazy" below the fold, "eager" on the first screen, "priority" for the largest
 * image of the first screen (eager, with a high fetch priority, so it is the page's first request; the
 * app starts once it is painted, see lib/first-screen.ts).
 */
export type PictureLoading = "lazy" | "eager" | "priority";

export interface PictureProps {
  src: string | null | undefined;
  /** The box the image fills, in CSS pixels: its width and height attributes (no layout shift). */
  width: number;
  height: number;
  /** The widths offered in the srcset, and how wide the image is shown at each breakpoint. */
  widths: readonly number[];
  sizes: string;
  /** "" for a decorative image; see imageAlt in shared/images.ts. */
  alt: string;
  loading?: PictureLoading;
  resize?: ResizeMode;
  className?: string;
}

/**
 * A content image at the size it is shown: src and srcset from shared/images.ts, width and height set,
 * lazy unless told otherwise. When it cannot be loaded it shows the NO SIGNAL tile in the same box.
 */
export function Picture({ src, width, height, widths, sizes, alt, loading = "lazy", resize, className }: PictureProps) {
  const image = useRef<HTMLImageElement>(null);
  const apiUrl = useContext(ImageApiContext);
  // The address that failed: a new address gets a new try.
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    // An image that failed before hydration fired its error event before React listened for it.
    const element = image.current;
    if (src && element?.complete && element.naturalWidth === 0) setFailed(src);
  }, [src]);

  const box = { aspectRatio: `${width} / ${height}` };
  if (!src) return <span className={`image-placeholder ${className ?? ""}`} style={box} aria-hidden="true" />;
  if (failed === src) return <NoSignal alt={alt} className={className} style={box} />;
  const { src: url, srcSet } = responsiveImage(src, { width, height, widths, ...(resize ? { resize } : {}) }, apiUrl === undefined ? IMAGE_SETTINGS : { ...IMAGE_SETTINGS, apiUrl });
  return (
    <img
      ref={image}
      className={className}
      src={url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width}
      height={height}
      loading={loading === "lazy" ? "lazy" : "eager"}
      fetchPriority={loading === "priority" ? "high" : undefined}
      elementtiming={loading === "priority" ? FIRST_SCREEN_IMAGE : undefined}
      decoding={loading === "priority" ? undefined : "async"}
      alt={alt}
      onError={() => setFailed(src)}
    />
  );
}

/** The tile shown instead of a broken image: a test card with NO SIGNAL, named like the image was. */
export function NoSignal({ alt, className, style }: { alt: string; className?: string | undefined; style?: CSSProperties }) {
  return (
    <span
      className={`image-fallback ${className ?? ""}`}
      style={style}
      role={alt ? "img" : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : "true"}
      data-testid="image-fallback"
    >
      <span className="test-card-bars" aria-hidden="true" />
      <span className="test-card-label" aria-hidden="true">
        NO SIGNAL
      </span>
    </span>
  );
}
