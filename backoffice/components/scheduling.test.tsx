import { describe, expect, it, vi } from "vitest";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ResourceContextProvider } from "react-admin";
import { publicationStatus, publishingOutcome, statusLabel } from "../../shared/publishing.ts";
import { allConfigs, resourceConfig } from "../resources/index.ts";
import type { ResourceConfig } from "../resources/types.ts";
import { renderInAdmin, stubDataProvider } from "../testing/render.tsx";
import { ResourceDialog, type DialogState } from "./ResourceDialog.tsx";
import { ResourceList } from "./ResourceList.tsx";

const blog = resourceConfig("blog");
const press = resourceConfig("press");

// Scheduled publishing and draft preview in the back office: the list's status says Scheduled with
// the time, Preview asks the database for a link and opens the row's page with it, and the form's
// publishing choice writes the flag and an instant (or null).

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

/** A rich-text document of one paragraph, as the database holds content. */
const words = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });
const later = new Date(Date.now() + 86_400_000).toISOString();
const quotes = [
  { id: "q1", quote: "Drafted words", source: "Draft Weekly", logo_url: null, published: false, publish_at: null, created_at: "2026-01-03T00:00:00Z" },
  { id: "q2", quote: "Coming words", source: "Scheduled Weekly", logo_url: null, published: true, publish_at: later, created_at: "2026-01-02T00:00:00Z" },
  { id: "q3", quote: "Live words", source: "Live Weekly", logo_url: null, published: true, publish_at: null, created_at: "2026-01-01T00:00:00Z" },
];

function renderPressList(rpc = vi.fn(() => Promise.resolve({ token: "a".repeat(64), expires_at: later }))) {
  renderInAdmin(
    <ResourceContextProvider value="press">
      <ResourceList config={press} />
    </ResourceContextProvider>,
    stubDataProvider({ getList: (() => Promise.resolve({ data: quotes, total: quotes.length })) as never, rpc: rpc as never }),
  );
  return rpc;
}

describe("list status and Preview", () => {
  it("each row's status is Draft, Scheduled with its time, or Published", async () => {
    renderPressList();
    const row = async (text: string) => (await screen.findByText(text)).closest("tr")!;
    expect(within(await row("Draft Weekly")).getByText("Draft")).toBeInTheDocument();
    expect(within(await row("Scheduled Weekly")).getByText(statusLabel(publicationStatus(quotes[1]!)))).toBeInTheDocument();
    expect(statusLabel(publicationStatus(quotes[1]!))).toMatch(/^Scheduled /);
    expect(within(await row("Live Weekly")).getByText("Published")).toBeInTheDocument();
  });

  it("Preview asks for a link to the row and opens its page with it, in a tab without a handle on the back office", async () => {
    const tab = { opener: {} as unknown, location: { href: "" }, close: vi.fn() };
    const open = vi.spyOn(window, "open").mockReturnValue(tab as never);
    const rpc = renderPressList();
    await userEvent.click(within((await screen.findByText("Draft Weekly")).closest("tr")!).getByRole("button", { name: /^Preview/ }));
    await waitFor(() => expect(tab.location.href).toBe(`/?preview=${"a".repeat(64)}`));
    expect(rpc).toHaveBeenCalledWith("create_preview_link", { target_table: "press_quotes", row_id: "q1" });
    expect(open).toHaveBeenCalledWith("", "_blank");
    expect(tab.opener).toBeNull();
    open.mockRestore();
  });

  it("a refused link closes the tab and says so", async () => {
    const tab = { opener: null, location: { href: "" }, close: vi.fn() };
    const open = vi.spyOn(window, "open").mockReturnValue(tab as never);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    renderPressList(vi.fn(() => Promise.reject(new Error("Access denied. Admin privileges required."))));
    await userEvent.click(within((await screen.findByText("Live Weekly")).closest("tr")!).getByRole("button", { name: /^Preview/ }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(logged).toHaveBeenCalledWith("Error opening preview", expect.anything());
    expect(tab.location.href).toBe("");
    open.mockRestore();
    logged.mockRestore();
  });
});

// Every publishable type's form (a `publishing` field) offers the same choice: Publish immediately, or
// Schedule with its moment, which needs nothing else ticked; the form says what saving does.
const publishable = allConfigs.filter((config) => config.fields.some((field) => field.kind === "publishing"));

function openEditor(config: ResourceConfig, state: DialogState, dataProvider: ReturnType<typeof stubDataProvider>) {
  renderInAdmin(
    <ResourceContextProvider value={config.name}>
      <ResourceDialog config={config} state={state} onClose={() => {}} />
    </ResourceContextProvider>,
    dataProvider,
  );
  return screen.findByRole("dialog");
}

const outcome = (dialog: HTMLElement) => within(dialog).getByTestId("publishing-outcome");

describe("the publishing choice, in every publishable type's form", () => {
  it("covers every type that publishes", () => {
    expect(publishable.map((config) => config.name).sort()).toEqual(allConfigs.filter((config) => config.capabilities.publish).map((config) => config.name).sort());
    expect(publishable.length).toBeGreaterThanOrEqual(8);
  });

  it.each(publishable.map((config) => [config.name, config] as const))("%s: a new row stays a draft; Schedule alone shows the moment, refuses a save without one, and says when it goes live", async (_name, config) => {
    const dialog = await openEditor(config, { mode: "create" }, stubDataProvider());
    const now = await within(dialog).findByLabelText("Publish immediately");
    const schedule = within(dialog).getByLabelText("Schedule");
    expect(now).not.toBeChecked();
    expect(schedule).not.toBeChecked();
    expect(outcome(dialog)).toHaveTextContent("Stays a draft");
    expect(within(dialog).queryByLabelText("Publish at")).toBeNull();

    await userEvent.click(now);
    expect(outcome(dialog)).toHaveTextContent("Goes live when saved");

    await userEvent.click(schedule);
    expect(now).not.toBeChecked();
    expect(schedule).toBeChecked();
    expect(outcome(dialog)).toHaveTextContent("Pick when it goes live");
    const at = new Date(Date.now() + 86_400_000);
    at.setHours(16, 0, 0, 0);
    fireEvent.change(within(dialog).getByLabelText("Publish at"), { target: { value: localInput(at) } });
    expect(outcome(dialog)).toHaveTextContent(publishingOutcome("schedule", at.toISOString()));
    expect(outcome(dialog).textContent).toMatch(/^Goes live [A-Z][a-z]{2} \d{1,2}(, \d{4})?, 16:00$/);

    await userEvent.click(schedule);
    expect(outcome(dialog)).toHaveTextContent("Stays a draft");
    expect(within(dialog).queryByLabelText("Publish at")).toBeNull();
  });

  it("Schedule saves the flag with the picked instant, without Publish immediately", async () => {
    const create = vi.fn((_resource: string, { data }: { data: Record<string, unknown> }) => Promise.resolve({ data: { id: "q9", ...data } }));
    const dialog = await openEditor(press, { mode: "create" }, stubDataProvider({ create: create as never }));
    await userEvent.type(await within(dialog).findByLabelText("Quote"), "Scheduled words");
    await userEvent.type(within(dialog).getByLabelText("Source"), "Weekly");
    await userEvent.click(within(dialog).getByLabelText("Schedule"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Quote" }));
    await waitFor(() => expect(within(dialog).getByLabelText("Publish at")).toHaveAccessibleDescription("Pick when it goes live"));
    fireEvent.change(within(dialog).getByLabelText("Publish at"), { target: { value: localInput(new Date(Date.now() - 3_600_000)) } });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Quote" }));
    await waitFor(() => expect(within(dialog).getByLabelText("Publish at")).toHaveAccessibleDescription("Pick a moment ahead, or choose Publish immediately"));
    expect(create).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText("Publish at"), { target: { value: "2030-05-06T07:08" } });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Quote" }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]![1].data).toMatchObject({ published: true, publish_at: new Date(2030, 4, 6, 7, 8).toISOString() });
  });

  it("an edit opens on the row's choice: a scheduled post shows its moment; Publish immediately clears it", async () => {
    const update = vi.fn((_resource: string, { data }: { data: Record<string, unknown> }) => Promise.resolve({ data: { id: "p1", ...data } }));
    const post = { id: "p1", title: "Boot", slug: "boot", content: words("Words"), category: "hardware", milestone: null, image_url: null, read_time: "1 min read", published: true, publish_at: "2030-05-06T07:08:00.000Z", created_at: "2026-01-01T00:00:00Z" };
    const dialog = await openEditor(blog, { mode: "edit", id: "p1" }, stubDataProvider({ getOne: (() => Promise.resolve({ data: post })) as never, update: update as never }));
    expect(await within(dialog).findByLabelText("Schedule")).toBeChecked();
    expect(within(dialog).getByLabelText("Publish at")).toHaveValue(localInput(new Date(post.publish_at)));
    expect(outcome(dialog)).toHaveTextContent(publishingOutcome("schedule", post.publish_at));
    await userEvent.click(within(dialog).getByLabelText("Publish immediately"));
    expect(outcome(dialog)).toHaveTextContent("Goes live when saved");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Post" }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]![1].data).toMatchObject({ published: true, publish_at: null });
  });

  it("a draft scheduled from its edit form is saved published at the moment (no Publish button needed)", async () => {
    const update = vi.fn((_resource: string, { data }: { data: Record<string, unknown> }) => Promise.resolve({ data: { id: "q1", ...data } }));
    const dialog = await openEditor(press, { mode: "edit", id: "q1" }, stubDataProvider({ getOne: (() => Promise.resolve({ data: quotes[0] })) as never, update: update as never }));
    expect(await within(dialog).findByTestId("publishing-outcome")).toHaveTextContent("Stays a draft");
    await userEvent.click(within(dialog).getByLabelText("Schedule"));
    fireEvent.change(within(dialog).getByLabelText("Publish at"), { target: { value: "2030-05-06T07:08" } });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Quote" }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]![1].data).toMatchObject({ published: true, publish_at: new Date(2030, 4, 6, 7, 8).toISOString() });
  });

  it("the whitepaper (one version published) schedules from its edit form through the publish update, after the save", async () => {
    const version = { id: "w1", title: "RCRT Whitepaper", version: "2.0", published: false, publish_at: null, sections: [{ title: "Intro", content: words("Text"), order: 0 }], change_log: ["Initial release"], row_version: 1 };
    const update = vi.fn((_resource: string, { data }: { data: Record<string, unknown> }) => Promise.resolve({ data: { ...version, ...data, row_version: 2 } }));
    const dialog = await openEditor(resourceConfig("whitepaper"), { mode: "edit", id: "w1" }, stubDataProvider({ getOne: (() => Promise.resolve({ data: version })) as never, update: update as never }));
    await userEvent.click(await within(dialog).findByLabelText("Schedule"));
    fireEvent.change(within(dialog).getByLabelText("Publish at"), { target: { value: "2030-05-06T07:08" } });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Version" }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(2));
    expect(update.mock.calls[0]![1].data).toMatchObject({ published: false, publish_at: new Date(2030, 4, 6, 7, 8).toISOString() });
    expect(update.mock.calls[1]![1]).toMatchObject({ id: "w1", data: { published: true } });
  });
});

/** A Date as a datetime-local input's value (local time). */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
