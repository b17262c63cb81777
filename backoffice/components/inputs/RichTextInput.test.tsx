import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import Dialog from "@mui/material/Dialog";
import type { Editor } from "@tiptap/core";
import { Form, type CreateParams } from "react-admin";
import { useWatch } from "react-hook-form";
import { blogPostRules } from "../../../shared/content-types/blog.ts";
import { validateDocument, type RichTextDocument } from "../../../shared/rich-text/document.ts";
import { ALT_TEXT_REQUIRED } from "../../../shared/rich-text/publish-checks.ts";
import { isEmptyDocument } from "../../../shared/rich-text/rules.ts";
import { renderInAdmin, stubDataProvider } from "../../testing/render.tsx";
import { editorOf, typeInEditor } from "../../testing/rich-text.ts";
import { RichTextEditor } from "./RichTextInput.tsx";
import { BAD_LINK } from "./rich-text/Toolbar.tsx";

vi.setConfig({ testTimeout: 30_000 });

const API = "https://project.supabase.co";
const STORED_IMAGE = "/storage/v1/object/public/media/media/board.png";

/** The form's value of the field, as JSON, for assertions. */
function Value({ source = "content" }: { source?: string }) {
  return <output data-testid="value">{JSON.stringify(useWatch({ name: source }) ?? null)}</output>;
}

const valueOf = () => JSON.parse(screen.getByTestId("value").textContent ?? "null") as RichTextDocument | null;

function renderEditor({ defaultValues = {}, dataProvider = stubDataProvider(), onSubmit = vi.fn(), inDialog = false, onDialogClose = vi.fn() } = {}) {
  const form = (
    <Form defaultValues={defaultValues} onSubmit={onSubmit}>
      <RichTextEditor source="content" label="Content" validate={blogPostRules.content} rows={14} />
      <Value />
      <button type="submit">Save</button>
    </Form>
  );
  renderInAdmin(inDialog ? <Dialog open onClose={onDialogClose}>{form}</Dialog> : form, dataProvider);
  return { onSubmit, onDialogClose };
}

async function contentEditor(): Promise<{ element: HTMLElement; editor: Editor }> {
  const element = await screen.findByRole("textbox", { name: /^Content/ });
  return { element, editor: editorOf(element) };
}

const type = typeInEditor;

const text = (document: RichTextDocument | null) => JSON.stringify(document);

/** Every node of a document, depth first. */
function everyNode(node: unknown): unknown[] {
  const content = (node as { content?: unknown[] }).content ?? [];
  return [node, ...content.flatMap(everyNode)];
}

/** A key as the editor's keymap gets it (userEvent would also edit the DOM as a browser without ProseMirror does). */
const press = (element: HTMLElement, key: string, modifiers: { ctrlKey?: boolean; shiftKey?: boolean; altKey?: boolean } = {}) => fireEvent.keyDown(element, { key, ...modifiers });

describe("the rich editor", () => {
  it("writes the stored format: Markdown shortcuts make headings, lists and quotes, and the value is a valid document", async () => {
    renderEditor();
    const { element, editor } = await contentEditor();
    type(editor, "## Title");
    press(element, "Enter");
    type(editor, "- one");
    press(element, "Enter");
    type(editor, "two");
    press(element, "Enter");
    press(element, "Enter");
    type(editor, "> quoted");
    press(element, "Enter");
    press(element, "Enter");
    type(editor, "1. first");
    press(element, "Enter");
    press(element, "Enter");
    type(editor, "``` ");
    type(editor, "code");
    // StarterKit keeps an empty paragraph after a last block that is not one, to type after it.
    await waitFor(() => expect(valueOf()?.content.map((node) => node.type)).toEqual(["heading", "bulletList", "blockquote", "orderedList", "codeBlock", "paragraph"]));
    const document = valueOf()!;
    expect(document.content[0]).toEqual({ type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Title" }] });
    expect(document.content[1]).toEqual({ type: "bulletList", content: ["one", "two"].map((words) => ({ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: words }] }] })) });
    expect(validateDocument(document)).toEqual({ ok: true, document });
  });

  it("formats from the toolbar and from the keyboard; a button is pressed while its format is on", async () => {
    renderEditor();
    const { element, editor } = await contentEditor();
    const toolbar = screen.getByRole("toolbar", { name: "Content formatting" });
    const bold = within(toolbar).getByRole("button", { name: "Bold" });
    expect(bold).toHaveAttribute("aria-pressed", "false");
    expect(bold).toHaveAttribute("aria-keyshortcuts", "Control+B");
    await userEvent.click(bold);
    type(editor, "strong");
    await waitFor(() => expect(bold).toHaveAttribute("aria-pressed", "true"));
    press(element, "b", { ctrlKey: true });
    press(element, "i", { ctrlKey: true });
    type(editor, " slanted");
    await waitFor(() => expect(within(toolbar).getByRole("button", { name: "Italic" })).toHaveAttribute("aria-pressed", "true"));
    press(element, "Enter");
    await userEvent.click(within(toolbar).getByRole("button", { name: "Heading 3" }));
    type(editor, "Sub");
    await waitFor(() =>
      expect(valueOf()?.content.slice(0, 2)).toEqual([
        { type: "paragraph", content: [{ type: "text", text: "strong", marks: [{ type: "bold" }] }, { type: "text", text: " slanted", marks: [{ type: "italic" }] }] },
        { type: "heading", attrs: { level: 3 }, content: [{ type: "text", text: "Sub" }] },
      ]),
    );
    await userEvent.click(within(toolbar).getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(text(valueOf())).not.toContain("Sub"));
    await userEvent.click(within(toolbar).getByRole("button", { name: "Redo" }));
    await waitFor(() => expect(text(valueOf())).toContain("Sub"));
  });

  it("reaches every tool with Tab and works them with Enter and Space", async () => {
    renderEditor();
    const { editor } = await contentEditor();
    const toolbar = screen.getByRole("toolbar", { name: "Content formatting" });
    act(() => void editor.commands.setContent({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "word" }] }] }, { emitUpdate: true }));
    act(() => void editor.commands.selectAll());
    within(toolbar).getByRole("button", { name: "Heading 2" }).focus();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(within(toolbar).getByRole("button", { name: "Bold" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(text(valueOf())).toContain('"marks":[{"type":"bold"}]'));
    // A tool gives the focus back to the text, to go on writing.
    expect(screen.getByRole("textbox", { name: /^Content/ })).toHaveFocus();
    within(toolbar).getByRole("button", { name: "Bold" }).focus();
    await userEvent.tab();
    expect(within(toolbar).getByRole("button", { name: "Italic" })).toHaveFocus();
    await userEvent.keyboard(" ");
    await waitFor(() => expect(text(valueOf())).toContain('{"type":"italic"}'));
  });

  it("cuts a paste from Google Docs, Word or a page down to the format: no script, frame, handler or style", async () => {
    renderEditor();
    const { editor } = await contentEditor();
    const googleDocs =
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1a2b3c4d-7fff-e5f6"><h2 dir="ltr" style="line-height:1.38;margin-top:18pt"><span style="font-size:16pt;font-family:Arial;font-weight:400">Launch plan</span></h2>' +
      '<p dir="ltr" style="line-height:1.38"><span style="font-size:11pt;font-weight:700">Bold words</span><span style="font-size:11pt;font-weight:400"> and plain ones with </span><a href="https://example.com/spec" style="text-decoration:none"><span style="color:#1155cc;text-decoration:underline">a link</span></a></p>' +
      '<ul style="margin-top:0"><li dir="ltr" style="list-style-type:disc"><p dir="ltr" role="presentation"><span>Point one</span></p></li></ul></b><br class="Apple-interchange-newline">';
    const word =
      '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{mso-style-parent:"";margin:0cm}</style></head><body lang=EN-GB>' +
      '<p class=MsoNormal style="mso-margin-top-alt:auto"><b><span style="mso-bidi-font-size:11.0pt">From Word</span></b><o:p></o:p></p>' +
      '<p class=MsoListParagraphCxSpFirst style="text-indent:-18.0pt;mso-list:l0 level1 lfo1"><span style="mso-list:Ignore">·<span style="font:7.0pt">&nbsp;</span></span>Listed<o:p></o:p></p><u>underlined</u></body></html>';
    const hostile =
      '<p>Safe<script>window.pwned = 1</script></p><img src="x" onerror="window.pwned = 2"><iframe src="https://evil.example"></iframe><p><a href="javascript:alert(1)">bad link</a> <span onclick="x()" style="color:red">coloured</span></p><h1>Top</h1><img src="data:image/png;base64,AAAA" alt="inline">';
    const pasted = async (html: string) => {
      act(() => void editor.commands.clearContent(true));
      act(() => editor.view.pasteHTML(html));
      await waitFor(() => expect(isEmptyDocument(valueOf())).toBe(false));
      const document = valueOf()!;
      expect(validateDocument(document)).toEqual({ ok: true, document });
      return { nodes: everyNode(document), json: text(document) };
    };

    const fromDocs = await pasted(googleDocs);
    expect(fromDocs.nodes).toContainEqual({ type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Launch plan" }] });
    expect(fromDocs.nodes).toContainEqual({ type: "text", text: "Bold words", marks: [{ type: "bold" }] });
    // Google Docs wraps the whole paste in a <b> of normal weight: it makes nothing bold.
    expect(fromDocs.nodes).toContainEqual({ type: "text", text: " and plain ones with " });
    expect(fromDocs.nodes).toContainEqual({ type: "text", text: "a link", marks: [{ type: "link", attrs: expect.objectContaining({ href: "https://example.com/spec" }) }] });
    expect(fromDocs.nodes).toContainEqual({ type: "bulletList", content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Point one" }] }] }] });
    expect(fromDocs.json).not.toMatch(/style|docs-internal|dir/);

    const fromWord = await pasted(word);
    expect(fromWord.nodes).toContainEqual({ type: "text", text: "From Word", marks: [{ type: "bold" }] });
    expect(fromWord.json).toContain("Listed");
    expect(fromWord.json).toContain('"text":"underlined"');
    expect(fromWord.json).not.toMatch(/mso-|Mso|style|underline"/);

    const fromPage = await pasted(hostile);
    // The refused link keeps its words; the handler and style go with the span.
    expect(fromPage.nodes).toContainEqual({ type: "paragraph", content: [{ type: "text", text: "bad link coloured" }] });
    expect(fromPage.json).toContain("Top");
    expect(fromPage.json).not.toMatch(/pwned|onerror|onclick|javascript:|evil\.example|iframe|script|style|data:image|"image"/);
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it("links the selection to a checked address, says why another is refused, and removes a link", async () => {
    renderEditor();
    const { element, editor } = await contentEditor();
    type(editor, "the spec");
    act(() => void editor.commands.selectAll());
    press(element, "k", { ctrlKey: true });
    const box = await screen.findByRole("dialog", { name: "Link" });
    const address = within(box).getByRole("textbox", { name: "Link address" });
    await userEvent.type(address, "javascript:alert(1)");
    await userEvent.click(within(box).getByRole("button", { name: "Apply" }));
    expect(within(box).getByText(BAD_LINK)).toBeInTheDocument();
    expect(text(valueOf())).not.toContain("link");
    await userEvent.clear(address);
    await userEvent.type(address, "/whitepaper{Enter}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Link" })).toBeNull());
    await waitFor(() => expect(text(valueOf())).toContain('"href":"/whitepaper"'));
    // The cursor is after the link: Enter starts a new paragraph and keeps the linked words.
    expect(editor.state.selection.empty).toBe(true);
    press(element, "Enter");
    await waitFor(() => expect(valueOf()?.content).toHaveLength(2));
    expect(text(valueOf())).toContain('"text":"the spec"');
    expect(validateDocument(valueOf())).toMatchObject({ ok: true });
    act(() => void editor.commands.selectAll());
    await userEvent.click(screen.getByRole("button", { name: "Link" }));
    await userEvent.click(within(await screen.findByRole("dialog", { name: "Link" })).getByRole("button", { name: "Remove link" }));
    await waitFor(() => expect(text(valueOf())).not.toContain("href"));
  });

  it("closes the link box with Escape and leaves the record's dialog open", async () => {
    const { onDialogClose } = renderEditor({ inDialog: true });
    const { element } = await contentEditor();
    press(element, "k", { ctrlKey: true });
    const address = within(await screen.findByRole("dialog", { name: "Link" })).getByRole("textbox", { name: "Link address" });
    await waitFor(() => expect(address).toHaveFocus());
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Link" })).toBeNull());
    expect(onDialogClose).not.toHaveBeenCalled();
  });

  it("counts words and the read time under the editor", async () => {
    const words = Array.from({ length: 401 }, (_, index) => `w${index}`).join(" ");
    renderEditor({ defaultValues: { content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: words }] }] } } });
    expect(await screen.findByTestId("rich-text-count")).toHaveTextContent("401 words · 3 min read");
  });

  it("says an empty document is no content, with the content type's message", async () => {
    const { onSubmit } = renderEditor();
    const { editor } = await contentEditor();
    type(editor, "x");
    act(() => void editor.commands.clearContent(true));
    await waitFor(() => expect(valueOf()).toEqual({ type: "doc", content: [{ type: "paragraph" }] }));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Content is required");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("opens a row's Markdown from before documents as a document", async () => {
    renderEditor({ defaultValues: { content: "## Old post\n\nWith **bold**." } });
    const { editor } = await contentEditor();
    await waitFor(() => expect(editor.getJSON().content?.[0]).toEqual({ type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Old post" }] }));
  });
});

describe("blocks", () => {
  const withImage = (alt: string) => ({ type: "doc", content: [{ type: "image", attrs: { src: `${API}${STORED_IMAGE}`, alt, caption: null, width: null, height: null } }] });

  it("edits an image's alt text and caption in the block, and refuses to publish without alt text", async () => {
    const { onSubmit } = renderEditor({ defaultValues: { content: withImage(""), published: true } });
    const image = await screen.findByRole("group", { name: "Image" });
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText(ALT_TEXT_REQUIRED);
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(within(image).getByRole("textbox", { name: "Alt text" }), "The board");
    await userEvent.type(within(image).getByRole("textbox", { name: "Caption (optional)" }), "Revision two");
    await waitFor(() => expect(valueOf()?.content[0]).toEqual({ type: "image", attrs: { src: `${API}${STORED_IMAGE}`, alt: "The board", caption: "Revision two", width: null, height: null } }));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  });

  it("uploads a picture dropped on the editor through the media library and inserts it with the stored address", async () => {
    const create = vi.fn((_resource: string, _params: CreateParams) => Promise.resolve({ data: { id: "m1", url: STORED_IMAGE, filename: "board.png", type: "image", size: 4, metadata: { format: "image/png" }, alt_text: "A board", created_at: "2026-01-01T00:00:00Z" } as never }));
    renderEditor({ dataProvider: stubDataProvider({ create: create as never }) });
    const { element, editor } = await contentEditor();
    // jsdom lays nothing out, so no point of the page is a place in the text: the drop lands at the start.
    editor.view.posAtCoords = () => ({ pos: 0, inside: -1 });
    const file = new File([new Uint8Array([1, 2, 3, 4])], "board.png", { type: "image/png" });
    fireEvent.drop(element, { dataTransfer: { files: [file], types: ["Files"], getData: () => "" }, clientX: 0, clientY: 0 });
    await waitFor(() => expect(create).toHaveBeenCalledWith("media", expect.objectContaining({ data: { file } })));
    await waitFor(() => expect(text(valueOf())).toContain('"type":"image"'));
    const image = valueOf()!.content.find((node) => node.type === "image");
    // Stored as the media library stores it: host-relative, so the document serves under any API host.
    expect(image).toMatchObject({ attrs: { src: STORED_IMAGE, alt: "A board" } });
    expect(screen.getByRole("group", { name: "Image" })).toBeInTheDocument();
  });

  it("uploads a pasted screenshot the same way", async () => {
    const create = vi.fn(() => Promise.resolve({ data: { id: "m2", url: STORED_IMAGE, filename: "image.png", type: "image", size: 4, metadata: { format: "image/png" }, alt_text: null, created_at: "2026-01-01T00:00:00Z" } as never }));
    renderEditor({ dataProvider: stubDataProvider({ create: create as never }) });
    const { element } = await contentEditor();
    const screenshot = new File([new Uint8Array([1, 2, 3, 4])], "image.png", { type: "image/png" });
    fireEvent.paste(element, { clipboardData: { files: [screenshot], types: ["Files"], getData: () => "" } });
    await waitFor(() => expect(create).toHaveBeenCalledWith("media", expect.objectContaining({ data: { file: screenshot } })));
    await waitFor(() => expect(valueOf()?.content.find((node) => node.type === "image")).toMatchObject({ attrs: { alt: "" } }));
    // No alt text of its own: the block asks for one.
    expect(within(screen.getByRole("group", { name: "Image" })).getByText("Needed before publishing: what the image shows.")).toBeInTheDocument();
  });

  it("inserts a video from a YouTube address, shown by its title and never as a YouTube frame", async () => {
    renderEditor();
    await contentEditor();
    await userEvent.click(screen.getByRole("button", { name: "Insert video" }));
    const dialog = await screen.findByRole("dialog", { name: "Insert a video" });
    await userEvent.type(within(dialog).getByRole("textbox", { name: "YouTube address" }), "https://youtu.be/dQw4w9WgXcQ");
    await userEvent.type(within(dialog).getByRole("textbox", { name: /Video title/ }), "First boot");
    await userEvent.click(within(dialog).getByRole("button", { name: "Insert video" }));
    const video = await screen.findByRole("group", { name: "Video" });
    expect(within(video).getByRole("textbox", { name: /Video title/ })).toHaveValue("First boot");
    expect(document.querySelector("iframe")).toBeNull();
    await waitFor(() => expect(valueOf()?.content[0]).toEqual({ type: "video", attrs: { youtubeId: "dQw4w9WgXcQ", videoId: null, title: "First boot", thumbnail: null } }));
  });

  it("inserts a call to action after the block that is selected, and edits its label", async () => {
    renderEditor({ defaultValues: { content: withImage("The board") } });
    const { editor } = await contentEditor();
    act(() => void editor.commands.setNodeSelection(0));
    await userEvent.click(screen.getByRole("button", { name: "Insert call to action" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Join the waitlist" }));
    const card = await screen.findByRole("group", { name: "Call to action" });
    await userEvent.type(within(card).getByRole("textbox", { name: "Button label (optional)" }), "Get early access");
    await waitFor(() => expect(valueOf()?.content.slice(0, 2).map((node) => node.type)).toEqual(["image", "callToAction"]));
    await waitFor(() => expect(valueOf()?.content[1]).toEqual({ type: "callToAction", attrs: { action: "waitlist", label: "Get early access" } }));
    expect(validateDocument(valueOf())).toMatchObject({ ok: true });
  });

  it("names, before publishing, links to posts and pages of ours that are gone", async () => {
    const getList = vi.fn((resource: string) =>
      Promise.resolve({ data: resource === "blog" ? [{ id: "p1", slug: "live", published: true, publish_at: null }] : [], total: resource === "blog" ? 1 : 0 }),
    );
    const link = (href: string) => ({ type: "paragraph", content: [{ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }] });
    renderEditor({ defaultValues: { published: true, content: { type: "doc", content: [link("/updates/live"), link("/updates/gone"), link("/no-such-page")] } }, dataProvider: stubDataProvider({ getList: getList as never }) });
    const warnings = await screen.findByTestId("publish-warnings");
    await within(warnings).findByText("The link to /updates/gone goes to a post that is not published or no longer exists.");
    expect(within(warnings).getByText("The link to /no-such-page goes to no page of the site.")).toBeInTheDocument();
    expect(within(warnings).queryByText(/\/updates\/live/)).toBeNull();
    expect(getList).toHaveBeenCalledWith("blog", expect.objectContaining({ filter: { "slug@in": '("live","gone")' } }));
  });
});
