import type { RichTextDocument } from "./document.ts";

// Documents the rich-text tests share: one with every node and mark, and hostile values.

export const STORAGE_IMAGE = "https://project.supabase.co/storage/v1/object/public/media/media/board.webp";
export const VIDEO_ROW_ID = "d0000000-0000-4000-8000-000000000001";

/** Every node type and mark of the format, each once at least. */
export const EVERY_NODE: RichTextDocument = {
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "What works" }] },
    { type: "heading", attrs: { level: 3 }, content: [{ type: "text", text: "Level three" }] },
    { type: "heading", attrs: { level: 4 }, content: [{ type: "text", text: "Level four" }] },
    {
      type: "paragraph",
      content: [
        { type: "text", text: "Plain, " },
        { type: "text", text: "bold", marks: [{ type: "bold" }] },
        { type: "text", text: ", " },
        { type: "text", text: "italic", marks: [{ type: "italic" }] },
        { type: "text", text: ", " },
        { type: "text", text: "struck", marks: [{ type: "strike" }] },
        { type: "text", text: ", " },
        { type: "text", text: "a < b", marks: [{ type: "code" }] },
        { type: "hardBreak" },
        { type: "text", text: "the site", marks: [{ type: "link", attrs: { href: "https://example.com/page" } }] },
        { type: "text", text: " and " },
        { type: "text", text: "mail", marks: [{ type: "link", attrs: { href: "mailto:team@example.com", target: "_blank", rel: "noopener noreferrer nofollow", class: null } }] },
        { type: "text", text: " and " },
        { type: "text", text: "the whitepaper", marks: [{ type: "bold" }, { type: "link", attrs: { href: "/whitepaper" } }] },
        { type: "text", text: "." },
      ],
    },
    {
      type: "bulletList",
      content: [
        { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "First point" }] }] },
        {
          type: "listItem",
          content: [
            { type: "paragraph", content: [{ type: "text", text: "Second point" }] },
            { type: "orderedList", content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Nested step" }] }] }] },
          ],
        },
      ],
    },
    {
      type: "orderedList",
      attrs: { start: 3 },
      content: [
        { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Third" }] }] },
        { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Fourth" }] }] },
      ],
    },
    { type: "blockquote", content: [{ type: "paragraph", content: [{ type: "text", text: "A quoted line." }] }] },
    { type: "codeBlock", attrs: { language: "ts" }, content: [{ type: "text", text: "const x = 1 < 2;\nconsole.log(x);" }] },
    { type: "horizontalRule" },
    { type: "image", attrs: { src: STORAGE_IMAGE, alt: "The prototype board", caption: "Revision two on the bench", width: 1600, height: 900 } },
    { type: "video", attrs: { youtubeId: "dQw4w9WgXcQ", title: "First boot", thumbnail: STORAGE_IMAGE } },
    { type: "video", attrs: { videoId: VIDEO_ROW_ID, title: "Inside the pipeline" } },
    { type: "callToAction", attrs: { action: "waitlist" } },
    { type: "callToAction", attrs: { action: "discord", label: "Talk to us" } },
    { type: "callToAction", attrs: { action: "newsletter", label: null } },
  ],
};

/** The videos-table row EVERY_NODE names. */
export const VIDEO_ROWS = new Map([[VIDEO_ROW_ID, { title: "Inside the CRT Filter Pipeline", url: "https://videos.example.com/rcrt/crt-pipeline.mp4", thumbnail: STORAGE_IMAGE }]]);

/** A document of `levels` blockquotes one inside the other, built without recursion. */
export function nested(levels: number): unknown {
  let node: unknown = { type: "paragraph", content: [{ type: "text", text: "deep" }] };
  for (let level = 0; level < levels; level++) node = { type: "blockquote", content: [node] };
  return { type: "doc", content: [node] };
}

/** A paragraph of text with one link. */
export function linked(href: string): unknown {
  return { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "click", marks: [{ type: "link", attrs: { href } }] }] }] };
}

/** Hrefs that must never become a link. */
export const HOSTILE_HREFS = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "/page\u0001",
  "\u0000javascript:alert(1)",
  "&#106;avascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "//evil.example/path",
  "/\\evil.example",
  "https://exa mple.com",
  "file:///etc/passwd",
  "relative/page",
  "#top",
  "",
];
