import { describe, expect, it, vi } from "vitest";
import { configure, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpError, Notification, ResourceContextProvider } from "react-admin";
import { ResourceList } from "../../components/ResourceList.tsx";
import { renderInAdmin, stubDataProvider } from "../../testing/render.tsx";
import whitepaper from "./index.tsx";

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

// The button's screen; the copy itself (sections, next version, one transaction) is proven against
// the database in tests/integration/database-editorial.test.ts.

const published = { id: "w1", title: "RCRT Whitepaper", version: "1.0", version_key: [1, 0], sections: [{ title: "Intro", content: "Text", order: 0 }], change_log: ["Initial release"], published: true, created_at: "2026-01-01T00:00:00Z" };
const draft = { ...published, id: "w2", version: "1.1", version_key: [1, 1], published: false, change_log: ["Initial release", "Started from version 1.0"] };

function renderWhitepaper(rpc: (fn: string, args: Record<string, unknown>) => Promise<unknown>) {
  const getOne = vi.fn((_resource: string, { id }: { id: string }) => Promise.resolve({ data: id === "w2" ? draft : published }));
  renderInAdmin(
    <ResourceContextProvider value="whitepaper">
      <ResourceList config={whitepaper} />
      <Notification />
    </ResourceContextProvider>,
    stubDataProvider({ getList: (() => Promise.resolve({ data: [published], total: 1 })) as never, getOne: getOne as never, rpc: rpc as never }),
  );
  return getOne;
}

describe("Duplicate as New Version", () => {
  it("asks duplicate_whitepaper for a draft and opens it in the editor", async () => {
    const rpc = vi.fn(() => Promise.resolve(draft));
    const getOne = renderWhitepaper(rpc);
    await userEvent.click(await screen.findByRole("button", { name: "Duplicate as New Version" }));
    expect(await screen.findByText("Version 1.1 started from the published version")).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith("duplicate_whitepaper", {});
    expect(await screen.findByRole("heading", { name: "Edit Whitepaper Version" })).toBeInTheDocument();
    expect(getOne).toHaveBeenCalledWith("whitepaper", expect.objectContaining({ id: "w2" }));
    expect(await screen.findByDisplayValue("1.1")).toBeInTheDocument();
  });

  it("says why when there is nothing to start from", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderWhitepaper(() => Promise.reject(new HttpError("There is no published whitepaper version to start from", 404)));
    await userEvent.click(await screen.findByRole("button", { name: "Duplicate as New Version" }));
    expect(await screen.findByText("Error duplicating whitepaper: There is no published whitepaper version to start from")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
