import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../shared/languages.ts";
import { PUBLIC_ROUTES } from "../../shared/routes.ts";
import { fill, loadCatalogue } from "./catalogues.ts";
import { en } from "./en.ts";
import { aboutTexts } from "./parts/about.ts";
import { contactTexts } from "./parts/contact.ts";
import { formAnswerTexts } from "./parts/form-answers.ts";
import { galleryTexts } from "./parts/gallery.ts";
import { homeTexts } from "./parts/home.ts";
import { postsTexts } from "./parts/posts.ts";
import { updatesTexts } from "./parts/updates.ts";
import { waitlistTexts } from "./parts/waitlist.ts";
import { videosTexts } from "./parts/videos.ts";
import { whitepaperTexts } from "./parts/whitepaper.ts";

describe("the site's message catalogues", () => {
  it.each(LANGUAGES.map((entry) => entry.code))("%s has every key of the default catalogue, none blank, and the same places to fill", async (code) => {
    const messages = await loadCatalogue(code);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
    for (const [key, english] of Object.entries(en)) {
      const text = messages[key as keyof typeof en];
      expect(text.trim(), `${code} ${key}`).not.toBe("");
      expect(text.match(/\{\w+\}/g)?.sort() ?? [], `${code} ${key}`).toEqual(english.match(/\{\w+\}/g)?.sort() ?? []);
    }
  });

  const parts = { about: aboutTexts, contact: contactTexts, formAnswers: formAnswerTexts, gallery: galleryTexts, home: homeTexts, posts: postsTexts, updates: updatesTexts, videos: videosTexts, waitlist: waitlistTexts, whitepaper: whitepaperTexts };
  it.each(Object.entries(parts).flatMap(([name, part]) => LANGUAGES.map(({ code }) => [name, code, part] as const)))(
    "the part %s in %s has every key of its default texts, none blank, and the same places to fill",
    async (name, code, part) => {
      const texts: Readonly<Record<string, string>> = await part.load(code);
      expect(Object.keys(texts).sort()).toEqual(Object.keys(part.en).sort());
      for (const [key, english] of Object.entries(part.en as Readonly<Record<string, string>>)) {
        expect(texts[key]!.trim(), `${name} ${code} ${key}`).not.toBe("");
        expect(texts[key]!.match(/\{\w+\}/g)?.sort() ?? [], `${name} ${code} ${key}`).toEqual(english.match(/\{\w+\}/g)?.sort() ?? []);
      }
    },
  );

  it("names pages' titles and descriptions of real routes only, and the default one keeps the product's words", async () => {
    const paths = new Set<string>(PUBLIC_ROUTES.map((route) => route.path));
    for (const key of Object.keys(en).filter((name) => /^(title|description):/.test(name))) {
      expect(paths.has(key.replace(/^(title|description):/, "")), key).toBe(true);
      expect(en[key as keyof typeof en].length, key).toBeLessThanOrEqual(160);
    }
    expect(en["title:/about"]).toBe("Our Story");
    expect(waitlistTexts.en["waitlist.thanksHeading"]).toBe("Thank You!");
    expect(en["notFound.heading"]).toBe("NO SIGNAL - PAGE NOT FOUND");
  });

  it("labels the menus' pages with the spec's words", () => {
    expect(Object.fromEntries(Object.entries(en).filter(([key]) => key.startsWith("menu:")))).toEqual({
      "menu:/": "Home",
      "menu:/about": "About",
      "menu:/updates": "Updates",
      "menu:/gallery": "Gallery",
      "menu:/youtube": "Videos",
      "menu:/whitepaper": "Whitepaper",
      "menu:/contact": "Contact",
    });
  });

  it("fills the named places of a message and leaves an unknown one as it is", () => {
    expect(fill(en["footer.bottom"], { year: 2026 })).toBe("© 2026 RCRT. Be kind, rewind.");
    expect(fill("{a} and {b}", { a: 1 })).toBe("1 and {b}");
  });
});
