import { describe, expect, it } from "vitest";
import type { ContentType } from "../content-type.ts";
import { validateRecord, type RuleMap } from "../validation.ts";
import blog, { blogPostRules } from "./blog.ts";
import cartridgeModels from "./cartridge_models.ts";
import collections, { collectionRules } from "./collections.ts";
import community from "./community.ts";
import faq, { faqEntryRules } from "./faq.ts";
import interfacePreviews from "./interface_previews.ts";
import mails, { newsletterMailRules } from "./mails.ts";
import media from "./media.ts";
import press, { pressQuoteRules } from "./press.ts";
import progress, { stageRules } from "./progress.ts";
import videos, { videoRules } from "./videos.ts";
import whitepaper, { whitepaperRules } from "./whitepaper.ts";

// What each content type's screen shows and writes, and where its rows are seen on the site: the
// functions of shared/content-types/ (the rest of each file is data, read by the back office's
// generic list and editor, and by the integration tests).

const nextOrder = async () => 7;
const edit = { isNew: false };
const create = { isNew: true };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row of any table, as the screens take it
type AnyRecord = Record<string, any>;
const column = (type: ContentType, source: string) => type.screen.columns.find((spec) => spec.source === source)! as { text?(row: AnyRecord): unknown; subtitle?(row: AnyRecord): string; badges?: readonly { text?(row: AnyRecord): unknown }[] };
const represent = (type: ContentType, record: AnyRecord) => type.screen.recordRepresentation!(record);
const choices = (type: ContentType, source: string) => type.screen.fields.find((field) => field.source === source)!.choices;

describe("where a row is seen on the site (the Preview's page)", () => {
  it("is the post's own page, the home page, the contact page, the videos page or the whitepaper", () => {
    expect(blog.sitePath!({ slug: "first-boot" })).toBe("/updates/first-boot");
    expect(collections.sitePath!({})).toBe("/");
    expect(press.sitePath!({})).toBe("/");
    expect(faq.sitePath!({})).toBe("/contact");
    expect(videos.sitePath!({})).toBe("/youtube");
    expect(whitepaper.sitePath!({})).toBe("/whitepaper");
    expect(cartridgeModels.sitePath!({})).toBe("/gallery");
    expect(interfacePreviews.sitePath!({})).toBe("/gallery");
  });
});

describe("the example rows the integration tests write", () => {
  const valid = (rules: RuleMap, type: ContentType) => [1, 2].map((n) => validateRecord(rules, type.example.row(n) as Record<string, unknown>));

  it("pass their type's form rules", () => {
    for (const [rules, type] of [[blogPostRules, blog], [collectionRules, collections], [faqEntryRules, faq], [newsletterMailRules, mails], [pressQuoteRules, press], [stageRules, progress], [videoRules, videos], [whitepaperRules, whitepaper]] as const) {
      expect(valid(rules, type)).toEqual([{}, {}]);
    }
  });

  it("differ with n in their unique columns, and in order after the seeded rows", () => {
    expect([blog.example.row(1).title, blog.example.row(2).title]).toEqual(["Post 1", "Post 2"]);
    expect([cartridgeModels.example.row(1), interfacePreviews.example.row(2), faq.example.row(3)].map((row) => row.order)).toEqual([101, 102, 103]);
    expect(faq.example.row(4).question).toBe("Question 4?");
    expect(cartridgeModels.example.row(5).title).toBe("Cartridge 5");
    expect(interfacePreviews.example.row(5).title).toBe("Preview 5");
    expect(collections.example.row(6)).toMatchObject({ title: "Collection 6", description: "About it", features: ["Gold Contacts"], capacity: "512GB" });
    expect(community.example.row(7)).toEqual({ kind: "contact", email: "person7@example.com", name: "Ada", message: "Hello" });
    expect(mails.example.row(8).subject).toBe("Mail 8");
    expect(media.example.row(9)).toEqual({ url: "https://example.com/media/9.png", filename: "file-9.png", type: "image", size: 1024, metadata: { format: "image/png" } });
    expect(press.example.row(10).quote).toBe("Quote 10");
    expect([progress.example.row(1), progress.example.row(2)].map((row) => [row.name, row.category, row.order])).toEqual([["Stage 1", "hardware", 101], ["Stage 2", "token", 102]]);
    expect(videos.example.row(11)).toMatchObject({ title: "Video 11", category: "Tutorial", views: 3 });
    expect(whitepaper.example.row(12).title).toBe("Whitepaper 12");
  });
});

describe("what the lists show", () => {
  it("names a record by its title, question, source, subject, name, or title and version", () => {
    expect(represent(blog, { title: "First boot" })).toBe("First boot");
    expect(represent(collections, { title: "Gold" })).toBe("Gold");
    expect(represent(faq, { question: "Why?" })).toBe("Why?");
    expect(represent(mails, { subject: "News" })).toBe("News");
    expect(represent(press, { source: "Retro Tech Weekly" })).toBe("Retro Tech Weekly");
    expect(represent(progress, { name: "Prototype" })).toBe("Prototype");
    expect(represent(videos, { title: "First boot" })).toBe("First boot");
    expect(represent(whitepaper, { title: "RCRT Whitepaper", version: "1.2" })).toBe("RCRT Whitepaper v1.2");
  });

  it("shows a post's address and read time under its title, its category capitalised and its milestone as badges", () => {
    const post = { slug: "first-boot", read_time: "3 min read", category: "hardware", milestone: "Prototype v1" };
    expect(column(blog, "title").subtitle!(post)).toBe("/updates/first-boot · 3 min read");
    expect(column(blog, "category").badges!.map((badge) => badge.text!(post))).toEqual(["Hardware", "Prototype v1"]);
  });

  it("counts a collection's features and a whitepaper version's sections", () => {
    expect(column(collections, "title").subtitle!({ features: ["a", "b"] })).toBe("2 features");
    expect(column(collections, "title").subtitle!({ features: ["a"] })).toBe("1 feature");
    expect(column(collections, "title").subtitle!({})).toBe("0 features");
    expect(column(whitepaper, "title").subtitle!({ sections: [{}, {}, {}] })).toBe("3 sections");
    expect(column(whitepaper, "title").subtitle!({})).toBe("0 sections");
  });

  it("shows a whitepaper version as a badge, and its last change", () => {
    expect(column(whitepaper, "version_key").badges![0]!.text!({ version: "2.10" })).toBe("v2.10");
    expect(column(whitepaper, "change_log").text!({ change_log: ["Initial release", "Fixed a typo"] })).toBe("Fixed a typo");
    expect(column(whitepaper, "change_log").text!({ change_log: null })).toBe("");
  });

  it("sums up a cartridge model's specifications, or says there are none", () => {
    const text = column(cartridgeModels, "specifications").text!;
    expect(text({ specifications: { storage: "512GB", features: ["x", "y"], dimensions: "10 x 5 cm", weight: "20 g" } })).toBe("512GB · 10 x 5 cm · 20 g · 2 features");
    expect(text({ specifications: { storage: "", features: ["x"], dimensions: "", weight: "20 g" } })).toBe("20 g · 1 feature");
    expect(text({ specifications: { storage: "", features: [], dimensions: "", weight: "" } })).toBe("No specifications yet");
    expect(text({ specifications: null })).toBe("No specifications yet");
  });

  it("quotes a press quote, and writes a video's views with thousands separated", () => {
    expect(column(press, "quote").text!({ quote: "Great hardware" })).toBe("“Great hardware”");
    expect(column(videos, "views").text!({ views: 12345 })).toBe("12,345");
    expect(column(videos, "views").text!({ views: null })).toBe("0");
  });

  it("names a stage's categories in words", () => {
    expect(choices(progress, "category")).toEqual([
      { id: "hardware", name: "Hardware Development" },
      { id: "token", name: "Token Launch" },
    ]);
  });
});

describe("a new record's defaults", () => {
  it("puts an ordered row last, with its type's own starting values", async () => {
    expect(await cartridgeModels.screen.defaults!({ nextOrder })).toEqual({ specifications: { storage: "", features: [], dimensions: "", weight: "" }, order: 7 });
    expect(await faq.screen.defaults!({ nextOrder })).toEqual({ order: 7 });
    expect(await interfacePreviews.screen.defaults!({ nextOrder })).toEqual({ category: "UI", order: 7 });
  });

  it("gives a collection one empty feature to type in, a video no views, and a whitepaper its title and one empty section", async () => {
    expect(await collections.screen.defaults!({ nextOrder })).toEqual({ features: [""] });
    expect(await videos.screen.defaults!({ nextOrder })).toEqual({ views: 0 });
    expect(await whitepaper.screen.defaults!({ nextOrder })).toEqual({ title: "RCRT Whitepaper", sections: [{ title: "", content: { type: "doc", content: [] }, order: 0 }] });
  });
});

describe("what saving writes", () => {
  const words = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Some words here." }] }] };

  it("a post: no slug when it is the title's on a new post (the database derives it), its read time from the content when blank, no blank milestone", () => {
    expect(blog.screen.transform!({ title: "First Boot", slug: "first-boot", read_time: " ", milestone: "  ", content: words }, create)).toEqual({ title: "First Boot", slug: null, read_time: "1 min read", milestone: null, content: words });
    expect(blog.screen.transform!({ title: "First Boot", slug: "First Boot", read_time: " 5 min read ", milestone: " v1 ", content: words }, edit)).toEqual({ title: "First Boot", slug: "first-boot", read_time: "5 min read", milestone: "v1", content: words });
    expect(blog.screen.transform!({ title: "First Boot", slug: "my-own", content: words }, create)).toMatchObject({ slug: "my-own", milestone: null });
    expect(blog.screen.transform!({ title: "First Boot", slug: "", content: words }, edit)).toMatchObject({ slug: null });
    expect(blog.screen.transform!({ content: words }, create)).toMatchObject({ slug: null, read_time: "1 min read" });
  });

  it("a cartridge model: its order a number, its specifications whole, features without blank lines", () => {
    expect(cartridgeModels.screen.transform!({ title: "A", order: "4", specifications: { storage: "1GB", features: [" Gold ", ""] } }, edit)).toEqual({
      title: "A",
      order: 4,
      specifications: { storage: "1GB", dimensions: "", weight: "", features: ["Gold"] },
    });
    expect(cartridgeModels.screen.transform!({ specifications: null }, create)).toEqual({ order: 0, specifications: { storage: "", dimensions: "", weight: "", features: [] } });
    expect(cartridgeModels.screen.transform!({ specifications: { storage: null, dimensions: null, weight: null, features: null } }, create)).toMatchObject({ specifications: { storage: "", dimensions: "", weight: "", features: [] } });
  });

  it("a collection: its features trimmed, without blank lines", () => {
    expect(collections.screen.transform!({ title: "A", features: [" Gold ", "", "Metal"] }, edit)).toEqual({ title: "A", features: ["Gold", "Metal"] });
    expect(collections.screen.transform!({ title: "A" }, create)).toEqual({ title: "A", features: [] });
  });

  it("an FAQ entry, a preview, a stage and a video: their numbers as numbers, a preview's category UI when none is picked", () => {
    expect(faq.screen.transform!({ question: "Q", order: "3" }, edit)).toEqual({ question: "Q", order: 3 });
    expect(faq.screen.transform!({ question: "Q" }, create)).toEqual({ question: "Q", order: 0 });
    expect(interfacePreviews.screen.transform!({ title: "A", category: "", order: "2" }, edit)).toEqual({ title: "A", category: "UI", order: 2 });
    expect(interfacePreviews.screen.transform!({ title: "A", category: "Effects" }, create)).toEqual({ title: "A", category: "Effects", order: 0 });
    expect(progress.screen.transform!({ name: "S", progress: "30", order: "1" }, edit)).toEqual({ name: "S", progress: 30, order: 1 });
    expect(progress.screen.transform!({ name: "S", order: 2 }, create)).toEqual({ name: "S", progress: 0, order: 2 });
    expect(videos.screen.transform!({ title: "V", views: "12" }, edit)).toEqual({ title: "V", views: 12 });
    expect(videos.screen.transform!({ title: "V", views: "many" }, edit)).toEqual({ title: "V", views: 0 });
    expect(videos.screen.transform!({ title: "V" }, create)).toEqual({ title: "V", views: 0 });
  });

  it("a whitepaper version: its version trimmed, sections renumbered, version_key never written, a change logged", () => {
    const sections = [{ title: "B", content: words, order: 5 }, { title: "A", content: words, order: 2 }];
    expect((whitepaper as ContentType).screen.transform!({ title: "W", version: " 1.2 ", version_key: [1, 2], sections, change_log: ["Initial release"] }, { isNew: false, previous: { change_log: ["Initial release"] } })).toEqual({
      title: "W",
      version: "1.2",
      sections: [{ title: "B", content: words, order: 0 }, { title: "A", content: words, order: 1 }],
      change_log: ["Initial release", "Updated whitepaper content"],
    });
  });

  it("a new whitepaper version: its own log when it was started from another, else a first entry", () => {
    expect(whitepaper.screen.transform!({ version: "2.0", change_log: ["Started from version 1.2"] }, create)).toEqual({ version: "2.0", sections: [], change_log: ["Started from version 1.2"] });
    expect(whitepaper.screen.transform!({ version: "2.0", change_log: [] }, create)).toEqual({ version: "2.0", sections: [], change_log: ["Initial release"] });
    expect(whitepaper.screen.transform!({ change_log: null }, create)).toEqual({ version: "", sections: [], change_log: ["Initial release"] });
    expect(whitepaper.screen.transform!({ version: "1.3", change_log: ["Typed by hand"] }, edit)).toEqual({ version: "1.3", sections: [], change_log: ["Typed by hand", "Updated whitepaper content"] });
    expect(whitepaper.screen.transform!({ version: "1.3" }, edit)).toEqual({ version: "1.3", sections: [], change_log: ["Updated whitepaper content"] });
  });
});
