import { describe, expect, it, vi } from "vitest";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Form, ResourceContextProvider, type GetListParams } from "react-admin";
import { useWatch } from "react-hook-form";
import { resolveApiConfig } from "../../../shared/api-config.ts";
import { resourceConfig } from "../../resources/index.ts";
import type { ResourceConfig } from "../../resources/types.ts";
import { renderInAdmin, stubDataProvider } from "../../testing/render.tsx";
import { ResourceDialog } from "../ResourceDialog.tsx";
import { MediaUrlInput, PICKER_PAGE_SIZE } from "./MediaUrlInput.tsx";

const blog = resourceConfig("blog");
const collections = resourceConfig("collections");
const cartridgeModels = resourceConfig("cartridge_models");
const interfacePreviews = resourceConfig("interface_previews");
const press = resourceConfig("press");
const videos = resourceConfig("videos");

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

const ASSET = {
  id: "m1",
  url: "http://127.0.0.1:54321/storage/v1/object/public/assets/media/board.jpg",
  filename: "board.jpg",
  type: "image",
  size: 2048,
  metadata: { format: "image/jpeg" },
  alt_text: "The prototype board on a desk",
  created_at: "2025-01-01T00:00:00Z",
};

function openCreate(
  config: ResourceConfig,
  create = vi.fn((_resource: string, { data }: { data: Record<string, unknown> }) => Promise.resolve({ data: { ...data, id: "new" } })),
  library: (typeof ASSET)[] = [ASSET],
) {
  const getList = vi.fn((resource: string, _params: GetListParams) => Promise.resolve(resource === "media" ? { data: library, total: library.length } : { data: [], total: 0 }));
  renderInAdmin(
    <ResourceContextProvider value={config.name}>
      <ResourceDialog config={config} state={{ mode: "create" }} onClose={() => {}} />
    </ResourceContextProvider>,
    stubDataProvider({ getList, create } as never),
  );
  return { create };
}

describe("alt text wherever an image is picked", () => {
  it.each([
    ["Blog post", blog, "Image URL"],
    ["Collection", collections, "Image URL"],
    ["Interface preview", interfacePreviews, "Image URL"],
    ["Cartridge model", cartridgeModels, "Image URL"],
    ["Press quote", press, "Logo URL"],
    ["Video", videos, "Thumbnail URL"],
  ] as const)("%s: the image field has an alt text and a decorative choice", async (_name, config, label) => {
    openCreate(config);
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByLabelText(label);
    expect(within(dialog).getByLabelText("Alt text")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Decorative")).toBeInTheDocument();
  });

  it("picking an asset fills the URL and the asset's alt text, which stays editable and is saved with the content", async () => {
    const user = userEvent.setup();
    const { create } = openCreate(press);
    const dialog = await screen.findByRole("dialog");
    await user.type(await within(dialog).findByLabelText("Quote"), "Great player.");
    await user.type(within(dialog).getByLabelText("Source"), "Retro Tech Weekly");
    await user.click(within(dialog).getByRole("button", { name: "Choose Logo URL from the media library" }));
    const picker = await screen.findByRole("dialog", { name: "Choose from the media library" });
    await user.click(await within(picker).findByRole("button", { name: "Use board.jpg" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Choose from the media library" })).toBeNull());
    expect(within(dialog).getByLabelText("Logo URL")).toHaveValue(ASSET.url);
    const alt = within(dialog).getByLabelText("Alt text");
    expect(alt).toHaveValue("The prototype board on a desk");
    await user.clear(alt);
    await user.type(alt, "Retro Tech Weekly wordmark");
    await user.click(within(dialog).getByRole("button", { name: "Save Quote" }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toMatchObject({ logo_url: ASSET.url, logo_alt: "Retro Tech Weekly wordmark" });
  });

  it("picking one of our own files stores its host-relative address, and shows it from the API this back office works on", async () => {
    const user = userEvent.setup();
    const stored = "/storage/v1/object/public/assets/media/board.jpg";
    const { create } = openCreate(press, undefined, [{ ...ASSET, url: stored }]);
    const dialog = await screen.findByRole("dialog");
    await user.type(await within(dialog).findByLabelText("Quote"), "Great player.");
    await user.type(within(dialog).getByLabelText("Source"), "Retro Tech Weekly");
    await user.click(within(dialog).getByRole("button", { name: "Choose Logo URL from the media library" }));
    const picker = await screen.findByRole("dialog", { name: "Choose from the media library" });
    const api = resolveApiConfig(import.meta.env, () => null).url;
    expect(within(picker).getByRole("button", { name: "Use board.jpg" }).querySelector("img")!.getAttribute("src")).toMatch(new RegExp(`^${api}/storage/v1/render/image/public/assets/media/board\\.jpg\\?`));
    await user.click(within(picker).getByRole("button", { name: "Use board.jpg" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Choose from the media library" })).toBeNull());
    const field = within(dialog).getByLabelText("Logo URL");
    expect(field).toHaveValue(stored);
    // The field's preview, beside it.
    const preview = field.closest(".MuiFormControl-root")!.parentElement!.querySelector("img");
    expect(preview?.getAttribute("src")).toMatch(new RegExp(`^${api}/storage/v1/render/image/public/assets/media/board\\.jpg\\?width=`));
    await user.click(within(dialog).getByRole("button", { name: "Save Quote" }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toMatchObject({ logo_url: stored });
  });

  it.each([
    ["a URL of this API's files (the library's Copy URL) is kept host-relative", (api: string) => `${api}/storage/v1/object/public/assets/media/board.jpg`, "/storage/v1/object/public/assets/media/board.jpg"],
    ["another project's file URL is kept as it is", () => "https://abcd.supabase.co/storage/v1/object/public/assets/x.png", "https://abcd.supabase.co/storage/v1/object/public/assets/x.png"],
  ])("pasted into an image field: %s", async (_name, pasted, saved) => {
    const user = userEvent.setup();
    const { create } = openCreate(press);
    const dialog = await screen.findByRole("dialog");
    await user.type(await within(dialog).findByLabelText("Quote"), "Great player.");
    await user.type(within(dialog).getByLabelText("Source"), "Retro Tech Weekly");
    await user.click(within(dialog).getByLabelText("Logo URL"));
    await user.paste(pasted(resolveApiConfig(import.meta.env, () => null).url));
    await user.click(within(dialog).getByRole("button", { name: "Save Quote" }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toMatchObject({ logo_url: saved });
  });

  it("decorative images save as decorative, their alt text field disabled", async () => {
    const user = userEvent.setup();
    const { create } = openCreate(press);
    const dialog = await screen.findByRole("dialog");
    await user.type(await within(dialog).findByLabelText("Quote"), "Great player.");
    await user.type(within(dialog).getByLabelText("Source"), "Retro Tech Weekly");
    await user.click(within(dialog).getByLabelText("Decorative"));
    expect(within(dialog).getByLabelText("Alt text")).toBeDisabled();
    await user.click(within(dialog).getByRole("button", { name: "Save Quote" }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toMatchObject({ logo_decorative: true });
  });

  it("alt text longer than the limit gets the length message", async () => {
    const user = userEvent.setup();
    const { create } = openCreate(press);
    const dialog = await screen.findByRole("dialog");
    await user.type(await within(dialog).findByLabelText("Quote"), "Great player.");
    await user.type(within(dialog).getByLabelText("Source"), "Retro Tech Weekly");
    await user.click(within(dialog).getByLabelText("Alt text"));
    await user.paste("x".repeat(501));
    await user.click(within(dialog).getByRole("button", { name: "Save Quote" }));
    await within(dialog).findByText("Alt text must be at most 500 characters");
    expect(create).not.toHaveBeenCalled();
  });
});
