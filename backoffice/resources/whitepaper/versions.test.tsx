import { describe, expect, it, vi } from "vitest";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ResourceContextProvider } from "react-admin";
import { ResourceList } from "../../components/ResourceList.tsx";
import { renderInAdmin, stubDataProvider } from "../../testing/render.tsx";
import whitepaper from "./index.tsx";
import { nextVersion, startedFrom } from "./versions.ts";

/** A rich-text document of one paragraph, as the database holds content. */
const words = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

describe("a new version's number and log", () => {
  it("is one past the highest version's last number", () => {
    expect(nextVersion("1.2")).toBe("1.3");
    expect(nextVersion("2")).toBe("3");
    expect(nextVersion("1.9")).toBe("1.10");
  });

  it("keeps the source's log and says where it started", () => {
    expect(startedFrom({ version: "1.0", change_log: ["Initial release"] })).toEqual(["Initial release", "Started from version 1.0"]);
  });
});

describe("Duplicate as New Version", () => {
  const published = { id: "w1", title: "RCRT Whitepaper", version: "1.0", version_key: [1, 0], sections: [{ title: "Intro", content: words("Text"), order: 0 }], change_log: ["Initial release"], published: true, created_at: "2026-01-01T00:00:00Z" };
  const chosen = { ...published, id: "w2", title: "Draft Paper", version: "0.9", version_key: [0, 9], published: false, sections: [{ title: "Chosen section", content: words("Chosen text"), order: 0 }] };

  it("opens the create form with the chosen row's copy under the next version, and stores nothing until Save", async () => {
    const create = vi.fn((_resource: string, params: { data: Record<string, unknown> }) => Promise.resolve({ data: { id: "w3", ...params.data } }));
    const rpc = vi.fn(() => Promise.resolve(true));
    const getList = vi.fn((_resource: string, params: { sort?: { field: string } }) =>
      Promise.resolve(params.sort?.field === "version_key" ? { data: [published], total: 2 } : { data: [published, chosen], total: 2 }),
    );
    renderInAdmin(
      <ResourceContextProvider value="whitepaper">
        <ResourceList config={whitepaper} />
      </ResourceContextProvider>,
      stubDataProvider({ getList: getList as never, create: create as never, rpc: rpc as never }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Duplicate as New Version Draft Paper v0.9" }));
    const dialog = await screen.findByRole("dialog", { name: "New Whitepaper Version" });
    await within(dialog).findByDisplayValue("1.1");
    expect(within(dialog).getByDisplayValue("Draft Paper")).toBeInTheDocument();
    expect(within(dialog).getByDisplayValue("Chosen section")).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    expect(rpc).not.toHaveBeenCalledWith("duplicate_whitepaper", expect.anything());

    await userEvent.click(within(dialog).getByRole("button", { name: "Save Version" }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenCalledWith(
      "whitepaper",
      expect.objectContaining({
        data: expect.objectContaining({ title: "Draft Paper", version: "1.1", published: false, change_log: ["Initial release", "Started from version 0.9"], sections: [{ title: "Chosen section", content: words("Chosen text"), order: 0 }] }),
      }),
    );
  });
});
