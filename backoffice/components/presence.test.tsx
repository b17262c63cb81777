import { afterEach, describe, expect, it, vi } from "vitest";
import { act, configure, screen, waitFor, within } from "@testing-library/react";
import { ResourceContextProvider } from "react-admin";
import { resourceConfig } from "../resources/index.ts";
import { renderInAdmin, stubDataProvider } from "../testing/render.tsx";
import { PRESENCE_INTERVAL_MS } from "./presence.tsx";
import { ResourceDialog } from "./ResourceDialog.tsx";
import { ResourceList } from "./ResourceList.tsx";

const blog = resourceConfig("blog");
const press = resourceConfig("press");

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.useRealTimers();
});

// Who else is editing: the editor holds a lease on its row and names the other holders; lists name
// them on their rows. The leases themselves are the database's (tests/integration).

const quote = { id: "q1", quote: "Great device", source: "Retro Weekly", logo_url: null, published: true, row_version: 3 };
const lease = { target_table: "press_quotes", target_id: "q1" };

function rpcAnswering(answers: Record<string, unknown>) {
  return vi.fn((fn: string) => Promise.resolve(answers[fn] ?? null));
}

describe("an open editor holds the row and says who else is editing it", () => {
  it("holds on open and every 5 s, names the others, and releases on close and when the page goes away", async () => {
    // Only the heartbeat's clock is ours: it never fires on its own, however slow the machine.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const rpc = rpcAnswering({ hold_edit_lease: [{ user_id: "u2", email: "a@example.com" }, { user_id: "u3", email: "b@example.com" }] });
    const rpcKeepalive = vi.fn(() => Promise.resolve());
    const view = renderInAdmin(
      <ResourceContextProvider value="press">
        <ResourceDialog config={press} state={{ mode: "edit", id: "q1" }} onClose={() => {}} />
      </ResourceContextProvider>,
      stubDataProvider({ getOne: (() => Promise.resolve({ data: quote })) as never, rpc: rpc as never, rpcKeepalive }),
    );
    const dialog = await screen.findByRole("dialog");
    const alert = await within(dialog).findByRole("status");
    expect(alert).toHaveTextContent("a@example.com and b@example.com are editing");
    expect(rpc).toHaveBeenCalledWith("hold_edit_lease", lease);
    const holds = () => rpc.mock.calls.filter(([fn]) => fn === "hold_edit_lease").length;
    const before = holds();
    expect(PRESENCE_INTERVAL_MS).toBeLessThanOrEqual(5_000);
    await act(() => vi.advanceTimersByTimeAsync(PRESENCE_INTERVAL_MS));
    expect(holds()).toBe(before + 1);

    // Shown again after being hidden (its timers slowed down meanwhile), it asks at once.
    const hidden = vi.spyOn(document, "hidden", "get").mockReturnValue(true);
    document.dispatchEvent(new Event("visibilitychange"));
    expect(holds()).toBe(before + 1);
    hidden.mockReturnValue(false);
    document.dispatchEvent(new Event("visibilitychange"));
    expect(holds()).toBe(before + 2);
    // Whoever left meanwhile is no longer named once the answer comes.
    rpc.mockImplementation((fn: string) => Promise.resolve(fn === "hold_edit_lease" ? [{ user_id: "u2", email: "a@example.com" }] : null));
    document.dispatchEvent(new Event("visibilitychange"));
    await waitFor(() => expect(alert).toHaveTextContent(/^a@example.com is editing$/));
    hidden.mockRestore();

    window.dispatchEvent(new Event("pagehide"));
    expect(rpcKeepalive).toHaveBeenCalledWith("release_edit_lease", lease);

    view.unmount();
    expect(rpc).toHaveBeenCalledWith("release_edit_lease", lease);
    const after = holds();
    await act(() => vi.advanceTimersByTimeAsync(PRESENCE_INTERVAL_MS * 3));
    expect(holds()).toBe(after);
  });

  it("shows nothing when nobody else holds the row", async () => {
    renderInAdmin(
      <ResourceContextProvider value="press">
        <ResourceDialog config={press} state={{ mode: "edit", id: "q1" }} onClose={() => {}} />
      </ResourceContextProvider>,
      stubDataProvider({ getOne: (() => Promise.resolve({ data: quote })) as never, rpc: rpcAnswering({ hold_edit_lease: [] }) as never }),
    );
    await screen.findByDisplayValue("Great device");
    expect(screen.queryByText(/is editing|are editing/)).toBeNull();
  });
});

describe("a list names who is editing each row", () => {
  it("asks every 5 s while shown, not while the tab is hidden, and stops once the list is gone", async () => {
    // Only the heartbeat's clock is ours: it never fires on its own, however slow the machine.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const posts = [
      { id: "p1", title: "First", slug: "first", content: "Words.", category: "community", published: false, created_at: "2026-01-02T00:00:00Z", row_version: 1 },
      { id: "p2", title: "Second", slug: "second", content: "Words.", category: "community", published: false, created_at: "2026-01-02T00:00:00Z", row_version: 1 },
    ];
    const rpc = rpcAnswering({ current_editors: [{ row_id: "p2", user_id: "u2", email: "editor@example.com" }] });
    const view = renderInAdmin(
      <ResourceContextProvider value="blog">
        <ResourceList config={blog} />
      </ResourceContextProvider>,
      stubDataProvider({ getList: (() => Promise.resolve({ data: posts, total: 2 })) as never, rpc: rpc as never }),
    );
    const row = (await screen.findByText("Second")).closest("tr")!;
    await within(row).findByText("editor@example.com is editing");
    expect(within(screen.getByText("First").closest("tr")!).queryByText(/is editing/)).toBeNull();
    expect(rpc).toHaveBeenCalledWith("current_editors", { target_table: "blog_posts" });
    const polls = () => rpc.mock.calls.filter(([fn]) => fn === "current_editors").length;
    const before = polls();
    await act(() => vi.advanceTimersByTimeAsync(PRESENCE_INTERVAL_MS));
    await waitFor(() => expect(polls()).toBe(before + 1));

    // A hidden tab does not ask, and asks again as soon as it is shown.
    const hidden = vi.spyOn(document, "hidden", "get").mockReturnValue(true);
    await act(() => vi.advanceTimersByTimeAsync(PRESENCE_INTERVAL_MS * 2));
    expect(polls()).toBe(before + 1);
    hidden.mockReturnValue(false);
    document.dispatchEvent(new Event("visibilitychange"));
    expect(polls()).toBe(before + 2);
    hidden.mockRestore();

    view.unmount();
    const after = polls();
    await act(() => vi.advanceTimersByTimeAsync(PRESENCE_INTERVAL_MS * 3));
    expect(polls()).toBe(after);
  });
});
