import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpError, Notification, RecordContextProvider, ResourceContextProvider, useInput } from "react-admin";
import type { AdminDataProvider } from "../lib/data-provider.ts";
import { CONFLICT_CODE } from "../lib/row-versions.ts";
import { resourceConfig } from "../resources/index.ts";
import { moveItem } from "../resources/types.ts";
import { renderInAdmin, stubDataProvider } from "../testing/render.tsx";
import { MoveButtons } from "./MoveButtons.tsx";
import { PublishToggle } from "./PublishToggle.tsx";
import { ResourceDialog } from "./ResourceDialog.tsx";

const press = resourceConfig("press");

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  // react-admin logs every refused call; the refusals here are the point.
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

// What the editor does when the database refuses a save because someone else saved the row first
// (the refusal itself is proven against the backend in tests/integration/backoffice-providers.test.ts).

const refusal = (details: string) =>
  new HttpError("Someone else changed this item since you opened it", 400, { code: CONFLICT_CODE, message: "Someone else changed this item since you opened it", details });

const opened = { id: "q1", quote: "Great device", source: "Retro Weekly", logo_url: null, logo_alt: null, logo_decorative: false, published: true, row_version: 3 };
const theirs = { ...opened, quote: "A great little device", row_version: 4 };
const twoMinutesAgo = () => new Date(Date.now() - 2 * 60_000 - 5_000).toISOString();

/** The press quote editor over a backend where someone saves the quote once it is open. */
function openEditor(update: AdminDataProvider["update"]) {
  let row: Record<string, unknown> = opened;
  const dataProvider = stubDataProvider({
    getOne: (() => Promise.resolve({ data: row })) as never,
    getList: ((resource: string) =>
      Promise.resolve(
        resource === "content_revisions"
          ? { data: [{ id: 9, table_name: "press_quotes", row_id: "q1", action: "update", before: opened, after: theirs, changed_by: "u2", changed_by_email: "editor@example.com", changed_at: twoMinutesAgo(), restored_from: null }], total: 1 }
          : { data: [], total: 0 },
      )) as never,
    update,
  });
  const onClose = vi.fn();
  renderInAdmin(
    <ResourceContextProvider value="press">
      <ResourceDialog config={press} state={{ mode: "edit", id: "q1" }} onClose={onClose} />
      <Notification />
    </ResourceContextProvider>,
    dataProvider,
  );
  return { onClose, theySave: (saved: Record<string, unknown> = theirs) => (row = saved) };
}

async function saveOverTheirs(update: AdminDataProvider["update"], saved: Record<string, unknown> = theirs) {
  const editor = openEditor(update);
  const quote = await screen.findByDisplayValue("Great device");
  await userEvent.clear(quote);
  await userEvent.type(quote, "The best device of the year");
  editor.theySave(saved);
  await userEvent.click(screen.getByRole("button", { name: "Save Quote" }));
  return { ...editor, conflict: await screen.findByRole("dialog", { name: "Someone else changed this quote" }) };
}

describe("a save refused because someone else saved first", () => {
  it("keeps what was typed, says who changed the quote and when, and shows what they changed", async () => {
    const update = vi.fn(() => Promise.reject(refusal("4")));
    const { conflict, onClose } = await saveOverTheirs(update as never);
    expect(update).toHaveBeenCalledWith("press", expect.objectContaining({ data: expect.objectContaining({ quote: "The best device of the year", row_version: 3 }) }));
    expect(conflict).toHaveTextContent("editor@example.com changed this quote 2 minutes ago");
    await waitFor(() => expect(conflict.querySelectorAll("ins")).not.toHaveLength(0));
    expect([...conflict.querySelectorAll("dt")].map((term) => term.textContent)).toEqual(["Quote"]);
    expect([...conflict.querySelectorAll("ins")].map((node) => node.textContent).join(" ")).toContain("A");
    expect(screen.getByDisplayValue("The best device of the year")).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByText(/Error saving quote/)).toBeNull();
  });

  it("Keep editing: back to the form as typed, and saving again asks again", async () => {
    const update = vi.fn(() => Promise.reject(refusal("4")));
    const { conflict, onClose } = await saveOverTheirs(update as never);
    await userEvent.click(within(conflict).getByRole("button", { name: "Keep editing" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Someone else changed this quote" })).toBeNull());
    expect(screen.getByDisplayValue("The best device of the year")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Save Quote" }));
    await screen.findByRole("dialog", { name: "Someone else changed this quote" });
    expect(update).toHaveBeenCalledTimes(2);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("Reload their version: the form shows theirs, what was typed stays listed until dismissed, and the next save starts from their version", async () => {
    const update = vi.fn((_resource: string, params: { data: Record<string, unknown> }) =>
      update.mock.calls.length === 1 ? Promise.reject(refusal("4")) : Promise.resolve({ data: { ...theirs, ...params.data } }),
    );
    const { conflict, onClose } = await saveOverTheirs(update as never);
    await userEvent.click(await within(conflict).findByRole("button", { name: "Reload their version" }));
    await screen.findByDisplayValue("A great little device");
    const unsaved = screen.getByRole("region", { name: "Your unsaved changes" });
    expect(unsaved).toHaveTextContent("Quote");
    expect(unsaved).toHaveTextContent("The best device of the year");
    expect(unsaved).not.toHaveTextContent("Source");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Someone else changed this quote" })).toBeNull());

    // Closing now would lose them: the editor asks first.
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/changes/i));
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Dismiss your unsaved changes" }));
    expect(screen.queryByRole("region", { name: "Your unsaved changes" })).toBeNull();
    await userEvent.type(screen.getByLabelText("Source"), " Extra");
    await userEvent.click(screen.getByRole("button", { name: "Save Quote" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(update).toHaveBeenLastCalledWith("press", expect.objectContaining({ data: expect.objectContaining({ quote: "A great little device", source: "Retro Weekly Extra", row_version: 4 }), previousData: expect.objectContaining({ row_version: 4 }) }));
  });

  it("Overwrite with mine: the typed values are written over their version, and the editor closes", async () => {
    const update = vi.fn((_resource: string, params: { data: Record<string, unknown> }) =>
      update.mock.calls.length === 1 ? Promise.reject(refusal("4")) : Promise.resolve({ data: { ...theirs, ...params.data } }),
    );
    const { conflict, onClose } = await saveOverTheirs(update as never);
    await userEvent.click(await within(conflict).findByRole("button", { name: "Overwrite with mine" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(update).toHaveBeenCalledTimes(2);
    expect(update).toHaveBeenLastCalledWith("press", expect.objectContaining({ data: expect.objectContaining({ quote: "The best device of the year", row_version: 4 }), previousData: expect.objectContaining({ row_version: 4 }) }));
    await screen.findByText("Saved");
  });

  it("Overwrite with mine writes only the fields I changed over their latest row: what they changed elsewhere stays", async () => {
    const theirSource = { ...opened, source: "Retro Monthly", published: false, row_version: 4 };
    const update = vi.fn((_resource: string, params: { data: Record<string, unknown> }) =>
      update.mock.calls.length === 1 ? Promise.reject(refusal("4")) : Promise.resolve({ data: { ...theirSource, ...params.data } }),
    );
    const { conflict, onClose } = await saveOverTheirs(update as never, theirSource);
    await within(conflict).findByText("Overwrite with mine saves only the fields you changed; their changes to other fields stay.");
    expect(within(conflict).queryByRole("radiogroup")).toBeNull();
    await userEvent.click(within(conflict).getByRole("button", { name: "Overwrite with mine" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // Their source and publish state are not written back: the update names my field alone, at their version.
    expect(update).toHaveBeenLastCalledWith("press", expect.objectContaining({ data: { quote: "The best device of the year", row_version: 4 }, previousData: theirSource }));
  });

  it("a field we both changed: both versions side by side, and the save keeps the one chosen per field", async () => {
    const theirBoth = { ...opened, quote: "A great little device", source: "Retro Monthly", row_version: 4 };
    const update = vi.fn((_resource: string, params: { data: Record<string, unknown> }) =>
      update.mock.calls.length === 1 ? Promise.reject(refusal("4")) : Promise.resolve({ data: { ...theirBoth, ...params.data } }),
    );
    const editor = openEditor(update as never);
    const quote = await screen.findByDisplayValue("Great device");
    await userEvent.clear(quote);
    await userEvent.type(quote, "The best device of the year");
    await userEvent.clear(screen.getByLabelText("Source"));
    await userEvent.type(screen.getByLabelText("Source"), "Retro Daily");
    editor.theySave(theirBoth);
    await userEvent.click(screen.getByRole("button", { name: "Save Quote" }));
    const conflict = await screen.findByRole("dialog", { name: "Someone else changed this quote" });

    await within(conflict).findByRole("heading", { name: "Changed by both of you" });
    const groups = within(conflict).getAllByRole("radiogroup");
    expect(groups).toHaveLength(2);
    expect(groups[0]).toHaveAccessibleName("Quote");
    expect(groups[1]).toHaveAccessibleName("Source");
    const quoteChoice = within(conflict).getByRole("radiogroup", { name: "Quote" });
    const theirsQuote = within(quoteChoice).getByRole("radio", { name: "Theirs" });
    const mineQuote = within(quoteChoice).getByRole("radio", { name: "Mine" });
    expect(theirsQuote).toHaveAccessibleDescription("A great little device");
    expect(mineQuote).toHaveAccessibleDescription("The best device of the year");
    expect(mineQuote).toBeChecked();

    // By keyboard: the quote becomes theirs; the source stays mine.
    mineQuote.focus();
    await userEvent.keyboard("{ArrowLeft}");
    expect(theirsQuote).toBeChecked();
    expect(within(within(conflict).getByRole("radiogroup", { name: "Source" })).getByRole("radio", { name: "Mine" })).toBeChecked();

    await userEvent.click(within(conflict).getByRole("button", { name: "Overwrite with mine" }));
    await waitFor(() => expect(editor.onClose).toHaveBeenCalled());
    expect(update).toHaveBeenLastCalledWith("press", expect.objectContaining({ data: { source: "Retro Daily", row_version: 4 } }));
  });

  it("keeping theirs for every field I changed writes nothing: their row already is what was chosen", async () => {
    const update = vi.fn(() => Promise.reject(refusal("4")));
    const { conflict, onClose } = await saveOverTheirs(update as never);
    const quoteChoice = await within(conflict).findByRole("radiogroup", { name: "Quote" });
    await userEvent.click(within(quoteChoice).getByRole("radio", { name: "Theirs" }));
    await userEvent.click(within(conflict).getByRole("button", { name: "Overwrite with mine" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(update).toHaveBeenCalledTimes(1);
  });

  it("changed again while the dialog is open: the refused overwrite shows their newest version, and the next one is written over it", async () => {
    const again = { ...theirs, quote: "Simply the best", source: "Retro Monthly", row_version: 5 };
    let theySaveAgain = () => {};
    const update = vi.fn((_resource: string, params: { data: Record<string, unknown> }) => {
      if (update.mock.calls.length === 1) return Promise.reject(refusal("4"));
      if (update.mock.calls.length === 2) {
        theySaveAgain();
        return Promise.reject(refusal("5"));
      }
      return Promise.resolve({ data: { ...again, ...params.data } });
    });
    const { conflict, onClose, theySave } = await saveOverTheirs(update as never);
    theySaveAgain = () => theySave(again);
    await within(conflict).findByRole("radiogroup", { name: "Quote" });
    await userEvent.click(within(conflict).getByRole("button", { name: "Overwrite with mine" }));

    await within(conflict).findByText("The quote was changed again before your overwrite. This is their newest version: check your choices, then overwrite again.");
    const newest = await within(conflict).findByRole("radiogroup", { name: "Quote" });
    expect(within(newest).getByRole("radio", { name: "Theirs" })).toHaveAccessibleDescription("Simply the best");
    expect(within(newest).getByRole("radio", { name: "Mine" })).toBeChecked();
    expect(onClose).not.toHaveBeenCalled();
    expect(update).toHaveBeenCalledTimes(2);

    await userEvent.click(within(conflict).getByRole("button", { name: "Overwrite with mine" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // Their newest source stays: only my quote is written, at their newest version.
    expect(update).toHaveBeenLastCalledWith("press", expect.objectContaining({ data: { quote: "The best device of the year", row_version: 5 }, previousData: again }));
  });
});

describe("a conflict over a rich text", () => {
  const paragraph = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
  const doc = (...texts: string[]) => ({ type: "doc", content: texts.map(paragraph) });
  const post = { id: "p1", title: "Launch", content: doc("Cartridges ship in spring."), read_time: "1 min read", published: true, row_version: 3 };

  /** A document field's input as an editor makes its changes: a new document per change (here, one button). */
  function DocumentInput({ field }: { field: { source: string; label: string } }) {
    const { field: input } = useInput({ source: field.source });
    return (
      <button type="button" onClick={() => input.onChange(doc("Cartridges ship in spring, with gold contacts."))}>
        Rewrite {field.label}
      </button>
    );
  }
  const config = { ...resourceConfig("blog"), fields: [{ source: "title", label: "Title", kind: "text" as const }, { source: "content", label: "Content", kind: "custom" as const, component: DocumentInput }] };

  /** The post's editor, where I rewrite the body (and the title, when given) while they save `theirs`. */
  async function overwriteOver(theirs: Record<string, unknown>, myTitle?: string) {
    let row: Record<string, unknown> = post;
    const update = vi.fn((_resource: string, params: { data: Record<string, unknown> }) =>
      update.mock.calls.length === 1 ? Promise.reject(refusal("4")) : Promise.resolve({ data: { ...theirs, ...params.data } }),
    );
    const onClose = vi.fn();
    renderInAdmin(
      <ResourceContextProvider value="blog">
        <ResourceDialog config={config} resource="blog" state={{ mode: "edit", id: "p1" }} onClose={onClose} />
      </ResourceContextProvider>,
      stubDataProvider({ getOne: (() => Promise.resolve({ data: row })) as never, update: update as never }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Rewrite Content" }));
    if (myTitle) {
      await userEvent.clear(screen.getByLabelText("Title"));
      await userEvent.type(screen.getByLabelText("Title"), myTitle);
    }
    row = theirs;
    await userEvent.click(screen.getByRole("button", { name: "Save Post" }));
    return { update, onClose, conflict: await screen.findByRole("dialog", { name: "Someone else changed this post" }) };
  }

  it("both changed the body: both versions shown side by side as their paragraphs, never JSON; keeping theirs writes only my title", async () => {
    const theirs = { ...post, content: doc("Cartridges ship in early summer.", "Preorders open in May."), row_version: 4 };
    const { update, onClose, conflict } = await overwriteOver(theirs, "Launch day");
    const choice = await within(conflict).findByRole("radiogroup", { name: "Content" });
    expect(within(choice).getByRole("radio", { name: "Theirs" })).toHaveAccessibleDescription("Cartridges ship in early summer. Preorders open in May.");
    expect(within(choice).getByRole("radio", { name: "Mine" })).toHaveAccessibleDescription("Cartridges ship in spring, with gold contacts.");
    expect(conflict.textContent).not.toMatch(/[{}]|"type"|attrs/);
    // What they changed, as paragraphs with the words marked.
    expect([...conflict.querySelectorAll("ins")].map((node) => node.textContent)).toEqual(["early summer.", "Preorders open in May."]);

    await userEvent.click(within(choice).getByRole("radio", { name: "Theirs" }));
    await userEvent.click(within(conflict).getByRole("button", { name: "Overwrite with mine" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(update).toHaveBeenLastCalledWith("blog", expect.objectContaining({ id: "p1", data: { title: "Launch day", row_version: 4 } }));
  });

  it("they changed the title, I changed the body: my document alone is written, their title stays", async () => {
    const theirs = { ...post, title: "Their launch", row_version: 4 };
    const { update, onClose, conflict } = await overwriteOver(theirs);
    await within(conflict).findByText("Overwrite with mine saves only the fields you changed; their changes to other fields stay.");
    expect(within(conflict).queryByRole("radiogroup")).toBeNull();
    await userEvent.click(within(conflict).getByRole("button", { name: "Overwrite with mine" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(update).toHaveBeenLastCalledWith("blog", expect.objectContaining({ data: { content: doc("Cartridges ship in spring, with gold contacts."), row_version: 4 } }));
  });
});

describe("a list action refused because the row changed since the list showed it", () => {
  it.each([
    ["Publish toggle", () => <PublishToggle errorText="Error updating quote" />, /^Unpublish/],
    ["Move down", () => <MoveButtons move={moveItem("press_quotes")} errorText="Error updating question" />, /^Move down/],
  ])("%s: says so and refreshes, without an error", async (_name, Button, label) => {
    const refused = () => Promise.reject(refusal("4"));
    renderInAdmin(
      <ResourceContextProvider value="press">
        <RecordContextProvider value={opened}>
          <Button />
        </RecordContextProvider>
        <Notification />
      </ResourceContextProvider>,
      stubDataProvider({ update: refused as never, rpc: refused as never }),
    );
    await userEvent.click(screen.getByRole("button", { name: label }));
    await screen.findByText("Someone else changed this item since you opened it: the list has been refreshed");
  });
});
