import type { SupabaseClient } from "@supabase/supabase-js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cutAtWord } from "../../shared/cut-at-word.ts";
import type { Mark, RichTextDocument, TextNode } from "../../shared/rich-text/document.ts";
import { excerptOf, proseText } from "../../shared/rich-text/render-text.ts";
import { EVERY_NODE } from "../../shared/rich-text/test-documents.ts";
import { ADMIN, startTestBackend, type TestBackend } from "../support/backend.ts";
import { doc } from "../support/documents.ts";

// public.post_cards(): the /updates list with each post's excerpt made by the database, so the list's
// page reads no content and loads no renderer. Its excerpt must be the one the site's renderer makes
// (excerptOf: proseText cut by cutAtWord), whoever asks, for the posts they may read.

let backend: TestBackend;
let anon: SupabaseClient;
let admin: SupabaseClient;
const marker = `post-cards-${Date.now()}`;

interface Card {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  read_time: string;
  created_at: string;
}

const cards = async (client: SupabaseClient): Promise<Card[]> => {
  const { data, error } = await client.rpc("post_cards");
  expect(error).toBeNull();
  return data as Card[];
};

const text = (value: string, marks?: Mark[]): TextNode => (marks ? { type: "text", text: value, marks } : { type: "text", text: value });
/** Prose in every place a document holds it, with what is not prose around it. */
const RICH: RichTextDocument = {
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 2 }, content: [text("Boot log")] },
    { type: "paragraph", content: [text("The "), text("zephyr", [{ type: "bold" }]), text(" module"), { type: "hardBreak" }, text("boots "), text("fast", [{ type: "link", attrs: { href: "https://x.example" } }]), text(".")] },
    { type: "codeBlock", content: [text("const hidden = true;")] },
    { type: "image", attrs: { src: "https://cdn.example/a.png", alt: "Not prose", caption: "Nor this" } },
    { type: "bulletList", content: [{ type: "listItem", content: [{ type: "paragraph", content: [text("one\u00a0item")] }, { type: "blockquote", content: [{ type: "paragraph", content: [text("  quoted  <b>")] }] }] }] },
    { type: "callToAction", attrs: { action: "waitlist" } },
    { type: "paragraph", content: [text("Tom & Jerry’s — “quotes”, 5 < 6.")] },
  ],
};

beforeAll(async () => {
  backend = await startTestBackend();
  anon = backend.anon();
  admin = await backend.signIn(ADMIN.email, ADMIN.password);
  const { error } = await admin.from("blog_posts").insert([
    { title: `${marker} rich`, content: RICH, category: "development", published: true, created_at: "2030-01-03T00:00:00Z" },
    { title: `${marker} long`, content: doc(`${"cartridge ".repeat(30)}reader`), category: "hardware", published: true, created_at: "2030-01-02T00:00:00Z" },
    { title: `${marker} draft`, content: doc("Not yet."), category: "community", published: false, created_at: "2030-01-04T00:00:00Z" },
  ]);
  expect(error).toBeNull();
});
afterAll(async () => {
  await admin?.from("blog_posts").delete().like("title", `${marker}%`);
  await backend?.stop();
});

describe("post_cards()", () => {
  it("answers the published posts, newest first, as the list shows them: no content, an excerpt", async () => {
    const answer = await cards(anon);
    const posts = await anon.from("blog_posts").select("id").eq("published", true).order("created_at", { ascending: false }).order("id");
    expect(answer.map((card) => card.id)).toEqual(posts.data!.map((post) => post.id));
    expect(answer.map((card) => card.title)).not.toContain(`${marker} draft`);
    expect(Object.keys(answer[0]!).sort()).toEqual(["category", "created_at", "excerpt", "id", "image_alt", "image_decorative", "image_url", "milestone", "read_time", "slug", "title", "updated_at"]);
    // An administrator reads drafts in the back office, but the list is the published one.
    expect((await cards(admin)).map((card) => card.title)).not.toContain(`${marker} draft`);
  });

  it("makes each excerpt as the site's renderer does: the prose only, cut between words at 200 characters", async () => {
    const answer = await cards(anon);
    const rich = answer.find((card) => card.title === `${marker} rich`)!;
    expect(rich.excerpt).toBe(excerptOf(RICH, 200));
    expect(rich.excerpt).toBe("Boot log The zephyr module boots fast. one item quoted <b> Tom & Jerry’s — “quotes”, 5 < 6.");
    const long = answer.find((card) => card.title === `${marker} long`)!;
    expect(long.excerpt).toBe(excerptOf(doc(`${"cartridge ".repeat(30)}reader`), 200));
    expect(long.excerpt.endsWith("cartridge…")).toBe(true);
    // Every seeded post's excerpt too.
    const { data: seeded } = await anon.from("blog_posts").select("id,content").eq("published", true);
    for (const post of seeded!) expect(answer.find((card) => card.id === post.id)!.excerpt).toBe(excerptOf(post.content as RichTextDocument, 200));
  });

  it("reads prose and cuts it as the shared rules do, whatever the words and the length", async () => {
    const [{ prose }] = (await backend.sql<{ prose: string }>("select public.document_prose($1::jsonb) as prose", [JSON.stringify(EVERY_NODE)])) as [{ prose: string }];
    expect(prose).toBe(proseText(EVERY_NODE));
    const word = fc.stringMatching(/^[a-z,.;:–—-]{1,12}$/);
    const space = fc.constantFrom(" ", "  ", "\n", "\t", "\u00a0", " \u2003 ");
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(word, space), { minLength: 1, maxLength: 30 }), fc.integer({ min: 2, max: 120 }), async (pieces, max) => {
        const value = pieces.map(([w, s]) => w + s).join("").trim();
        const [{ cut }] = (await backend.sql<{ cut: string }>("select public.cut_at_word($1, $2) as cut", [value, max])) as [{ cut: string }];
        expect(cut).toBe(cutAtWord(value, max));
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
