import { describe, expect, it, vi } from "vitest";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Form, ResourceContextProvider, type GetListParams } from "react-admin";
import { useWatch } from "react-hook-form";
import { renderInAdmin, stubDataProvider } from "../../testing/render.tsx";
import { MediaUrlInput, PICKER_PAGE_SIZE } from "./MediaUrlInput.tsx";

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const TOTAL = 100;
const asset = (n: number) => ({ id: `a${n}`, url: `https://cdn.example.com/media/${n}.png`, filename: `image-${n}.png`, type: "image", size: 1, metadata: { format: "image/png" }, created_at: "2026-01-01T00:00:00Z" });

function Value() {
  return <output data-testid="value">{String(useWatch({ name: "logo_url" }) ?? "")}</output>;
}

function renderPicker(overrides: Parameters<typeof stubDataProvider>[0] = {}) {
  const getList = vi.fn((_resource: string, { pagination }: GetListParams) => {
    const { page, perPage } = pagination!;
    const start = (page - 1) * perPage;
    return Promise.resolve({ data: Array.from({ length: Math.max(0, Math.min(perPage, TOTAL - start)) }, (_, i) => asset(start + i + 1)), total: TOTAL });
  });
  renderInAdmin(
    <ResourceContextProvider value="press">
      <Form>
        <MediaUrlInput field={{ source: "logo_url", label: "Logo URL", kind: "image" }} mediaType="image" />
        <Value />
      </Form>
    </ResourceContextProvider>,
    stubDataProvider({ getList: getList as never, ...overrides }),
  );
  return getList;
}

describe("the media picker", () => {
  it("shows the library a page at a time and loads more on request", async () => {
    const getList = renderPicker();
    await userEvent.click(await screen.findByRole("button", { name: "Choose Logo URL from the media library" }));
    const picker = await screen.findByRole("dialog", { name: "Choose from the media library" });
    await within(picker).findByRole("button", { name: "Use image-48.png" });
    expect(within(picker).getAllByRole("button", { name: /^Use / })).toHaveLength(PICKER_PAGE_SIZE);
    await userEvent.click(within(picker).getByRole("button", { name: `Load more (48 of ${TOTAL})` }));
    await within(picker).findByRole("button", { name: "Use image-96.png" });
    await userEvent.click(within(picker).getByRole("button", { name: `Load more (96 of ${TOTAL})` }));
    await within(picker).findByRole("button", { name: "Use image-100.png" });
    expect(within(picker).queryByRole("button", { name: /^Load more/ })).toBeNull();
    expect(getList.mock.calls.map(([, params]) => params.pagination)).toEqual([1, 2, 3].map((page) => ({ page, perPage: PICKER_PAGE_SIZE })));
  });

  it("uploads a file from inside the dialog and picks the new asset", async () => {
    const create = vi.fn(() => Promise.resolve({ data: { ...asset(999), id: "new" } }));
    renderPicker({ create: create as never });
    await userEvent.click(await screen.findByRole("button", { name: "Choose Logo URL from the media library" }));
    const picker = await screen.findByRole("dialog", { name: "Choose from the media library" });
    const file = new File([new Uint8Array([1, 2, 3])], "new-logo.png", { type: "image/png" });
    await userEvent.upload(within(picker).getByTestId("media-picker-file-input"), file);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Choose from the media library" })).toBeNull());
    expect(create).toHaveBeenCalledWith("media", expect.objectContaining({ data: { file } }));
    expect(screen.getByTestId("value").textContent).toBe("https://cdn.example.com/media/999.png");
  });
});
