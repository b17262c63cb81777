import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadCatalogue } from "./i18n/catalogues.ts";
import { PLACEHOLDER_VIDEOS } from "./lib/youtube.ts";
import { FAQ } from "./routes/contact.tsx";
import { ja as jaCatalogue } from "./i18n/ja.ts";
import { aboutJa } from "./i18n/parts/about.ja.ts";
import { contactJa } from "./i18n/parts/contact.ja.ts";
import { galleryJa } from "./i18n/parts/gallery.ja.ts";
import { homeJa } from "./i18n/parts/home.ja.ts";
import { postsJa } from "./i18n/parts/posts.ja.ts";
import { updatesJa } from "./i18n/parts/updates.ja.ts";
import { videosJa } from "./i18n/parts/videos.ja.ts";
import { whitepaperJa } from "./i18n/parts/whitepaper.ja.ts";
import { homePage, post, postCard, renderSite, STAGES, stubNetwork } from "./test-utils.tsx";

// The site in another language than the default: its own words from that language's catalogue, its
// links under its prefix, content translated where published and marked English where not, and the
// language switcher that keeps the visitor on the same content.

// As the browser's entry does before it hydrates a page (site/hydrate.tsx).
beforeAll(() => loadCatalogue("ja"));

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLUG = "fpga-prototype-boots-its-first-cartridge";
const doc = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });
/** A published Japanese translation of the post "p1", as the API answers visitors. */
const JAPANESE_POST = { row_id: "p1", language: "ja", fields: { title: "FPGA試作機が最初のカートリッジを起動", content: doc("数か月の夜更かしの末、基板がカートリッジを読み込みました。") } };

const canonical = () => new URL(document.querySelector<HTMLLinkElement>('link[rel="canonical"]')!.href).pathname;
const switcher = () => screen.getByRole("navigation", { name: /Language|言語/ });

/** The Japanese words: the catalogue with the parts of the pages these tests show. */
const ja = { ...jaCatalogue, ...aboutJa, ...contactJa, ...galleryJa, ...homeJa, ...postsJa, ...updatesJa, ...videosJa, ...whitepaperJa };

describe("the language switcher", () => {
  it("on a default-language page links the same page in each other language, named in that language", async () => {
    stubNetwork({ post_cards: [] });
    renderSite("/updates?category=hardware");
    const link = within(switcher()).getByRole("link", { name: "日本語" });
    expect(link).toHaveAttribute("href", "/ja/updates?category=hardware");
    expect(link).toHaveAttribute("hreflang", "ja");
    expect(link).toHaveAttribute("lang", "ja");
    expect(within(switcher()).getByText("English")).toHaveAttribute("aria-current", "page");
    expect(within(switcher()).queryByRole("link", { name: "English" })).toBeNull();
  });

  it("on a Japanese page links back to the same content in English", async () => {
    stubNetwork({ blog_posts: [post()], content_translations: [JAPANESE_POST] });
    renderSite(`/ja/updates/${SLUG}`);
    await screen.findByRole("heading", { level: 1, name: JAPANESE_POST.fields.title });
    const link = within(switcher()).getByRole("link", { name: "English" });
    expect(link).toHaveAttribute("href", `/updates/${SLUG}`);
    expect(link).toHaveAttribute("hreflang", "en");
    expect(within(switcher()).getByText("日本語")).toHaveAttribute("aria-current", "page");
  });
});

describe("a page under /ja/", () => {
  it("says the site's own words in Japanese and keeps its links under the prefix", async () => {
    stubNetwork({ post_cards: [] });
    renderSite("/ja/updates");
    await screen.findByText(ja["updates.none"]);
    const menu = screen.getByRole("navigation", { name: ja["header.mainMenu"] });
    expect(within(menu).getByRole("link", { name: ja["menu:/about"] })).toHaveAttribute("href", "/ja/about");
    expect(within(menu).getByRole("link", { name: ja["menu:/updates"] })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("heading", { level: 1, name: ja["title:/updates"] })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: ja["updates.all"] })).toBeInTheDocument();
    await vi.waitFor(() => expect(document.documentElement.lang).toBe("ja"));
    expect(document.title).toBe(`${ja["title:/updates"]} | RCRT`);
    expect(canonical()).toBe("/ja/updates");
  });

  it("says the home page's own sections in Japanese", async () => {
    stubNetwork({});
    renderSite("/ja/");
    await screen.findByRole("heading", { level: 2, name: ja["features.title"] });
    expect(screen.getByRole("heading", { level: 3, name: ja["features.0.name"] })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: ja["waitlist.join"] })).toBeInTheDocument();
    expect(screen.getByText(ja["hero.tagline"])).toBeInTheDocument();
  });

  it("says the progress stages' labels and the carousel's buttons in Japanese, the built-in slides marked English", async () => {
    stubNetwork({ home_page: homePage({ stages: STAGES }) });
    // Awaited: the sections below the fold are lazy, and React retries a suspended render only in an awaited act.
    await act(async () => {
      renderSite("/ja/");
    });
    const timeline = await screen.findByRole("heading", { level: 3, name: ja["progress.hardwareTitle"] });
    const items = within(timeline.closest("section")!).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent(`Concept & Research${ja["progress.completed"]}`);
    expect(items[2]).toHaveTextContent("Cartridge Interface進行中（60%）");
    expect(screen.queryByText(/Completed|In Progress/)).toBeNull();
    // The carousel is an island of its own, whose code may arrive after the timeline's.
    const carousel = await screen.findByRole("region", { name: ja["collections.slides"] });
    expect(within(carousel).getByRole("button", { name: ja["carousel.previous"] })).toBeInTheDocument();
    expect(within(carousel).getByRole("button", { name: ja["carousel.next"] })).toBeInTheDocument();
    expect(within(carousel).getByRole("button", { name: "スライド 2 へ移動：Series Showcase" })).toBeInTheDocument();
    const slide = within(carousel).getByRole("group", { name: "3 枚中 1 枚目：Classic Cinema Collection" });
    expect(slide).toHaveAttribute("lang", "en");
    expect(within(carousel).queryByText(/slide/i)).toBeNull();
  });

  it("lists only the posts published in Japanese, with their translated titles and excerpts", async () => {
    const network = stubNetwork({
      post_cards: [postCard({ id: "p1" }), postCard({ id: "p2", slug: "untranslated", title: "Untranslated" })],
      content_translations: [JAPANESE_POST],
    });
    renderSite("/ja/updates");
    const link = await screen.findByRole("link", { name: JAPANESE_POST.fields.title });
    expect(link).toHaveAttribute("href", `/ja/updates/${SLUG}`);
    expect(screen.getByText("数か月の夜更かしの末、基板がカートリッジを読み込みました。")).toBeInTheDocument();
    expect(screen.queryByText("Untranslated")).toBeNull();
    const query = network.reads("content_translations")[0]!.searchParams;
    expect(query.get("language")).toBe("eq.ja");
    expect(query.get("source_table")).toBe("eq.blog_posts");
  });

  it("shows a post's Japanese translation as the page's own, with its canonical address under the prefix", async () => {
    stubNetwork({ blog_posts: [post()], content_translations: [JAPANESE_POST] });
    renderSite(`/ja/updates/${SLUG}`);
    const heading = await screen.findByRole("heading", { level: 1, name: JAPANESE_POST.fields.title });
    expect(heading.closest("article")).not.toHaveAttribute("lang");
    expect(screen.queryByText(ja["fallback.notice"])).toBeNull();
    expect(screen.getByText(`${ja["post.category.hardware"]}`)).toBeInTheDocument();
    await vi.waitFor(() => expect(canonical()).toBe(`/ja/updates/${SLUG}`));
  });

  it("shows an untranslated post in English, marked so, with a notice in Japanese and its canonical link at the English page", async () => {
    stubNetwork({ blog_posts: [post()], content_translations: [] });
    renderSite(`/ja/updates/${SLUG}`);
    const heading = await screen.findByRole("heading", { level: 1, name: "FPGA Prototype Boots Its First Cartridge" });
    expect(heading.closest("article")).toHaveAttribute("lang", "en");
    const notice = screen.getByRole("note");
    expect(notice).toHaveTextContent(ja["fallback.notice"]);
    expect(notice).toHaveAttribute("lang", "ja");
    expect(screen.getByRole("link", { name: ja["post.allUpdates"] })).toHaveAttribute("href", "/ja/updates");
    await vi.waitFor(() => expect(canonical()).toBe(`/updates/${SLUG}`));
  });

  it("answers an unknown address under the prefix with the NO SIGNAL page in Japanese", async () => {
    stubNetwork({});
    renderSite("/ja/no-such-page");
    await screen.findByRole("heading", { name: ja["notFound.heading"] });
    expect(screen.getByRole("link", { name: ja["layout.returnHome"] })).toHaveAttribute("href", "/ja/");
    await vi.waitFor(() => expect(document.title).toBe(`${ja["notFound.title"]} | RCRT`));
  });

  it("says the whitepaper page's own words in Japanese, and marks its untranslated content English", async () => {
    stubNetwork({
      whitepaper: [
        {
          id: "w",
          title: "RCRT Whitepaper",
          version: "1.10",
          published: true,
          created_at: "2025-01-01T00:00:00Z",
          sections: [{ title: "First", content: "One.", order: 0 }],
          change_log: ["Initial release"],
        },
      ],
      content_translations: [],
    });
    renderSite("/ja/whitepaper");
    const title = await screen.findByRole("heading", { level: 1, name: "RCRT Whitepaper" });
    expect(title).toHaveAttribute("lang", "en");
    expect(within(title.closest("header")!).getByText(ja["whitepaper.eyebrow"]).closest("[lang]")).toBe(document.documentElement);
    expect(screen.getByText("バージョン 1.10")).toBeInTheDocument();
    const contents = screen.getByRole("navigation", { name: ja["whitepaper.contents"] });
    expect(within(contents).getByRole("heading", { level: 2, name: ja["whitepaper.contents"] }).closest("[lang]")).toBe(document.documentElement);
    expect(within(contents).getByRole("link", { name: "First" }).closest("[lang]")).toHaveAttribute("lang", "en");
    expect(screen.getByRole("heading", { level: 2, name: ja["whitepaper.changeLog"] }).closest("[lang]")).toBe(document.documentElement);
    expect(screen.getByText("Initial release").closest("[lang]")).toHaveAttribute("lang", "en");
  });

  it("says Whitepaper coming soon... in Japanese when none is published", async () => {
    stubNetwork({ whitepaper: [] });
    renderSite("/ja/whitepaper");
    await screen.findByText(ja["whitepaper.missing"]);
    expect(screen.getByRole("heading", { level: 1, name: ja["title:/whitepaper"] })).toBeInTheDocument();
  });

  it("says the videos page's and its cards' own words in Japanese, and marks an untranslated video's words English", async () => {
    const video = { id: "v", title: "First Boot", description: "The first boot.", thumbnail_url: null, video_url: "https://www.youtube.com/watch?v=abc123", category: "Hardware", views: 12480, published: true, created_at: "2025-01-01T00:00:00Z" };
    stubNetwork({ videos: [video], content_translations: [] });
    renderSite("/ja/youtube");
    const card = (await screen.findByRole("heading", { level: 3, name: "First Boot" })).closest("li")!;
    expect(screen.getByRole("heading", { level: 1, name: ja["title:/youtube"] })).toBeInTheDocument();
    expect(screen.getByText(ja["videos.eyebrow"])).toBeInTheDocument();
    expect(screen.getByRole("link", { name: new RegExp(`^${ja["videos.channel"]}`) })).toHaveAttribute("href", "https://www.youtube.com/@rcrt");
    expect(within(card).getByRole("heading", { level: 3 })).toHaveAttribute("lang", "en");
    expect(within(card).getByText("The first boot.")).toHaveAttribute("lang", "en");
    expect(within(card).getByText("12,480 回視聴").closest("[lang]")).toBe(document.documentElement);
    expect(within(card).getByRole("button", { name: "First Bootを再生" })).toBeInTheDocument();
  });

  it("says the About page's story, specifications and architecture in Japanese", async () => {
    stubNetwork({});
    renderSite("/ja/about");
    await screen.findByRole("heading", { level: 1, name: ja["title:/about"] });
    expect(screen.getByText(ja["about.lead"])).toBeInTheDocument();
    const story = screen.getByRole("heading", { level: 2, name: ja["about.journey.title"] });
    expect(story).toHaveAttribute("id", "the-personal-journey");
    expect(screen.getByText(ja["about.journey.1"])).toBeInTheDocument();
    for (const key of ["about.specs", "about.architecture"] as const) expect(screen.getByRole("heading", { level: 2, name: ja[key] })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: ja["about.storage.title"] })).toBeInTheDocument();
    expect(screen.getByText(ja["about.performance.2"])).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "カートリッジの設計 の回路図（仮）：フラッシュストレージ、セキュアエレメント、金メッキ端子、ラベル" })).toBeInTheDocument();
    expect(screen.queryByText(/Personal Journey|Technical Specifications|Schematic placeholder/)).toBeNull();
  });

  it("marks the placeholder videos, the site's own English samples, English; on the English page they carry no lang", async () => {
    stubNetwork({ videos: [], content_translations: [] });
    const view = renderSite("/ja/youtube");
    const title = await screen.findByRole("heading", { level: 3, name: PLACEHOLDER_VIDEOS[0]!.title });
    expect(title).toHaveAttribute("lang", "en");
    expect(screen.getByText(PLACEHOLDER_VIDEOS[0]!.description)).toHaveAttribute("lang", "en");
    view.unmount();
    renderSite("/youtube");
    const english = await screen.findByRole("heading", { level: 3, name: PLACEHOLDER_VIDEOS[0]!.title });
    expect(english.closest("[lang]")).toBe(document.documentElement);
  });

  it("marks the built-in FAQ English, its heading the page's own", async () => {
    stubNetwork({ faq_entries: [] });
    renderSite("/ja/contact");
    const question = await screen.findByRole("button", { name: FAQ[0]!.question });
    expect(question.closest("[lang]")).toHaveAttribute("lang", "en");
    expect(screen.getByRole("heading", { level: 2, name: ja["contact.faqTitle"] }).closest("[lang]")).toBe(document.documentElement);
  });

  it("says the contact page's header, section titles and form in Japanese", async () => {
    stubNetwork({});
    renderSite("/ja/contact");
    await screen.findByRole("heading", { level: 1, name: ja["contact.title"] });
    expect(screen.getByText(ja["contact.lead"])).toBeInTheDocument();
    for (const key of ["contact.formTitle", "contact.officeTitle", "contact.faqTitle"] as const) expect(screen.getByRole("heading", { level: 2, name: ja[key] })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: ja["contact.message"] })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: ja["contact.send"] })).toBeInTheDocument();
  });

  it("says the gallery page's own words in Japanese, its English samples marked English but their labels not", async () => {
    stubNetwork({ interface_previews: [], cartridge_models: [] });
    renderSite("/ja/gallery");
    const cartridges = (await screen.findByRole("heading", { level: 2, name: ja["gallery.cartridges"] })).closest("section")!;
    expect(screen.getByRole("heading", { level: 1, name: ja["title:/gallery"] })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: ja["gallery.previews"] })).toBeInTheDocument();
    expect(within(cartridges).getByText(ja["gallery.comingSoon"])).toBeInTheDocument();
    const card = (await within(cartridges).findByRole("heading", { level: 3, name: "512GB Edition" })).closest("li")!;
    expect(card).toHaveAttribute("lang", "en");
    expect(within(card).getByText(ja["gallery.weight"])).toHaveAttribute("lang", "ja");
    expect(within(card).getByText("95 g").closest("[lang]")).toBe(card);
  });

  it("says a form's rule messages in Japanese", async () => {
    stubNetwork({});
    renderSite("/ja/no-such-page");
    const footer = screen.getByRole("contentinfo");
    const { default: userEvent } = await import("@testing-library/user-event");
    await userEvent.setup().click(within(footer).getByRole("button", { name: ja["newsletter.subscribe"] }));
    await within(footer).findByText(ja["form.emailRequired"]);
  });
});
