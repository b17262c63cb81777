import { afterEach, describe, expect, it, vi } from "vitest";
import { configure, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminContext, HttpError, memoryStore, Notification, ResourceContextProvider, type AuthProvider } from "react-admin";
import { resourceConfig } from "../resources/index.ts";
import { stubDataProvider } from "../testing/render.tsx";
import { mayAccess } from "../auth/access.ts";
import type { Role } from "../lib/auth-provider.ts";
import type { AdminDataProvider } from "../lib/data-provider.ts";
import type { ResourceConfig } from "../resources/types.ts";
import { ResourceList } from "./ResourceList.tsx";

const blog = resourceConfig("blog");
const whitepaper = resourceConfig("whitepaper");

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.restoreAllMocks();
});

// The bulk actions' screens: selection, one confirmation, the count of what changed, failures said
// plainly. What the database does with them is proven in tests/e2e/editorial-bulk.test.ts.

const post = (id: string, title: string, published: boolean) => ({
  id,
  title,
  slug: id,
  content: "Words.",
  category: "community",
  milestone: null,
  image_url: null,
  read_time: "1 min read",
  published,
  created_at: "2026-01-02T00:00:00Z",
  row_version: 2,
});
const posts = [post("p1", "First draft", false), post("p2", "Second draft", false), post("p3", "Third draft", false), post("p4", "Live one", true)];

/** A member of this role, as react-admin's canAccess answers for them (auth/access.ts). */
function signedInAs(role: Role): AuthProvider {
  return {
    login: () => Promise.resolve(),
    logout: () => Promise.resolve(),
    checkAuth: () => Promise.resolve(),
    checkError: () => Promise.resolve(),
    getPermissions: () => Promise.resolve({ role }),
    canAccess: (request) => Promise.resolve(mayAccess(role, request)),
  };
}

function renderList(config: ResourceConfig, overrides: Partial<AdminDataProvider>, role: Role = "administrator") {
  render(
    <AdminContext dataProvider={stubDataProvider(overrides)} authProvider={signedInAs(role)} store={memoryStore()}>
      <ResourceContextProvider value={config.name}>
        <ResourceList config={config} />
        <Notification />
      </ResourceContextProvider>
    </AdminContext>,
  );
}

async function selectAll() {
  await screen.findByText("First draft");
  await userEvent.click(screen.getAllByRole("checkbox")[0]!); // the header's: the whole page
}

describe("bulk publish", () => {
  it("names each row's checkbox on the checkbox itself, not on its wrapper", async () => {
    const container = document.body;
    renderList(blog, { getList: (() => Promise.resolve({ data: posts, total: posts.length })) as never });
    await screen.findByText("First draft");
    await waitFor(() => expect(container.querySelectorAll(".RaDataTable-checkbox[aria-label]")).toHaveLength(0));
    const rows = screen.getAllByRole("checkbox").slice(1);
    expect(rows).toHaveLength(4);
    for (const box of rows) expect(box.getAttribute("aria-label")).toMatch(/select.row/i);
  });

  it("publishes the selected drafts after one confirmation, in one call with the versions the list shows, and counts what changed", async () => {
    const rpc = vi.fn((_fn: string, { items }: { items?: unknown[] }) => Promise.resolve(items?.length ?? []));
    renderList(blog, { getList: (() => Promise.resolve({ data: posts, total: posts.length })) as never, rpc: rpc as never });
    await selectAll();
    await userEvent.click(screen.getByRole("button", { name: "Publish" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Publish 4 posts?");
    expect(rpc).not.toHaveBeenCalledWith("set_published_many", expect.anything());
    await userEvent.click(within(dialog).getByRole("button", { name: "Publish" }));
    await screen.findByText("3 posts published; 1 was already published");
    expect(rpc.mock.calls.filter(([fn]) => fn === "set_published_many")).toEqual([
      ["set_published_many", { target_table: "blog_posts", items: ["p1", "p2", "p3"].map((id) => ({ id, version: 2 })), publish: true }],
    ]);
  });

  it("says what failed and why when the database refuses, and keeps the selection", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderList(blog, {
      getList: (() => Promise.resolve({ data: posts, total: posts.length })) as never,
      rpc: ((fn: string) => (fn === "set_published_many" ? Promise.reject(new HttpError("permission denied for table blog_posts", 403)) : Promise.resolve([]))) as never,
    });
    await selectAll();
    await userEvent.click(screen.getByRole("button", { name: "Unpublish" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Unpublish" }));
    await screen.findByText("0 posts unpublished; 3 were already unpublished. 1 post could not be unpublished: permission denied for table blog_posts");
    expect(console.error).toHaveBeenCalledWith("Error updating post", expect.anything());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getAllByRole("checkbox").filter((box) => (box as HTMLInputElement).checked)).toHaveLength(5);
  });

  it("refused whole when rows changed since the list showed them: says how many, changes nothing, refreshes the list", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const getList = vi.fn(() => Promise.resolve({ data: posts, total: posts.length }));
    const stale = new HttpError("Someone else changed this item since you opened it", 400, { code: "RC409", details: JSON.stringify(["p1", "p3"]) });
    renderList(blog, { getList: getList as never, rpc: ((fn: string) => (fn === "current_editors" ? Promise.resolve([]) : Promise.reject(stale))) as never });
    await selectAll();
    const reads = getList.mock.calls.length;
    await userEvent.click(screen.getByRole("button", { name: "Publish" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Publish" }));
    await screen.findByText("Someone else changed 2 posts of the selection since you opened them: nothing was changed and the list has been refreshed");
    await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(reads));
    expect(console.error).not.toHaveBeenCalledWith("Error updating post", expect.anything());
  });

  it("deletes the selection after one confirmation, in one call with the versions the list shows", async () => {
    const rpc = vi.fn((_fn: string, { items }: { items?: unknown[] }) => Promise.resolve(items?.length ?? []));
    renderList(blog, { getList: (() => Promise.resolve({ data: posts, total: posts.length })) as never, rpc: rpc as never });
    await selectAll();
    await userEvent.click(screen.getByRole("button", { name: "Delete selected" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Delete 4 posts?");
    expect(dialog).toHaveTextContent("This cannot be undone.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await screen.findByText("4 posts deleted");
    expect(rpc).toHaveBeenCalledWith("delete_many", { target_table: "blog_posts", items: ["p1", "p2", "p3", "p4"].map((id) => ({ id, version: 2 })) });
  });

  const versions = [
    { id: "w1", title: "RCRT Whitepaper", version: "1.0", version_key: [1, 0], sections: [], change_log: [], published: true, created_at: "2026-01-01T00:00:00Z", row_version: 4 },
    { id: "w2", title: "RCRT Whitepaper", version: "1.1", version_key: [1, 1], sections: [], change_log: [], published: false, created_at: "2026-01-02T00:00:00Z", row_version: 5 },
  ];

  it("offers publishing one whitepaper version at a time, as an update of the row with the version the list shows (the data provider sends it to the RPC)", async () => {
    const rpc = vi.fn(() => Promise.resolve({}));
    const update = vi.fn((_resource: string, { previousData }: { previousData: object }) => Promise.resolve({ data: { ...previousData, published: true } }));
    renderList(whitepaper, {
      getList: (() => Promise.resolve({ data: versions, total: 2 })) as never,
      getMany: ((_resource: string, { ids }: { ids: string[] }) => Promise.resolve({ data: versions.filter((row) => ids.includes(row.id)) })) as never,
      update: update as never,
      rpc: rpc as never,
    });
    await screen.findAllByText("RCRT Whitepaper");
    await userEvent.click(screen.getAllByRole("checkbox")[0]!);
    expect(screen.getByRole("button", { name: "Publish" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Delete selected" })).toBeNull();
    await userEvent.click(screen.getAllByRole("checkbox")[1]!); // the first row's: version 1.0 (published) stays selected
    await userEvent.click(screen.getAllByRole("checkbox")[1]!);
    await userEvent.click(screen.getAllByRole("checkbox")[1]!); // deselect 1.0, keep 1.1
    await userEvent.click(screen.getByRole("button", { name: "Publish" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Publish" }));
    await screen.findByText("1 version published");
    expect(update).toHaveBeenCalledWith("whitepaper", { id: "w2", data: { published: true }, previousData: versions[1] });
    expect(rpc).not.toHaveBeenCalledWith("set_published_many", expect.anything());
  });

  it("offers an editor no Publish or Unpublish on the whitepaper, in the rows or for a selection (administrators publish it)", async () => {
    renderList(whitepaper, { getList: (() => Promise.resolve({ data: versions, total: 2 })) as never }, "editor");
    await screen.findAllByText("RCRT Whitepaper");
    // Nothing to do with a selection (versions are never deleted), so rows cannot be selected.
    expect(screen.queryAllByRole("checkbox")).toHaveLength(0);
    expect(screen.queryByRole("button", { name: /^(Publish|Unpublish)/ })).toBeNull();
    expect(screen.getAllByRole("button", { name: "Edit" })).toHaveLength(2);
  });
});
