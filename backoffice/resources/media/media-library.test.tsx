import { afterEach, describe, expect, it, vi } from "vitest";
import { configure, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import sharp from "sharp";
import { resolveApiConfig } from "../../../shared/api-config.ts";
import { authStub, renderBackOffice } from "../../testing/back-office.tsx";
import { stubDataProvider } from "../../testing/render.tsx";

// The whole admin renders in jsdom: allow for a busy machine.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const signedIn = () => authStub({ checkAuth: vi.fn(() => Promise.resolve()) });

/** A screen whose primary pointer is a finger (a phone, a tablet) or a mouse, as CSS media queries say. */
function pointer(kind: "coarse" | "fine") {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query.includes(`pointer: ${kind}`),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the Media Library is found where people look for it", () => {
  it("has its sidebar entry right after Blog Posts, and the entry opens the library", async () => {
    const router = renderBackOffice("/", signedIn());
    await screen.findByRole("heading", { name: "Dashboard", level: 1 });
    const menu = screen.getByRole("menuitem", { name: "Dashboard" }).closest("ul")!;
    const entry = await within(menu).findByRole("menuitem", { name: "Media Library" });
    const labels = within(menu).getAllByRole("menuitem").map((item) => item.textContent);
    expect(labels.indexOf("Media Library")).toBe(labels.indexOf("Blog Posts") + 1);
    await userEvent.click(entry);
    await screen.findByRole("heading", { name: "Media Library", level: 1 });
    expect(router.pathname).toBe("/media");
  });
});

describe("the Media Library's upload box speaks to the screen it is on", () => {
  it("with a mouse: drag and drop", async () => {
    pointer("fine");
    renderBackOffice("/media", signedIn());
    await screen.findByText("Drag and drop images or videos here");
    expect(screen.queryByRole("button", { name: "Choose images or videos to upload" })).toBeNull();
  });

  it("on a touch screen: a button that chooses files, and no word of dragging or dropping", async () => {
    pointer("coarse");
    renderBackOffice("/media", signedIn());
    const choose = await screen.findByRole("button", { name: "Choose images or videos to upload" });
    expect(document.body.textContent).not.toMatch(/drag|drop/i);
    const input = screen.getByTestId<HTMLInputElement>("media-file-input");
    const opened = vi.fn((event: Event) => event.preventDefault());
    input.addEventListener("click", opened);
    await userEvent.click(choose);
    expect(opened).toHaveBeenCalledOnce();
  });
});

describe("an image larger than the renderer takes", () => {
  it("is uploaded, and its line in Uploads warns that pages may not show it", async () => {
    const huge = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: "#6d28d9" } }).png().toBuffer();
    const small = await sharp({ create: { width: 60, height: 50, channels: 3, background: "#6d28d9" } }).png().toBuffer();
    const create = vi.fn((_resource: string, params: { data: unknown }) => Promise.resolve({ data: { id: String(create.mock.calls.length), ...(params.data as object) } }));
    renderBackOffice("/media", signedIn(), { dataProvider: stubDataProvider({ create: create as never, rpc: () => Promise.resolve([] as never) }) });
    await screen.findByRole("heading", { name: "Media Library", level: 1 });
    await userEvent.upload(screen.getByTestId("media-file-input"), [new File([new Uint8Array(huge)], "huge.png", { type: "image/png" }), new File([new Uint8Array(small)], "small.png", { type: "image/png" })]);
    const items = await screen.findAllByTestId("upload-item");
    const hugeItem = items.find((item) => item.textContent?.includes("huge.png"))!;
    await within(hugeItem).findByText("Done");
    expect(within(hugeItem).getByRole("status").textContent).toBe(
      "Uploaded, but at 6000 × 5000 pixels it is larger than the image renderer takes (25 megapixels, 25 MB): pages may not show it. Replace it with a smaller copy.",
    );
    const smallItem = items.find((item) => item.textContent?.includes("small.png"))!;
    await within(smallItem).findByText("Done");
    expect(within(smallItem).queryByRole("status")).toBeNull();
    expect(create).toHaveBeenCalledTimes(2);
  });
});

describe("a file of our own, stored host-relative", () => {
  it("is shown, and its URL copied, absolute on the API this back office works on", async () => {
    const stored = "/storage/v1/object/public/assets/media/board.jpg";
    const asset = { id: "m1", url: stored, filename: "board.jpg", type: "image", size: 2048, metadata: { format: "image/jpeg" }, alt_text: null, created_at: "2026-01-01T00:00:00Z" };
    const getList = vi.fn((resource: string) => Promise.resolve(resource === "media" ? { data: [asset], total: 1 } : { data: [], total: 0 }));
    const writeText = vi.fn((_text: string) => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderBackOffice("/media", signedIn(), { dataProvider: stubDataProvider({ getList: getList as never, rpc: () => Promise.resolve([] as never) }) });
    const api = resolveApiConfig(import.meta.env, () => null).url;
    const copy = await screen.findByRole("button", { name: "Copy URL of board.jpg" });
    expect(screen.getByRole("img", { name: "board.jpg" }).getAttribute("src")).toBe(`${api}${stored}`);
    await userEvent.click(copy);
    expect(writeText).toHaveBeenCalledWith(`${api}${stored}`);
  });
});
