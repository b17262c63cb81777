// Images at the size they are shown. One helper builds every resized image address, so the site's
// server render, the browser and the back office agree:
//   - files in Supabase Storage (public URLs, /storage/v1/object/public/<bucket>/<path>) are resized by
//     Storage's image transformations (/storage/v1/render/image/public/<bucket>/<path>?width=...), as a
//     hosted project answers them; projects on plans without transformations turn them off
//     (VITE_IMAGE_TRANSFORMATIONS=off, see imageTransformationsEnabled) and get the file as stored;
//     files the renderer cannot take (SVG, GIF, which may be animated, and any other format) are
//     always served as stored, since the render endpoint refuses them (transformableStoragePath);
//   - stock photos are resized by their host through query parameters (w, h, q; quality default 80);
//   - any other address is used as it is, at one size.
// The project's own Storage files are stored host-relative (/storage/v1/object/public/<bucket>/<path>,
// see storedAssetUrl), so content is not tied to one API host; resizing keeps them relative, and each
// renderer makes them absolute for the API it serves (absoluteAssetUrl).

const STOCK_HOSTS = new Set(["images.unsplash.com", "plus.unsplash.com"]);
const STORAGE_PUBLIC_PATH = "/storage/v1/object/public/";
const STORAGE_RENDER_PATH = "/storage/v1/render/image/public/";
/** Storage transformations answer widths and heights from 1 to 2500 px, and quality from 20 to 100. */
const STORAGE_MAX_SIDE = 2500;
const DEFAULT_QUALITY = 80;

export type ResizeMode = "cover" | "contain" | "fill";

export interface ImageSize {
  width: number;
  /** Without a height the image keeps its own aspect ratio. */
  height?: number;
  quality?: number;
  /** How Storage fits the image into width x height (cover crops, the default). */
  resize?: ResizeMode;
}

/** A box an image is shown in, and the widths its srcset offers (heights follow the box's aspect). */
export interface ImageBox extends ImageSize {
  height: number;
  widths: readonly number[];
}

/**
 * Every box the site and the back office show an image in. Storage's renderer makes only the sides
 * and qualities these ask for (STORAGE_IMAGE_SIDES, STORAGE_IMAGE_QUALITIES) and snaps any other
 * request up to them, which bounds what one image can cost; a new box belongs here.
 */
export const IMAGE_BOXES = {
  carouselSlide: { width: 800, height: 500, widths: [480, 800, 1200] },
  galleryItem: { width: 640, height: 400, widths: [320, 640, 960] },
  postHero: { width: 960, height: 540, widths: [480, 960, 1440] },
  postCard: { width: 480, height: 270, widths: [320, 480, 800] },
  pressLogo: { width: 160, height: 48, widths: [160, 320], resize: "contain" },
  videoThumbnail: { width: 640, height: 360, widths: [320, 640, 960] },
  /** The picture of a page shared on social media (og:image). */
  shareCard: { width: 1200, height: 630, widths: [] },
  adminThumbnail: { width: 144, height: 96, widths: [] },
  adminMediaField: { width: 112, height: 80, widths: [] },
  adminMediaPicker: { width: 280, height: 192, widths: [] },
} as const satisfies Record<string, ImageBox>;

/** The widths and heights, ascending, of every image the boxes ask Storage for (src and srcset). */
export const STORAGE_IMAGE_SIDES: readonly number[] = [
  ...new Set(
    Object.values(IMAGE_BOXES).flatMap((box: ImageBox) => [
      box.width,
      box.height,
      ...box.widths.flatMap((width) => [width, srcSetHeight(width, box.width / box.height)]),
    ]),
  ),
].sort((a, b) => a - b);

/** The qualities the site asks Storage for. */
export const STORAGE_IMAGE_QUALITIES: readonly number[] = [DEFAULT_QUALITY];

/** The smallest allowed value at or above `value`, or the largest allowed when none is. */
export function snapUp(value: number, allowed: readonly number[]): number {
  return allowed.find((candidate) => candidate >= value) ?? allowed[allowed.length - 1]!;
}

export interface ImageSettings {
  /** Whether the Supabase project resizes Storage images (plans without it serve the stored file). */
  transformations: boolean;
  /** The API host-relative Storage addresses are served from; without it they stay relative. */
  apiUrl?: string;
}

export const TRANSFORMATIONS_ON: ImageSettings = { transformations: true };

/** The setting's value ("off", "false", "0" or "no" turn transformations off; unset leaves them on). */
export function imageTransformationsEnabled(value: string | undefined): ImageSettings {
  return { transformations: !/^(off|false|0|no)$/i.test((value ?? "").trim()) };
}

/**
 * The formats Storage's renderer re-encodes at another size without losing anything. SVG is refused
 * by the render endpoint, a GIF may be animated (a resized copy keeps only its first frame), and
 * icons and bitmaps are not rendered at all: those are served as stored.
 */
const TRANSFORMABLE_EXTENSIONS = new Set(["jpg", "jpeg", "png", "webp", "avif"]);

/**
 * Whether a stored object can go through Storage's transformations, from its path's extension (the
 * media library names every upload media/<random>.<ext>, the extension taken from the file). A path
 * without a known raster extension is served as stored: a bigger file beats a broken image.
 */
export function transformableStoragePath(objectPath: string): boolean {
  const name = objectPath.split(/[?#]/, 1)[0]!.split("/").pop() ?? "";
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  return extension !== undefined && TRANSFORMABLE_EXTENSIONS.has(extension);
}

/** Any origin: host-relative Storage addresses are parsed against it, and given back relative. */
const RELATIVE_BASE = "http://relative.invalid";

/** Whether the address is a host-relative address of a Storage public object (how our own files are stored). */
export function isStoragePath(address: string): boolean {
  return address.startsWith(STORAGE_PUBLIC_PATH) && address.length > STORAGE_PUBLIC_PATH.length && !/[\s\\]/.test(address);
}

/**
 * The form an address is stored in: a public Storage URL on any host (the path is Storage's own)
 * becomes host-relative, so the same content serves under any API host; anything else is unchanged.
 */
export function storedAssetUrl(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return address;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !isStoragePath(url.pathname)) return address;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The address a browser, a mail or a feed reader loads: a host-relative Storage address (or one of its
 * resized forms, /storage/v1/...) on the API at `apiUrl`; anything else unchanged.
 */
export function absoluteAssetUrl(address: string, apiUrl: string): string {
  if (!address.startsWith("/storage/v1/") || address.startsWith("//")) return address;
  return `${apiUrl.replace(/\/+$/, "")}${address}`;
}

type ImageKind = { kind: "storage"; url: URL; objectPath: string } | { kind: "stock"; url: URL } | { kind: "other" };

const relativeForm = (url: URL) => (url.origin === RELATIVE_BASE ? `${url.pathname}${url.search}${url.hash}` : url.toString());

function classify(address: string): ImageKind {
  let url: URL;
  try {
    url = isStoragePath(address) ? new URL(address, RELATIVE_BASE) : new URL(address);
  } catch {
    return { kind: "other" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { kind: "other" };
  if (STOCK_HOSTS.has(url.hostname)) return { kind: "stock", url };
  if (url.pathname.startsWith(STORAGE_PUBLIC_PATH) && url.pathname.length > STORAGE_PUBLIC_PATH.length) {
    const objectPath = url.pathname.slice(STORAGE_PUBLIC_PATH.length);
    return transformableStoragePath(objectPath) ? { kind: "storage", url, objectPath } : { kind: "other" };
  }
  return { kind: "other" };
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, Math.round(value)));

/** Whether the address can be served at other sizes (so a srcset makes sense). */
export function isResizable(address: string, settings: ImageSettings = TRANSFORMATIONS_ON): boolean {
  const image = classify(address);
  return image.kind === "stock" || (image.kind === "storage" && settings.transformations);
}

/**
 * The address of the image at `size`: Storage's transformation URL (width, height, quality default 80,
 * resize cover) for a Storage public URL of a format the renderer takes while transformations are on; the stock host's w, h, q,
 * fit=crop and auto=format for a stock photo (replacing any already there, keeping the others);
 * anything else unchanged. Host-relative Storage addresses come out relative, or absolute on
 * `settings.apiUrl` when it is given.
 */
export function resizedImage(address: string, size: ImageSize, settings: ImageSettings = TRANSFORMATIONS_ON): string {
  const resized = resizedAddress(address, size, settings);
  return settings.apiUrl === undefined ? resized : absoluteAssetUrl(resized, settings.apiUrl);
}

function resizedAddress(address: string, size: ImageSize, settings: ImageSettings): string {
  const image = classify(address);
  const quality = size.quality ?? DEFAULT_QUALITY;
  if (image.kind === "storage") {
    if (!settings.transformations) return address;
    const url = new URL(`${STORAGE_RENDER_PATH}${image.objectPath}`, image.url.origin);
    url.search = image.url.search;
    url.searchParams.set("width", String(clamp(size.width, 1, STORAGE_MAX_SIDE)));
    if (size.height === undefined) url.searchParams.delete("height");
    else url.searchParams.set("height", String(clamp(size.height, 1, STORAGE_MAX_SIDE)));
    url.searchParams.set("quality", String(clamp(quality, 20, 100)));
    url.searchParams.set("resize", size.resize ?? "cover");
    return relativeForm(url);
  }
  if (image.kind === "stock") {
    const params = image.url.searchParams;
    params.set("w", String(Math.round(size.width)));
    if (size.height === undefined) params.delete("h");
    else params.set("h", String(Math.round(size.height)));
    params.set("q", String(quality));
    params.set("fit", "crop");
    params.set("auto", "format");
    return image.url.toString();
  }
  return address;
}

/**
 * A srcset ("url 400w, url 800w") at the given widths; `aspect` is width over height (16 / 9) and
 * fixes each height. Undefined for addresses that have only one size.
 */
export function imageSrcSet(
  address: string,
  widths: readonly number[],
  aspect?: number,
  settings: ImageSettings = TRANSFORMATIONS_ON,
  options: Pick<ImageSize, "quality" | "resize"> = {},
): string | undefined {
  if (widths.length === 0 || !isResizable(address, settings)) return undefined;
  return widths
    .map((width) => {
      const height = aspect ? srcSetHeight(width, aspect) : undefined;
      return `${resizedImage(address, height === undefined ? { ...options, width } : { ...options, width, height }, settings)} ${width}w`;
    })
    .join(", ");
}

function srcSetHeight(width: number, aspect: number): number {
  return Math.round(width / aspect);
}

/** What an <img> needs to be shown at width x height, and sharper on denser or wider screens. */
export function responsiveImage(
  address: string,
  { widths, ...size }: ImageSize & { height: number; widths: readonly number[] },
  settings: ImageSettings = TRANSFORMATIONS_ON,
): { src: string; srcSet: string | undefined } {
  const { width, height, ...rest } = size;
  return { src: resizedImage(address, size, settings), srcSet: imageSrcSet(address, widths, width / height, settings, rest) };
}

/**
 * The alt text an image is shown with: "" for a decorative image (screen readers skip it), else its
 * own text, else `fallback` (the title of what it illustrates), so no content image goes unnamed.
 */
export function imageAlt(alt: string | null | undefined, decorative: boolean | null | undefined, fallback: string): string {
  if (decorative) return "";
  const text = (alt ?? "").trim();
  return text || fallback.trim();
}
