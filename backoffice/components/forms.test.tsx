import { describe, expect, it, vi } from "vitest";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Notification, ResourceContextProvider } from "react-admin";
import { resourceConfig } from "../resources/index.ts";
import type { ResourceConfig } from "../resources/types.ts";
import { renderInAdmin, stubDataProvider } from "../testing/render.tsx";
import { editorOf, typeInEditor } from "../testing/rich-text.ts";
import { ResourceDialog, type DialogState } from "./ResourceDialog.tsx";

const blog = resourceConfig("blog");
const collections = resourceConfig("collections");
const cartridgeModels = resourceConfig("cartridge_models");
const interfacePreviews = resourceConfig("interface_previews");
const press = resourceConfig("press");
const progress = resourceConfig("progress");
const videos = resourceConfig("videos");
const whitepaper = resourceConfig("whitepaper");

// The whole admin renders in jsdom: allow for a busy machine.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

function openDialog(config: ResourceConfig, state: DialogState = { mode: "create" }, dataProvider = stubDataProvider(), onClose = () => {}) {
  renderInAdmin(
    <ResourceContextProvider value={config.name}>
      <ResourceDialog config={config} state={state} onClose={onClose} />
      <Notification />
    </ResourceContextProvider>,
    dataProvider,
  );
  return screen.findByRole("dialog");
}

const emptyFormMessages: [string, ResourceConfig, string, string[]][] = [
  ["Collection", collections, "Save Collection", ["Title is required", "Description is required", "At least one feature is required", "Capacity is required"]],
  ["Video", videos, "Save Video", ["Title is required", "Description is required", "Category is required"]],
  ["Blog post", blog, "Save Post", ["Title is required", "Content is required", "Category is required"]],
  ["Gallery item (interface preview)", interfacePreviews, "Save Preview", ["Title is required", "Description is required"]],
  ["Gallery item (cartridge model)", cartridgeModels, "Save Model", ["Title is required", "Description is required"]],
  ["Stage", progress, "Save Stage", ["Name is required", "Category is required", "Order is required"]],
  ["Press quote", press, "Save Quote", ["Quote is required", "Source is required"]],
  ["Whitepaper", whitepaper, "Save Version", ["Version is required", "Section title is required", "Section content is required"]],
];

describe("validation messages of every form", () => {
  it.each(emptyFormMessages)("%s: saved empty, it shows the spec's messages and does not save", async (_name, config, saveLabel, messages) => {
    const create = vi.fn();
    const dialog = await openDialog(config, { mode: "create" }, stubDataProvider({ create }));
    await userEvent.click(await within(dialog).findByRole("button", { name: saveLabel }));
    for (const message of messages) await within(dialog).findByText(message);
    expect(create).not.toHaveBeenCalled();
  });

  it.each([
    ["Collection", "Image URL", collections, "Save Collection"],
    ["Video", "Thumbnail URL", videos, "Save Video"],
    ["Video", "Video URL", videos, "Save Video"],
    ["Blog post", "Image URL", blog, "Save Post"],
    ["Gallery item", "Image URL", interfacePreviews, "Save Preview"],
    ["Press quote", "Logo URL", press, "Save Quote"],
  ] as const)("%s: %s must be a valid URL", async (_name, label, config, saveLabel) => {
    const dialog = await openDialog(config);
    await userEvent.type(await within(dialog).findByLabelText(label), "not a url");
    await userEvent.click(within(dialog).getByRole("button", { name: saveLabel }));
    await within(dialog).findByText("Must be a valid URL");
  });

  it("Stage: progress above 100 and below 0 give the bounds messages; the slider moves in steps of 5", async () => {
    const dialog = await openDialog(progress, { mode: "create", defaults: { category: "hardware", order: 0, progress: 0 } });
    const box = await within(dialog).findByLabelText("Progress (%)");
    await userEvent.clear(box);
    await userEvent.type(box, "150");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Stage" }));
    await within(dialog).findByText("Progress cannot exceed 100");
    await userEvent.clear(box);
    await userEvent.type(box, "-5");
    await within(dialog).findByText("Progress must be at least 0");
    expect(within(dialog).getByRole("slider")).toHaveAttribute("step", "5");
  });

  it("Stage: the slider shows exactly the number typed (42 at 42), and pins to 100 for 150 with the bounds message", async () => {
    const dialog = await openDialog(progress, { mode: "create", defaults: { category: "hardware", order: 0, progress: 0 } });
    const box = await within(dialog).findByLabelText("Progress (%)");
    const slider = within(dialog).getByRole("slider");
    await userEvent.clear(box);
    await userEvent.type(box, "42");
    expect(slider).toHaveAttribute("aria-valuenow", "42");
    await userEvent.clear(box);
    await userEvent.type(box, "150");
    expect(slider).toHaveAttribute("aria-valuenow", "100");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Stage" }));
    await within(dialog).findByText("Progress cannot exceed 100");
  });

  it("Stage: ticking Completed moves progress to 100; unticking it reopens the stage at 95", async () => {
    const dialog = await openDialog(progress, { mode: "create", defaults: { category: "hardware", order: 0, progress: 40, completed: false } });
    const completed = await within(dialog).findByRole("checkbox", { name: "Completed" });
    await userEvent.click(completed);
    expect(within(dialog).getByLabelText("Progress (%)")).toHaveValue(100);
    await userEvent.click(completed);
    expect(within(dialog).getByLabelText("Progress (%)")).toHaveValue(95);
    expect(completed).not.toBeChecked();
  });

  it("a title longer than the database accepts is refused with its limit, before any call", async () => {
    const create = vi.fn();
    const dialog = await openDialog(press, { mode: "create" }, stubDataProvider({ create }));
    const source = await within(dialog).findByLabelText("Source");
    await userEvent.click(source);
    await userEvent.paste("x".repeat(201));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Quote" }));
    await within(dialog).findByText("Source must be at most 200 characters");
    expect(create).not.toHaveBeenCalled();
  });

  it("Collection: the features textarea shows the placeholder examples and starts with one empty entry", async () => {
    const dialog = await openDialog(collections);
    const features = await within(dialog).findByLabelText("Features");
    expect(features).toHaveAttribute("placeholder", "Premium Metal Shell\nGold Contacts\nLimited Edition Number");
    expect(features).toHaveValue("");
  });

  it("Whitepaper: section editors are at least 15 rows high", async () => {
    const dialog = await openDialog(whitepaper);
    // 15 lines of text at the editor's line height of 1.5.
    expect(await within(dialog).findByRole("textbox", { name: /^Section content/ })).toHaveStyle({ minHeight: "22.5em" });
  });
});

describe("save button states (collection and video forms)", () => {
  it("reads Saving... and is disabled while the save is under way, then the dialog closes", async () => {
    let finish: (value: { data: { id: string } }) => void = () => {};
    const create = vi.fn(() => new Promise<{ data: { id: string } }>((resolve) => (finish = resolve)));
    const onClose = vi.fn();
    const dialog = await openDialog(collections, { mode: "create" }, stubDataProvider({ create: create as never }), onClose);
    await userEvent.type(await within(dialog).findByLabelText("Title"), "Anime Vault");
    await userEvent.type(within(dialog).getByLabelText("Description"), "Classic anime");
    await userEvent.type(within(dialog).getByLabelText("Features"), "Artbook card{enter}{enter}Original tracks");
    await userEvent.type(within(dialog).getByLabelText("Capacity"), "128GB");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Collection" }));
    const saving = await within(dialog).findByRole("button", { name: "Saving..." });
    expect(saving).toBeDisabled();
    expect(create).toHaveBeenCalledWith(
      "collections",
      expect.objectContaining({
        data: expect.objectContaining({ title: "Anime Vault", features: ["Artbook card", "Original tracks"], capacity: "128GB", published: false }),
      }),
    );
    finish({ data: { id: "new" } });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("Video: New items are unpublished unless Publish immediately is ticked", async () => {
    const create = vi.fn(() => Promise.resolve({ data: { id: "v1" } }));
    const dialog = await openDialog(videos, { mode: "create" }, stubDataProvider({ create: create as never }));
    await userEvent.type(await within(dialog).findByLabelText("Title"), "Launch");
    await userEvent.type(within(dialog).getByLabelText("Description"), "The launch video");
    await userEvent.click(within(dialog).getByLabelText("Category"));
    await userEvent.click(await screen.findByRole("option", { name: "Tutorial" }));
    await userEvent.click(within(dialog).getByLabelText("Publish immediately"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Video" }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith("videos", expect.objectContaining({ data: expect.objectContaining({ category: "Tutorial", published: true, views: 0 }) }));
  });

  it("Whitepaper: Publish immediately creates the version unpublished, then publishes it by an update of the new row (one version is published at a time)", async () => {
    const created = { id: "w9", title: "RCRT Whitepaper", version: "9.0", published: false, row_version: 1 };
    const create = vi.fn(() => Promise.resolve({ data: created }));
    const update = vi.fn(() => Promise.resolve({ data: { ...created, published: true, row_version: 2 } }));
    const onClose = vi.fn();
    const dialog = await openDialog(whitepaper, { mode: "create" }, stubDataProvider({ create: create as never, update: update as never }), onClose);
    await userEvent.type(await within(dialog).findByLabelText("Version"), "9.0");
    await userEvent.type(within(dialog).getByLabelText("Section title"), "Alpha");
    typeInEditor(editorOf(within(dialog).getByRole("textbox", { name: /^Section content/ })), "First section");
    await userEvent.click(within(dialog).getByLabelText("Publish immediately"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Version" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith("whitepaper", expect.objectContaining({ data: expect.objectContaining({ version: "9.0", published: false }) }));
    expect(update).toHaveBeenCalledWith("whitepaper", { id: "w9", data: { published: true }, previousData: created });
  });

  it("a failed save is logged with the spec's text, shown, and the dialog stays open", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const create = vi.fn(() => Promise.reject(Object.assign(new Error("permission denied for table videos"), { status: 403 })));
    const onClose = vi.fn();
    const dialog = await openDialog(videos, { mode: "create" }, stubDataProvider({ create: create as never }), onClose);
    await userEvent.type(await within(dialog).findByLabelText("Title"), "Launch");
    await userEvent.type(within(dialog).getByLabelText("Description"), "The launch video");
    await userEvent.click(within(dialog).getByLabelText("Category"));
    await userEvent.click(await screen.findByRole("option", { name: "Hardware" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Video" }));
    // By text: the open dialog hides the rest of the page, the notification with it, from role queries.
    await screen.findByText("Error saving video: permission denied");
    expect(error).toHaveBeenCalledWith("Error saving video", expect.anything());
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByRole("button", { name: "Save Video" })).toBeEnabled();
    error.mockRestore();
  });

  it("the edit form opens prefilled", async () => {
    const getOne = vi.fn(() => Promise.resolve({ data: { id: "q1", quote: "Great device", source: "Weekly", logo_url: null, published: true } }));
    const dialog = await openDialog(press, { mode: "edit", id: "q1" }, stubDataProvider({ getOne: getOne as never }));
    await within(dialog).findByDisplayValue("Great device");
    expect(within(dialog).getByRole("heading", { name: "Edit Quote" })).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Publish immediately")).toBeChecked();
    expect(within(dialog).getByTestId("publishing-outcome")).toHaveTextContent("Live");
  });
});

describe("unsaved changes (issue 5, item 6)", () => {
  it("closing an editor with unsaved changes asks first, and keeps the dialog when the admin cancels", async () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    const onClose = vi.fn();
    const dialog = await openDialog(press, { mode: "create" }, stubDataProvider(), onClose);
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(confirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);

    await userEvent.type(within(dialog).getByLabelText("Quote"), "Half-written quote");
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/changes/i));
    expect(onClose).toHaveBeenCalledTimes(1);
    confirm.mockReturnValue(true);
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledTimes(2);
    confirm.mockRestore();
  });
});
