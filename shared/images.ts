// Stock-photo images are resized by the host through query parameters, so a page
// downloads an image of the size it shows. One helper, used wherever such an image is shown.

const STOCK_HOSTS = new Set(["images.unsplash.com", "plus.unsplash.com"]);

export interface ImageSize {
  width: number;
  /** Without a height the image keeps its own aspect ratio. */
  height?: number;
  quality?: number;
}

function stockUrl(url: string): URL | null {
  try {
    const parsed = new URL(url);
    return STOCK_HOSTS.has(parsed.hostname) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * A stock-photo URL with w, h and q (quality, default 80) set, replacing any already there, plus
 * fit=crop and auto=format (WebP/AVIF where the browser takes them). Other URLs come back unchanged.
 */
export function stockImage(url: string, { width, height, quality = 80 }: ImageSize): string {
  const parsed = stockUrl(url);
  if (!parsed) return url;
  const params = parsed.searchParams;
  params.set("w", String(Math.round(width)));
  if (height === undefined) params.delete("h");
  else params.set("h", String(Math.round(height)));
  params.set("q", String(quality));
  params.set("fit", "crop");
  params.set("auto", "format");
  return parsed.toString();
}

/**
 * A srcset ("url 400w, url 800w") for a stock-photo URL at the given widths; `aspect` is width over
 * height (16 / 9) and fixes each height. Undefined for other URLs, which have only one size.
 */
export function stockImageSrcSet(url: string, widths: readonly number[], aspect?: number): string | undefined {
  if (!stockUrl(url) || widths.length === 0) return undefined;
  return widths
    .map((width) => {
      const height = aspect ? Math.round(width / aspect) : undefined;
      return `${stockImage(url, height === undefined ? { width } : { width, height })} ${width}w`;
    })
    .join(", ");
}
