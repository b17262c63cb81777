import { describe, expect, it } from "vitest";
import { STATIC_SLIDES } from "./home/FeaturedCollections.tsx";
import { STATIC_QUOTES } from "./home/PressCoverage.tsx";
import { PLACEHOLDER_VIDEOS } from "./lib/youtube.ts";
import { FAQ } from "./routes/contact.tsx";
import { STATIC_CARTRIDGES } from "./routes/gallery.tsx";
import { COMMUNITY_GOALS, FEATURE_GROUPS } from "./routes/home.tsx";

describe("the site's fixed copy (each kept by the page that shows it)", () => {
  it("has the product's fixed content", () => {
    expect(FEATURE_GROUPS.map((group) => group.name)).toEqual(["FPGA Advantage", "Video Filters & Modes", "Blockchain Integration", "Media Library Experience"]);
    expect(FEATURE_GROUPS.every((group) => group.cards.length === 3)).toBe(true);
    expect(STATIC_SLIDES.map((slide) => slide.title)).toEqual(["Classic Cinema Collection", "Series Showcase", "Documentary Archive"]);
    expect(STATIC_QUOTES).toHaveLength(2);
    expect(COMMUNITY_GOALS.map((goal) => `${goal.value} ${goal.label}`)).toEqual(["1,000+ community members", "1k+ Discord messages", "50+ project contributors"]);
    expect(STATIC_CARTRIDGES.map((cartridge) => cartridge.specifications.storage)).toEqual(["512GB", "1TB", "256GB"]);
    expect(PLACEHOLDER_VIDEOS).toHaveLength(3);
    expect(PLACEHOLDER_VIDEOS.every((video) => video.views === 0)).toBe(true);
    // Never published: no date to read as stale; thumbnails the site holds, on no other host.
    expect(PLACEHOLDER_VIDEOS.map((video) => video.publishedAt)).toEqual(["", "", ""]);
    for (const { thumbnail } of PLACEHOLDER_VIDEOS) expect(thumbnail).toMatch(/^\/(?!\/)[^:]*\.svg\b/);
  });

  it("the FAQ has 8 entries: the launch, prices, developers, formats and subscription, then shipping regions and warranty", () => {
    expect(FAQ).toHaveLength(8);
    const answers = FAQ.map((entry) => entry.answer);
    expect(answers[0]).toMatch(/Q3 2025.*pre-orders.*Q2/);
    expect(answers[1]).toMatch(/\$99 and \$199/);
    expect(answers[2]).toMatch(/\$29 for 128GB.*\$99 for 1TB/);
    expect(answers[3]).toMatch(/developer program.*Q2 2025/i);
    expect(answers[4]).toMatch(/H\.264, H\.265\/HEVC, VP9 and AV1/);
    expect(answers[5]).toMatch(/no subscription fee/i);
    expect(FAQ[6]!.question).toMatch(/ship/i);
    expect(FAQ[7]!.question).toMatch(/warranty/i);
  });

});
