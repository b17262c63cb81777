import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { convertRichText, restStore } from "../../scripts/convert-rich-text.ts";
import { searchSources } from "../../shared/content-search.ts";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import { mediaUsageSources } from "../../shared/media-usage.ts";
import { DOCUMENT_LIMITS, validateDocument, type DocumentLimits, type RichTextDocument } from "../../shared/rich-text/document.ts";
import { markdownToDocument, plainTextToDocument } from "../../shared/rich-text/from-markdown.ts";
import { readTimeOf } from "../../shared/rich-text/render-text.ts";
import { EVERY_NODE, HOSTILE_HREFS, linked, nested, STORAGE_IMAGE } from "../../shared/rich-text/test-documents.ts";
import { ADMIN, startTestBackend, type TestBackend } from "../support/backend.ts";
import { doc } from "../support/documents.ts";

// The database's side of rich text (docs/rich-text-migration.md): post content, whitepaper sections
// and FAQ answers hold documents, checked for shape, size and emptiness; read_time, search and
// media_usage read them; and stored Markdown is converted by scripts/convert-rich-text.ts between the
// expand and the contract migrations, over REST as on a hosted project or by the local backend's
// step before the contract migration.

const SUPABASE_DIR = join(import.meta.dirname, "../../supabase");
const EXPAND = "20261129004000";
const CONTRACT = "20261129004100";

let backend: TestBackend;
let admin: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.signIn(ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await backend?.stop();
});

const post = (content: unknown, extra: Record<string, unknown> = {}) => ({ title: "Rich text", content, category: "development", ...extra });

/** The constraint a refused write names, or the error's code when it names none. */
async function refusal(write: PromiseLike<{ error: { code?: string; message: string } | null }>): Promise<string> {
  const { error } = await write;
  expect(error, "the write should be refused").not.toBeNull();
  return /constraint "([^"]+)"/.exec(error!.message)?.[1] ?? `${error!.code}: ${error!.message}`;
}

/** A document of `count` words in one paragraph. */
const words = (count: number): RichTextDocument => doc(Array.from({ length: count }, (_, index) => `word${index}`).join(" "));

describe("a document of the wrong shape or size is refused, naming what is wrong", () => {
  it("takes a document with every node and mark, as validateDocument does", async () => {
    expect(validateDocument(EVERY_NODE).ok).toBe(true);
    const { data, error } = await admin.from("blog_posts").insert(post(EVERY_NODE)).select("id, content").single();
    expect(error).toBeNull();
    expect(data!.content).toEqual(EVERY_NODE);
    await admin.from("blog_posts").delete().eq("id", data!.id);
  });

  it("refuses unknown nodes, hostile links, deep nesting and text where a document belongs (blog_posts_content_document)", async () => {
    const unknownNode = { type: "doc", content: [{ type: "script", content: [{ type: "text", text: "alert(1)" }] }] };
    const rawHtml = { type: "doc", content: [{ type: "paragraph", content: [{ type: "html", text: "<img src=x onerror=alert(1)>" }] }] };
    const unknownAttribute = { type: "doc", content: [{ type: "paragraph", attrs: { style: "color:red" }, content: [{ type: "text", text: "hi" }] }] };
    const h1 = { type: "doc", content: [{ type: "heading", attrs: { level: 1 }, content: [{ type: "text", text: "Title" }] }] };
    const pathOfTheSite = { type: "doc", content: [{ type: "image", attrs: { src: "/images/board.png", alt: "Board" } }] };
    for (const value of [unknownNode, rawHtml, unknownAttribute, h1, nested(25), pathOfTheSite, "## Markdown is no longer taken", [], 42]) {
      expect(validateDocument(value).ok).toBe(false);
      expect(await refusal(admin.from("blog_posts").insert(post(value)))).toBe("blog_posts_content_document");
    }
    // A NUL character is refused before the database (Postgres cannot store one): the others reach the check.
    for (const href of HOSTILE_HREFS.filter((candidate) => !candidate.includes("\u0000"))) {
      expect(await refusal(admin.from("blog_posts").insert(post(linked(href)))), href).toBe("blog_posts_content_document");
    }
  });

  it("refuses an empty document, as a blank text was (blog_posts_content_not_blank, faq_entries_answer_not_blank, whitepaper_sections_content_not_blank)", async () => {
    for (const empty of [{ type: "doc", content: [] }, doc(""), doc("   "), { type: "doc", content: [{ type: "horizontalRule" }] }]) {
      expect(await refusal(admin.from("blog_posts").insert(post(empty)))).toBe("blog_posts_content_not_blank");
      expect(await refusal(admin.from("faq_entries").insert({ question: "Empty?", answer: empty }))).toBe("faq_entries_answer_not_blank");
      expect(await refusal(admin.from("whitepaper").insert({ title: "W", version: "9.1", sections: [{ title: "S", content: empty, order: 0 }] }))).toBe(
        "whitepaper_sections_content_not_blank",
      );
    }
    // A picture alone says something; one of ours is stored host-relative, as image columns store it.
    const picture: RichTextDocument = { type: "doc", content: [{ type: "image", attrs: { src: "/storage/v1/object/public/media/media/board.webp", alt: "The board" } }] };
    const { data, error } = await admin.from("blog_posts").insert(post(picture)).select("id").single();
    expect(error).toBeNull();
    await admin.from("blog_posts").delete().eq("id", data!.id);
  });

  it("refuses a document over its field's size (faq_entries_answer_length) and a malformed section (whitepaper_sections_content_document)", async () => {
    const tooManyNodes = doc(...Array.from({ length: DOCUMENT_LIMITS.answer.nodes }, () => "a"));
    expect(validateDocument(tooManyNodes, DOCUMENT_LIMITS.answer).ok).toBe(false);
    expect(await refusal(admin.from("faq_entries").insert({ question: "Long?", answer: tooManyNodes }))).toBe("faq_entries_answer_length");
    const tooManyBytes = doc("x".repeat(DOCUMENT_LIMITS.answer.bytes));
    expect(validateDocument(tooManyBytes, DOCUMENT_LIMITS.answer).ok).toBe(false);
    expect(await refusal(admin.from("faq_entries").insert({ question: "Long?", answer: tooManyBytes }))).toBe("faq_entries_answer_length");
    expect(
      await refusal(admin.from("whitepaper").insert({ title: "W", version: "9.2", sections: [{ title: "S", content: linked("javascript:alert(1)"), order: 0 }] })),
    ).toBe("whitepaper_sections_content_document");
  });

  it("refuses to publish a picture without alt text; a draft may have one (blog_posts_content_image_without_alt)", async () => {
    const withoutAlt: RichTextDocument = { type: "doc", content: [doc("Look:").content[0]!, { type: "image", attrs: { src: STORAGE_IMAGE, alt: " " } }] };
    const { data: draft, error } = await admin.from("blog_posts").insert(post(withoutAlt)).select("id, row_version").single();
    expect(error).toBeNull();
    expect(await refusal(admin.from("blog_posts").update({ published: true, row_version: draft!.row_version + 1 }).eq("id", draft!.id))).toBe(
      "blog_posts_content_image_without_alt",
    );
    expect(await refusal(admin.from("blog_posts").insert(post(withoutAlt, { published: true })))).toBe("blog_posts_content_image_without_alt");
    await admin.from("blog_posts").delete().eq("id", draft!.id);

    const { data: version, error: versionError } = await admin
      .from("whitepaper")
      .insert({ title: "W", version: "9.3", sections: [{ title: "S", content: withoutAlt, order: 0 }] })
      .select("id, row_version")
      .single();
    expect(versionError).toBeNull();
    const { error: publishError } = await admin.rpc("publish_whitepaper", { whitepaper_id: version!.id, whitepaper_version: version!.row_version });
    expect(publishError?.message).toContain("whitepaper_sections_image_without_alt");
  });
});

describe("what the database derives from a document", () => {
  it("read_time counts the document's words as readTimeOf does, on the seed and on other documents", async () => {
    const seeded = await backend.sql<{ content: RichTextDocument; read_time: string }>("select content, read_time from public.blog_posts where id::text like 'b0000000-%'");
    expect(seeded).toHaveLength(4);
    for (const row of seeded) expect(row.read_time).toBe(readTimeOf(row.content));

    const others: RichTextDocument[] = [EVERY_NODE, words(200), words(201), words(401), { type: "doc", content: [{ type: "codeBlock", content: [{ type: "text", text: "a b\nc\u00a0d" }] }] }];
    for (const document of others) {
      const [row] = await backend.sql<{ read_time: string }>("select public.read_time_for($1::jsonb) as read_time", [JSON.stringify(document)]);
      expect(row!.read_time).toBe(readTimeOf(document));
    }
    expect(readTimeOf(words(401))).toBe("3 min read");

    const { data, error } = await admin.from("blog_posts").insert(post(words(401))).select("id, read_time, row_version").single();
    expect(error).toBeNull();
    expect(data!.read_time).toBe("3 min read");
    const { data: changed } = await admin.from("blog_posts").update({ content: words(10), row_version: data!.row_version + 1 }).eq("id", data!.id).select("read_time").single();
    expect(changed!.read_time).toBe("1 min read");
    await admin.from("blog_posts").delete().eq("id", data!.id);
  });

  it("search finds a document's words, never its JSON keys or node names", async () => {
    const document: RichTextDocument = {
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Quokka title" }] },
        { type: "paragraph", content: [{ type: "text", text: "A " }, { type: "text", text: "zebracorn", marks: [{ type: "bold" }] }, { type: "text", text: " appears." }] },
      ],
    };
    const { data, error } = await admin.from("blog_posts").insert(post(document, { title: "Search target" })).select("id").single();
    expect(error).toBeNull();
    const search = async (query: string) => {
      const { data: hits, error: searchError } = await admin.rpc("search_content", { query, sources: searchSources(), max_results: 100 });
      expect(searchError).toBeNull();
      return hits as { source: string; id: string; fields: Record<string, string>; snippet: string }[];
    };
    const hits = await search("zebracorn");
    expect(hits.map((hit) => hit.id)).toEqual([data!.id]);
    expect(hits[0]!.snippet).toContain("A zebracorn appears.");
    expect(hits[0]!.fields.content).toBe("Quokka title\nA zebracorn appears.");
    for (const structure of ["paragraph", "heading", "marks", "\"type\"", "level", "bold"]) expect(await search(structure), structure).toEqual([]);
    // The back office's search box filters over the API with ilike: the same words, never the JSON.
    const listed = async (pattern: string) => (await admin.from("blog_posts").select("id").ilike("content", pattern)).data?.map((row) => row.id);
    expect(await listed("%ZEBRACORN app%")).toEqual([data!.id]);
    expect(await listed("%paragraph%")).toEqual([]);
    // The seeded FAQ answers are documents, searched by their words too.
    const answers = await search("two-year limited hardware warranty");
    expect(answers.map((hit) => [hit.source, hit.fields.answer])).toEqual([
      ["faq_entries", "Every player comes with a two-year limited hardware warranty, and cartridges are covered for one year against defects."],
    ]);
    await admin.from("blog_posts").delete().eq("id", data!.id);
  });

  it("media_usage finds a picture in a post's document and in a whitepaper section", async () => {
    const url = "/storage/v1/object/public/assets/media/in-a-document.png";
    const picture: RichTextDocument = { type: "doc", content: [{ type: "image", attrs: { src: `${backend.url}${url}`, alt: "In a document", caption: "Inline" } }] };
    const { data: row } = await admin.from("blog_posts").insert(post(picture, { title: "Uses the picture" })).select("id").single();
    const { data: version } = await admin.from("whitepaper").insert({ title: "W", version: "9.4", sections: [{ title: "S", content: picture, order: 0 }] }).select("id").single();
    const { data: uses, error } = await admin.rpc("media_usage", { urls: [url], sources: mediaUsageSources(CONTENT_TABLES) });
    expect(error).toBeNull();
    expect((uses as { kind: string; id: string }[]).map((use) => use.id).sort()).toEqual([row!.id, version!.id].sort());
    await admin.from("blog_posts").delete().eq("id", row!.id);
  });
});

// Each test builds databases from the migrations and starts the local backend on them, more than
// once: 104 to over 150 s each on a machine loaded to 24 (a whole run beside two mutation runs).
describe("converting stored Markdown (scripts/convert-rich-text.ts)", { timeout: 300_000 }, () => {
  const MARKDOWN = "## Hello\n\nSome **bold** words and [a link](https://example.com).\n\n- one\n- two";
  const SECTION_MARKDOWN = "The player is built around an *FPGA*.";
  const ANSWER = "Yes.\n\nWe  ship   worldwide.";

  /** A supabase folder with the migrations before `version`, and no seed. */
  function migrationsBefore(version: string): string {
    const dir = mkdtempSync(join(tmpdir(), "rcrt-expand-"));
    cpSync(join(SUPABASE_DIR, "migrations"), join(dir, "migrations"), { recursive: true, filter: (source) => !source.endsWith(".sql") || source.split("/").pop()! < version });
    return dir;
  }
  /** A database between the two steps: the expand migration applied, not the contract one. */
  const expandedOnly = () => migrationsBefore(CONTRACT);

  const expected = (markdown: string, limits: DocumentLimits = DOCUMENT_LIMITS.content) => {
    const converted = markdownToDocument(markdown, { limits });
    if (!converted.ok) throw new Error(converted.error);
    return converted.document;
  };

  it("converts Markdown rows over REST, only once, and the contract migration then applies", async () => {
    const supabaseDir = expandedOnly();
    const dataDir = mkdtempSync(join(tmpdir(), "rcrt-convert-"));
    try {
      const before = await startTestBackend({ dataDir, supabaseDir, fresh: true });
      try {
        const service = before.service();
        // As the apps wrote them before: Markdown strings (kept as JSON strings by the expand migration).
        const { data: written, error } = await service.from("blog_posts").insert(post(MARKDOWN)).select("id, content, read_time").single();
        expect(error).toBeNull();
        expect(written!.content).toBe(MARKDOWN);
        const { data: version } = await service.from("whitepaper").insert({ title: "W", version: "1.0", sections: [{ title: "Hardware", content: SECTION_MARKDOWN, order: 0 }] }).select("id").single();
        const { data: answer } = await service.from("faq_entries").insert({ question: "Do you ship?", answer: ANSWER }).select("id").single();

        const dryRun = await convertRichText(restStore(before.url, before.serviceKey), { dryRun: true });
        expect(dryRun.map((report) => report.table)).toEqual(["blog_posts", "whitepaper", "faq_entries"]);
        expect(dryRun.flatMap((report) => report.differences)).toEqual([]);
        expect((await before.sql<{ kind: string }>("select jsonb_typeof(content) as kind from public.blog_posts"))[0]!.kind).toBe("string");

        const reports = await convertRichText(restStore(before.url, before.serviceKey));
        expect(reports.map((report) => [report.table, report.id])).toEqual([
          ["blog_posts", written!.id],
          ["whitepaper", version!.id],
          ["faq_entries", answer!.id],
        ]);
        expect(reports.find((report) => report.table === "faq_entries")!.notes).toEqual(["line breaks were shown as spaces and are kept as spaces"]);
        const [postRow] = await before.sql<{ content: unknown; read_time: string; row_version: number }>("select content, read_time, row_version from public.blog_posts");
        expect(postRow!.content).toEqual(expected(MARKDOWN));
        expect(postRow!.read_time).toBe(readTimeOf(expected(MARKDOWN)));
        const [sectionRow] = await before.sql<{ sections: unknown }>("select sections from public.whitepaper");
        expect(sectionRow!.sections).toEqual([{ title: "Hardware", content: expected(SECTION_MARKDOWN, DOCUMENT_LIMITS.sectionContent), order: 0 }]);
        const [answerRow] = await before.sql<{ answer: unknown }>("select answer from public.faq_entries");
        const plain = plainTextToDocument(ANSWER);
        expect(plain.ok && answerRow!.answer).toEqual(plain.ok && plain.document);

        // Idempotent: nothing left to convert, nothing written.
        expect(await convertRichText(restStore(before.url, before.serviceKey))).toEqual([]);
        expect((await before.sql<{ row_version: number }>("select row_version from public.blog_posts"))[0]!.row_version).toBe(postRow!.row_version);
      } finally {
        await before.stop();
      }
      const after = await startTestBackend({ dataDir, supabaseDir: SUPABASE_DIR });
      try {
        expect(await after.sql("select version from supabase_migrations.schema_migrations where version = $1", [CONTRACT])).toHaveLength(1);
        expect(await refusal(after.service().from("blog_posts").insert(post(MARKDOWN)))).toBe("blog_posts_content_document");
      } finally {
        await after.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(supabaseDir, { recursive: true, force: true });
    }
  });

  it("a data directory from before: the expand migration converts FAQ answers in SQL, the local backend the Markdown before the contract migration", async () => {
    const supabaseDir = migrationsBefore(EXPAND);
    const dataDir = mkdtempSync(join(tmpdir(), "rcrt-convert-"));
    // White space as JavaScript's \s counts it, which plainTextToDocument folds: a no-break space, a line separator.
    const answers = ["Yes.\n\n  We ship\u00a0worldwide.\u2028Soon. ", "No"];
    try {
      const before = await startTestBackend({ dataDir, supabaseDir, fresh: true });
      try {
        expect(readdirSync(join(supabaseDir, "migrations")).some((file) => file >= EXPAND)).toBe(false);
        const { error } = await before.service().from("blog_posts").insert(post(MARKDOWN));
        expect(error).toBeNull();
        const { error: answerError } = await before.service().from("faq_entries").insert(answers.map((answer, order) => ({ question: `Question ${order}?`, answer, order })));
        expect(answerError).toBeNull();
      } finally {
        await before.stop();
      }
      const lines: string[] = [];
      const after = await startTestBackend({ dataDir, supabaseDir: SUPABASE_DIR, log: (line) => lines.push(line) });
      try {
        expect((await after.sql<{ content: unknown }>("select content from public.blog_posts"))[0]!.content).toEqual(expected(MARKDOWN));
        expect(lines).toContain("[db] converted 1 rich-text row(s) from Markdown to documents");
        const stored = await after.sql<{ answer: unknown }>('select answer from public.faq_entries order by "order"');
        const converted = answers.map((answer) => plainTextToDocument(answer));
        expect(stored.map((row) => row.answer)).toEqual(converted.map((result) => result.ok && result.document));
      } finally {
        await after.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(supabaseDir, { recursive: true, force: true });
    }
  });

  it("the contract migration refuses to run while Markdown is left, naming how much", async () => {
    const supabaseDir = expandedOnly();
    const dataDir = mkdtempSync(join(tmpdir(), "rcrt-convert-"));
    try {
      const before = await startTestBackend({ dataDir, supabaseDir, fresh: true });
      try {
        await before.service().from("faq_entries").insert({ question: "Still text?", answer: "Yes." });
        const contract = readdirSync(join(SUPABASE_DIR, "migrations")).find((file) => file.startsWith(CONTRACT))!;
        await expect(before.backend.db.exec(readFileSync(join(SUPABASE_DIR, "migrations", contract), "utf8"))).rejects.toThrow(
          "Rich text is not converted yet: 0 blog posts, 0 whitepaper versions and 1 FAQ answers still hold Markdown or plain text",
        );
      } finally {
        await before.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(supabaseDir, { recursive: true, force: true });
    }
  });
});

describe("the seed", () => {
  it("stores documents that validateDocument takes, in every rich-text field", async () => {
    const posts = await backend.sql<{ content: unknown }>("select content from public.blog_posts where id::text like 'b0000000-%'");
    const versions = await backend.sql<{ sections: { content: unknown }[] }>("select sections from public.whitepaper where id::text like '70000000-%'");
    const answers = await backend.sql<{ answer: unknown }>("select answer from public.faq_entries where id::text like 'fa000000-%'");
    expect([posts.length, versions.length, answers.length]).toEqual([4, 2, 9]);
    for (const row of posts) expect(validateDocument(row.content, DOCUMENT_LIMITS.content)).toMatchObject({ ok: true });
    for (const row of versions) for (const item of row.sections) expect(validateDocument(item.content, DOCUMENT_LIMITS.sectionContent)).toMatchObject({ ok: true });
    for (const row of answers) expect(validateDocument(row.answer, DOCUMENT_LIMITS.answer)).toMatchObject({ ok: true });
  });
});
