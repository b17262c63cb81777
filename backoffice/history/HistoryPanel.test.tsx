import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RecordContextProvider } from "react-admin";
import type { ContentRevision, RowImage } from "../../shared/revisions.ts";
import { resourceConfig } from "../resources/index.ts";
import { renderInAdmin, stubDataProvider } from "../testing/render.tsx";
import { HistoryPanel } from "./HistoryPanel.tsx";
import { formatChangedAt } from "./revisions.ts";

// The confirmation of "Restore this version": what changes, said before it is made. What the
// database does with the choice is proven in tests/integration/database-revisions.test.ts.

const blog = resourceConfig("blog");

// The opened section scrolls itself into view, which jsdom does not do.
beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  Reflect.deleteProperty(Element.prototype, "scrollIntoView");
});

/** A rich-text document of one paragraph, as the database holds content. */
const words = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

const draft: RowImage = {
  id: "p1",
  title: "Words of the draft",
  content: words("First words."),
  category: "community",
  published: false,
  publish_at: null,
  updated_at: "2026-01-01T10:00:00+00:00",
  row_version: 1,
};
const live: RowImage = { ...draft, title: "Words of the post", content: words("Published words."), published: true, updated_at: "2026-01-02T10:00:00+00:00", row_version: 2 };

const revision = (id: number, action: ContentRevision["action"], before: RowImage | null, after: RowImage | null): ContentRevision => ({
  id,
  table_name: "blog_posts",
  row_id: "p1",
  action,
  before,
  after,
  changed_by: "u1",
  changed_by_email: "admin@example.com",
  changed_at: "2026-01-02T10:00:00+00:00",
  restored_from: null,
});

/** The History panel of a post with these revisions, newest first, and the confirmation of restoring the one at `index`. */
async function openRestore(history: ContentRevision[], index = history.length - 1) {
  const rpc = vi.fn(() => Promise.resolve(history[0]!.after as never));
  const dataProvider = stubDataProvider({ getList: () => Promise.resolve({ data: history as never[], total: history.length }), rpc });
  renderInAdmin(
    <RecordContextProvider value={{ id: "p1" }}>
      <HistoryPanel config={blog} />
    </RecordContextProvider>,
    dataProvider,
  );
  await userEvent.click(screen.getByRole("button", { name: "History" }));
  const item = (await screen.findAllByRole("listitem", { name: / by admin@example.com, / }))[index]!;
  await userEvent.click(within(item).getByRole("button", { name: "Restore this version" }));
  return { rpc, dialog: await screen.findByRole("dialog", { name: "Restore this version?" }) };
}

describe("History: Restore this version", () => {
  it("names the fields that change and keeps the publish state and schedule unless the box is ticked", async () => {
    const { rpc, dialog } = await openRestore([revision(2, "update", draft, live), revision(1, "insert", null, draft)]);
    expect(within(dialog).getByText("Fields that change: Title, Content.")).toBeInTheDocument();
    expect(within(dialog).getByText("Its publish state and schedule stay as they are: published (that version: a draft).")).toBeInTheDocument();
    const box = within(dialog).getByRole("checkbox", { name: "Also restore publish state and schedule" });
    expect(box).not.toBeChecked();

    await userEvent.click(box);
    expect(within(dialog).getByText("Its publish state and schedule change too: from published to a draft.")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Restore" }));
    await waitFor(() => expect(rpc).toHaveBeenCalledWith("restore_revision", { revision_id: 1, use_before: false, with_publishing: true }));
  });

  it("restores the content alone by default", async () => {
    const { rpc, dialog } = await openRestore([revision(2, "update", draft, live), revision(1, "insert", null, draft)]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Restore" }));
    await waitFor(() => expect(rpc).toHaveBeenCalledWith("restore_revision", { revision_id: 1, use_before: false, with_publishing: false }));
  });

  it("a version recorded before rich text, its content Markdown, is restored with that Markdown as a document", async () => {
    const beforeRichText = { ...draft, content: "## Plans\n\nFirst **words**." };
    const { rpc, dialog } = await openRestore([revision(2, "update", beforeRichText, live), revision(1, "insert", null, beforeRichText)]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Restore" }));
    const heading = { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Plans" }] };
    const paragraph = { type: "paragraph", content: [{ type: "text", text: "First " }, { type: "text", text: "words", marks: [{ type: "bold" }] }, { type: "text", text: "." }] };
    await waitFor(() =>
      expect(rpc).toHaveBeenCalledWith("restore_revision", { revision_id: 1, use_before: false, with_publishing: false, converted: { content: { type: "doc", content: [heading, paragraph] } } }),
    );
  });

  it("offers no choice when the publish state and schedule are the same in both", async () => {
    const edited = { ...draft, title: "A new title", updated_at: "2026-01-02T10:00:00+00:00", row_version: 2 };
    const { dialog } = await openRestore([revision(2, "update", draft, edited), revision(1, "insert", null, draft)]);
    expect(within(dialog).getByText("Fields that change: Title.")).toBeInTheDocument();
    expect(within(dialog).getByText("Its publish state and schedule stay as they are: a draft.")).toBeInTheDocument();
    expect(within(dialog).queryByRole("checkbox")).toBeNull();
  });

  it("says a schedule in words: scheduled for a time to come, published from one that has passed", async () => {
    const later = "2099-03-04T05:06:00+00:00";
    const earlier = "2026-01-02T03:04:00+00:00";
    const wasLive = { ...live, publish_at: earlier };
    const scheduled = { ...live, publish_at: later, row_version: 3 };
    const history = [revision(3, "update", wasLive, scheduled), revision(2, "update", draft, wasLive), revision(1, "insert", null, draft)];
    const { dialog } = await openRestore(history, 1);
    expect(within(dialog).getByText("No field changes: they already match that version.")).toBeInTheDocument();
    expect(
      within(dialog).getByText(`Its publish state and schedule stay as they are: scheduled for ${formatChangedAt(later)} (that version: published from ${formatChangedAt(earlier)}).`),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Also restore publish state and schedule" }));
    expect(
      within(dialog).getByText(`Its publish state and schedule change too: from scheduled for ${formatChangedAt(later)} to published from ${formatChangedAt(earlier)}.`),
    ).toBeInTheDocument();
  });
});

describe("History: a rich text's changes", () => {
  const paragraph = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
  const rich = (...texts: string[]) => ({ type: "doc", content: texts.map(paragraph) });

  it("are shown as its paragraphs with the words marked, never as JSON, and a restore names the field by its label", async () => {
    const first = { ...draft, content: rich("Cartridges ship in spring.", "Gold contacts on every board.") };
    const second = { ...first, content: rich("Cartridges ship in early summer.", "Gold contacts on every board.", "Preorders open in May."), updated_at: "2026-01-02T10:00:00+00:00", row_version: 2 };
    const { dialog } = await openRestore([revision(2, "update", first, second), revision(1, "insert", null, first)]);
    // The confirmation hides the panel from assistive technology while it is open.
    const edit = screen.getAllByRole("listitem", { name: / by admin@example.com, /, hidden: true })[0]!;
    expect(edit.textContent).not.toMatch(/[{}"]|attrs/);
    expect([...edit.querySelectorAll("del")].map((node) => node.textContent)).toEqual(["spring."]);
    expect([...edit.querySelectorAll("ins")].map((node) => node.textContent)).toEqual(["early summer.", "Preorders open in May."]);
    expect(within(dialog).getByText("Fields that change: Content.")).toBeInTheDocument();
  });
});
