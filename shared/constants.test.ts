import { describe, expect, it } from "vitest";
import * as constants from "./constants.ts";
import { BLOG_CATEGORIES, FORM_KINDS, GALLERY_CATEGORIES, MEDIA_TYPES, STAGE_CATEGORIES, VIDEO_CATEGORIES } from "./types.ts";
import { emptySpecifications } from "./content-types/cartridge_models.ts";

describe("Business constants and limits", () => {
  it("match the product's constants", () => {
    expect({ ...constants }).toEqual({
      WAITLIST_THANK_YOU_MS: 2000,
      CONTACT_SUCCESS_MS: 3000,
      FLICKER_OVERLAY_MS: 1000,
      NOT_FOUND_FLICKER_MS: 100,
      VIDEOS_CACHE_MS: 300000,
      CAROUSEL_SWIPE_THRESHOLD_PX: 50,
      TIMELINE_COLUMNS: 5,
      MAX_PUBLIC_VIDEOS: 6,
      PROGRESS_MIN: 0,
      PROGRESS_MAX: 100,
      PROGRESS_STEP: 5,
      PASSWORD_MIN_LENGTH: 8,
      WHITEPAPER_SECTION_ROWS: 15,
    });
  });
});

describe("Enumerations", () => {
  it("match the product's constants", () => {
    expect(STAGE_CATEGORIES).toEqual(["hardware", "token"]);
    expect(GALLERY_CATEGORIES).toEqual(["UI", "Features", "Effects"]);
    expect(BLOG_CATEGORIES).toEqual(["development", "hardware", "community"]);
    expect(VIDEO_CATEGORIES).toEqual(["Development", "Hardware", "Tutorial", "Community"]);
    expect(MEDIA_TYPES).toEqual(["image", "video"]);
    expect(FORM_KINDS).toEqual(["waitlist", "newsletter", "contact"]);
  });
});

describe("Cartridge items default to empty specifications", () => {
  it("has every specification empty, and a fresh object each time", () => {
    expect(emptySpecifications()).toEqual({ storage: "", features: [], dimensions: "", weight: "" });
    expect(emptySpecifications()).not.toBe(emptySpecifications());
  });
});
