import { describe, expect, it } from "vitest";
import { absoluteAssetUrl, IMAGE_BOXES, imageAlt, isStoragePath, storedAssetUrl, imageSrcSet, imageTransformationsEnabled, isResizable, resizedImage, responsiveImage, snapUp, STORAGE_IMAGE_QUALITIES, STORAGE_IMAGE_SIDES, transformableStoragePath } from "./images.ts";

const STOCK = "https://images.unsplash.com/photo-1593784991095-a205069470b6";
const HOSTED = "https://abcd.supabase.co/storage/v1/object/public/assets/media/cover%20one.jpg";
const LOCAL = "http://127.0.0.1:54321/storage/v1/object/public/assets/media/x.png";
const OFF = { transformations: false };

function params(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}

describe("Storage images are resized by Storage's image transformations", () => {
  it("points a public object URL at the render endpoint with width, height, quality 80 and resize cover", () => {
    const url = new URL(resizedImage(HOSTED, { width: 800, height: 450 }));
    expect(url.origin).toBe("https://abcd.supabase.co");
    expect(url.pathname).toBe("/storage/v1/render/image/public/assets/media/cover%20one.jpg");
    expect(params(url.toString())).toEqual({ width: "800", height: "450", quality: "80", resize: "cover" });
  });

  it("works the same for the local API's address", () => {
    const url = new URL(resizedImage(LOCAL, { width: 320, height: 200, quality: 60, resize: "contain" }));
    expect(url.origin).toBe("http://127.0.0.1:54321");
    expect(url.pathname).toBe("/storage/v1/render/image/public/assets/media/x.png");
    expect(params(url.toString())).toEqual({ width: "320", height: "200", quality: "60", resize: "contain" });
  });

  it("keeps the object's own query, leaves the height out when none is given, and stays inside Storage's bounds", () => {
    const url = resizedImage(`${LOCAL}?v=3`, { width: 4000.4, quality: 5 });
    expect(params(url)).toEqual({ v: "3", width: "2500", quality: "20", resize: "cover" });
  });

  it("serves the stored file when transformations are off", () => {
    expect(resizedImage(HOSTED, { width: 800, height: 450 }, OFF)).toBe(HOSTED);
    expect(imageSrcSet(HOSTED, [400, 800], 16 / 9, OFF)).toBeUndefined();
    expect(isResizable(HOSTED, OFF)).toBe(false);
  });

  it("does not take other paths of a Storage host for public objects", () => {
    for (const url of ["https://abcd.supabase.co/storage/v1/object/sign/assets/a.png?token=x", "https://abcd.supabase.co/storage/v1/object/public/", "https://cdn.example.com/storage/v2/object/public/a/b.png"]) {
      expect(resizedImage(url, { width: 400, height: 300 })).toBe(url);
      expect(isResizable(url)).toBe(false);
    }
  });
});

describe("Our own Storage files are stored host-relative and rendered for the current API host", () => {
  const RELATIVE = "/storage/v1/object/public/assets/media/cover%20one.jpg";

  it("stores a public Storage URL of any host as its path (and query), and leaves every other address alone", () => {
    expect(storedAssetUrl(HOSTED)).toBe(RELATIVE);
    expect(storedAssetUrl("http://localhost:54411/storage/v1/object/public/assets/seed/a.png?v=2")).toBe("/storage/v1/object/public/assets/seed/a.png?v=2");
    for (const other of [STOCK, "https://abcd.supabase.co/storage/v1/render/image/public/assets/a.jpg", "https://x.test/a.png", RELATIVE, "javascript:alert(1)", "not a url", "ftp://h/storage/v1/object/public/a/b.png"]) {
      expect(storedAssetUrl(other)).toBe(other);
    }
  });

  it("knows the relative form, and nothing else, as a Storage path", () => {
    expect(isStoragePath(RELATIVE)).toBe(true);
    for (const other of ["/storage/v1/object/public/", "/other/a.png", "//evil.test/storage/v1/object/public/a.png", HOSTED, "/storage/v1/object/public/a b.png"]) expect(isStoragePath(other)).toBe(false);
  });

  it("resizes the relative form to a relative render address, and serves it as stored when transformations are off or the format is not rendered", () => {
    const resized = resizedImage(RELATIVE, { width: 800, height: 450 });
    expect(resized).toBe("/storage/v1/render/image/public/assets/media/cover%20one.jpg?width=800&height=450&quality=80&resize=cover");
    expect(resizedImage(RELATIVE, { width: 800 }, OFF)).toBe(RELATIVE);
    expect(resizedImage("/storage/v1/object/public/assets/logo.svg", { width: 800 })).toBe("/storage/v1/object/public/assets/logo.svg");
    expect(imageSrcSet(RELATIVE, [400, 800], 16 / 9)).toBe(
      "/storage/v1/render/image/public/assets/media/cover%20one.jpg?width=400&height=225&quality=80&resize=cover 400w, /storage/v1/render/image/public/assets/media/cover%20one.jpg?width=800&height=450&quality=80&resize=cover 800w",
    );
  });

  it("makes any Storage address absolute on the API it is given, whichever host that is, and leaves the others", () => {
    for (const api of ["http://localhost:54411", "https://abcd.supabase.co/"]) {
      const base = api.replace(/\/$/, "");
      expect(absoluteAssetUrl(RELATIVE, api)).toBe(`${base}${RELATIVE}`);
      expect(absoluteAssetUrl(resizedImage(RELATIVE, { width: 480 }), api)).toBe(`${base}/storage/v1/render/image/public/assets/media/cover%20one.jpg?width=480&quality=80&resize=cover`);
    }
    for (const other of [HOSTED, STOCK, "//evil.test/storage/v1/object/public/a.png", "/updates/a"]) expect(absoluteAssetUrl(other, "http://api.test")).toBe(other);
  });

  it("gives absolute addresses on the settings' API in src and srcset, whether resized or served as stored", () => {
    const api = { transformations: true, apiUrl: "http://api.test:9" };
    const { src, srcSet } = responsiveImage(RELATIVE, { width: 800, height: 450, widths: [400] }, api);
    expect(src).toBe("http://api.test:9/storage/v1/render/image/public/assets/media/cover%20one.jpg?width=800&height=450&quality=80&resize=cover");
    expect(srcSet).toBe("http://api.test:9/storage/v1/render/image/public/assets/media/cover%20one.jpg?width=400&height=225&quality=80&resize=cover 400w");
    expect(resizedImage(RELATIVE, { width: 80 }, { ...api, transformations: false })).toBe(`http://api.test:9${RELATIVE}`);
    expect(resizedImage(HOSTED, { width: 80 }, { ...api, transformations: false })).toBe(HOSTED);
  });
});

describe("Stored files the renderer cannot take are served as stored", () => {
  const stored = (name: string) => `https://abcd.supabase.co/storage/v1/object/public/assets/${name}`;

  it("transforms JPEG, PNG, WebP and AVIF, whatever the extension's case", () => {
    for (const name of ["media/a.jpg", "media/a.JPEG", "seed/b.png", "c.webp", "d.Avif", "media/e.jpg?v=2"]) expect(transformableStoragePath(name), name).toBe(true);
  });

  it("serves SVG, GIF (maybe animated), icons, bitmaps and paths with no extension as they are", () => {
    for (const name of ["seed/press-retro-tech-weekly.svg", "media/a.SVG", "media/spin.gif", "favicon.ico", "old.bmp", "media/noext", "media/.png/x", "media/png", "media/a.svg?x=.png"]) {
      expect(transformableStoragePath(name), name).toBe(false);
    }
  });

  it("gives the stored file's own address, with no srcset, in every box", () => {
    for (const url of [stored("seed/press-retro-tech-weekly.svg"), stored("media/spin.gif"), `${LOCAL.replace("x.png", "logo.svg")}?v=3`]) {
      expect(resizedImage(url, IMAGE_BOXES.pressLogo)).toBe(url);
      expect(isResizable(url)).toBe(false);
      expect(responsiveImage(url, IMAGE_BOXES.galleryItem)).toEqual({ src: url, srcSet: undefined });
    }
  });
});

describe("Stock-photo image URLs are resized by query parameters (width, height, quality default 80)", () => {
  it("sets width, height and quality 80 by default", () => {
    expect(params(resizedImage(STOCK, { width: 800, height: 600 }))).toEqual({ w: "800", h: "600", q: "80", fit: "crop", auto: "format" });
  });

  it("takes another quality", () => {
    expect(params(resizedImage(STOCK, { width: 400, height: 300, quality: 60 })).q).toBe("60");
  });

  it("replaces existing parameters and keeps the others", () => {
    const resized = resizedImage(`${STOCK}?w=2000&h=1500&q=100&ixlib=rb-4.0.3`, { width: 400, height: 300 });
    expect(params(resized)).toEqual({ w: "400", h: "300", q: "80", ixlib: "rb-4.0.3", fit: "crop", auto: "format" });
  });

  it("drops the height when none is given", () => {
    expect(params(resizedImage(`${STOCK}?h=900`, { width: 400 })).h).toBeUndefined();
  });

  it("is the stock host's own resizing, whatever the Storage setting", () => {
    expect(params(resizedImage(STOCK, { width: 400, height: 300 }, OFF)).w).toBe("400");
  });
});

describe("Other image URLs are used as they are", () => {
  it("leaves them unchanged, with no srcset", () => {
    for (const url of ["https://example.com/a.jpg?w=1", "/media/local.png", "not a url", "", "data:image/png;base64,AAAA"]) {
      expect(resizedImage(url, { width: 400, height: 300 })).toBe(url);
      expect(imageSrcSet(url, [400, 800], 4 / 3)).toBeUndefined();
    }
  });
});

describe("Responsive images", () => {
  it("lists one resized URL per width, heights following the aspect", () => {
    const entries = imageSrcSet(STOCK, [400, 800], 16 / 9)?.split(", ") ?? [];
    expect(entries).toHaveLength(2);
    const [first, second] = entries.map((entry) => entry.split(" "));
    expect(first?.[1]).toBe("400w");
    expect(params(first?.[0] ?? "")).toMatchObject({ w: "400", h: "225", q: "80" });
    expect(second?.[1]).toBe("800w");
    expect(params(second?.[0] ?? "")).toMatchObject({ w: "800", h: "450" });
  });

  it("builds a Storage image's src and srcset from transformation URLs", () => {
    const { src, srcSet } = responsiveImage(LOCAL, { width: 640, height: 400, widths: [320, 640] });
    expect(params(src)).toMatchObject({ width: "640", height: "400" });
    const entries = srcSet?.split(", ").map((entry) => entry.split(" ")) ?? [];
    expect(entries.map(([, descriptor]) => descriptor)).toEqual(["320w", "640w"]);
    expect(params(entries[0]?.[0] ?? "")).toMatchObject({ width: "320", height: "200", resize: "cover" });
  });

  it("is one size for other URLs and for no widths", () => {
    expect(responsiveImage("https://example.com/a.jpg", { width: 640, height: 400, widths: [320] })).toEqual({ src: "https://example.com/a.jpg", srcSet: undefined });
    expect(imageSrcSet(STOCK, [])).toBeUndefined();
  });
});

describe("The transformations setting", () => {
  it("is on unless set to off, false, 0 or no", () => {
    expect(imageTransformationsEnabled(undefined).transformations).toBe(true);
    expect(imageTransformationsEnabled("").transformations).toBe(true);
    expect(imageTransformationsEnabled("on").transformations).toBe(true);
    for (const value of ["off", "OFF", " false ", "0", "no"]) expect(imageTransformationsEnabled(value).transformations).toBe(false);
  });
});

describe("Alt text", () => {
  it("is empty for a decorative image, whatever text it has", () => {
    expect(imageAlt("A cartridge", true, "Title")).toBe("");
  });

  it("is the image's own text, else the title of what it illustrates", () => {
    expect(imageAlt("  A gold cartridge on a shelf ", false, "Title")).toBe("A gold cartridge on a shelf");
    expect(imageAlt("   ", false, "512GB Edition")).toBe("512GB Edition");
    expect(imageAlt(null, null, "512GB Edition")).toBe("512GB Edition");
  });
});

describe("Resize modes", () => {
  it("passes contain to every size of a Storage image", () => {
    const { src, srcSet } = responsiveImage(LOCAL, { width: 160, height: 48, widths: [160, 320], resize: "contain" });
    expect(params(src).resize).toBe("contain");
    expect(srcSet?.split(", ").map((entry) => params(entry.split(" ")[0] ?? "").resize)).toEqual(["contain", "contain"]);
  });
});

describe("The sizes Storage renders", () => {
  it("include every width, height and quality the image boxes ask for, in src and srcset", () => {
    for (const [name, box] of Object.entries(IMAGE_BOXES)) {
      const { src, srcSet } = responsiveImage(HOSTED, box);
      const urls = [src, ...(srcSet?.split(", ").map((entry) => entry.split(" ")[0]!) ?? [])];
      for (const url of urls) {
        const { width, height, quality } = params(url);
        expect(STORAGE_IMAGE_SIDES, `${name}: ${url}`).toContain(Number(width));
        expect(STORAGE_IMAGE_SIDES, `${name}: ${url}`).toContain(Number(height));
        expect(STORAGE_IMAGE_QUALITIES, `${name}: ${url}`).toContain(Number(quality));
      }
    }
  });

  it("are a short ascending list", () => {
    expect(STORAGE_IMAGE_SIDES.length).toBeLessThanOrEqual(40);
    expect([...STORAGE_IMAGE_SIDES].sort((a, b) => a - b)).toEqual(STORAGE_IMAGE_SIDES);
  });

  it("snap a value up to the next allowed one, and cap it at the largest", () => {
    expect(snapUp(300, [160, 320, 640])).toBe(320);
    expect(snapUp(320, [160, 320, 640])).toBe(320);
    expect(snapUp(2000, [160, 320, 640])).toBe(640);
  });
});

describe("The edges of each rule", () => {
  it("resizes photos of both stock hosts, and only over http or https", () => {
    expect(params(resizedImage("https://plus.unsplash.com/premium_photo-1", { width: 400 }))).toEqual({ w: "400", q: "80", fit: "crop", auto: "format" });
    expect(resizedImage("ftp://images.unsplash.com/photo-1", { width: 400 })).toBe("ftp://images.unsplash.com/photo-1");
  });

  it("reads a stored file's format from its last extension only", () => {
    expect(transformableStoragePath("media/a.png.svg")).toBe(false);
    expect(transformableStoragePath("media/a.gif.jpg")).toBe(true);
  });

  it("drops a height the stored address carried when the size has none", () => {
    expect(params(resizedImage(`${LOCAL}?height=9`, { width: 100 }))).toEqual({ width: "100", quality: "80", resize: "cover" });
  });

  it("makes a Storage address absolute on an API given with several trailing slashes, whatever the address ends with", () => {
    expect(absoluteAssetUrl("/storage/v1/object/public/a.png", "http://api.test//")).toBe("http://api.test/storage/v1/object/public/a.png");
    expect(absoluteAssetUrl("/storage/v1/object/public/a//", "http://api.test")).toBe("http://api.test/storage/v1/object/public/a//");
  });

  it("trims the fallback alt text", () => {
    expect(imageAlt("", false, "  512GB Edition ")).toBe("512GB Edition");
  });
});
