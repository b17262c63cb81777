import { describe, expect, it, vi } from "vitest";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ResourceContextProvider } from "react-admin";
import { publicationStatus, statusLabel } from "../../shared/publishing.ts";
import { resourceConfig } from "../resources/index.ts";
import { renderInAdmin, stubDataProvider } from "../testing/render.tsx";
import { ResourceDialog } from "./ResourceDialog.tsx";
import { ResourceList } from "./ResourceList.tsx";

const blog = resourceConfig("blog");
const press = resourceConfig("press");

// Scheduled publishing and draft preview in the back office: the list's status says Scheduled with
// the time, Preview asks the database for a link and opens the row's page with it, and the form's
// "Publish at" writes an instant (or null).

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

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

describe("Publish at", () => {
  it("the entered local date and time is saved as that instant", async () => {
    const update = vi.fn((_resource: string, { data }: { data: Record<string, unknown> }) => Promise.resolve({ data: { id: "p1", ...data } }));
    const post = { id: "p1", title: "Boot", slug: "boot", content: "Words", category: "hardware", milestone: null, image_url: null, read_time: "1 min read", published: true, publish_at: null, created_at: "2026-01-01T00:00:00Z" };
    renderInAdmin(
      <ResourceContextProvider value="blog">
        <ResourceDialog config={blog} state={{ mode: "edit", id: "p1" }} onClose={() => {}} />
      </ResourceContextProvider>,
      stubDataProvider({ getOne: (() => Promise.resolve({ data: post })) as never, update: update as never }),
    );
    const dialog = await screen.findByRole("dialog");
    const input = await within(dialog).findByLabelText("Publish at");
    fireEvent.change(input, { target: { value: "2030-05-06T07:08" } });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Post" }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]![1].data.publish_at).toBe(new Date(2030, 4, 6, 7, 8).toISOString());
  });
});
