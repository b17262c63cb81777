import { createHash } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import type { SupabaseClient } from "@supabase/supabase-js";
import { absoluteAssetUrl, storedAssetUrl } from "../../shared/images.ts";
import { openAdminSession, searchMedia, type AdminSession } from "./admin-helpers.ts";
import { restoreAfterEach } from "./support/restore.ts";
import { doc } from "../support/documents.ts";

const MB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const png = (color: string, size = 8) => sharp({ create: { width: size, height: size, channels: 3, background: color } }).png().toBuffer();

describe("back office: media library usage, replacing files, uploading from the picker, resumable uploads (Chromium, production build)", () => {
  const webUrl = inject("webUrl");
  const apiUrl = inject("apiUrl");
  let session: AdminSession;
  let page: Page;
  let admin: SupabaseClient;
  const restore = restoreAfterEach();

  beforeAll(async () => {
    session = await openAdminSession(webUrl, apiUrl);
    ({ page, admin } = session);
  });
  afterAll(() => session?.close());

  /** An asset put in the library through the API, as an upload from the library would. */
  async function libraryAsset(filename: string, bytes: Buffer): Promise<{ id: string; url: string }> {
    const path = `media/${crypto.randomUUID()}.png`;
    const { error } = await admin.storage.from("assets").upload(path, bytes, { contentType: "image/png" });
    expect(error).toBeNull();
    const url = storedAssetUrl(admin.storage.from("assets").getPublicUrl(path).data.publicUrl);
    restore.createdMedia({ url });
    const { data, error: rowError } = await admin.from("media_assets").insert({ url, filename, type: "image", size: bytes.length, metadata: { format: "image/png" } }).select("id, url").single();
    expect(rowError).toBeNull();
    return data!;
  }

  async function openLibrary(search: string) {
    await page.goto(`${webUrl}/admin/media`);
    await page.getByRole("heading", { name: "Media Library", level: 1 }).waitFor();
    await searchMedia(page, search);
  }

  it("shows where an asset is used, and names those uses before it is deleted", async () => {
    const stamp = Date.now();
    const filename = `cover-${stamp}.png`;
    const asset = await libraryAsset(filename, await png("#aa3300"));
    const title = `Post with cover ${stamp}`;
    restore.created("blog_posts", { title });
    const { error } = await admin.from("blog_posts").insert({ title, content: doc("Words."), category: "community", image_url: asset.url });
    expect(error).toBeNull();
    const unused = await libraryAsset(`unused-${stamp}.png`, await png("#00aa33"));

    await openLibrary(String(stamp));
    const card = page.getByTestId("media-card").filter({ hasText: filename });
    await card.getByText("Used in 1 place").waitFor();
    await card.getByText(`Blog Posts: ${title}`).waitFor();
    await page.getByTestId("media-card").filter({ hasText: `unused-${stamp}.png` }).getByText("Not used").waitFor();

    await card.getByRole("button", { name: "Delete" }).click();
    const warning = page.getByTestId("media-in-use-warning");
    await warning.waitFor();
    expect(await warning.textContent()).toContain("1 item uses this asset and will show a missing image once it is deleted:");
    expect(await warning.textContent()).toContain(`Blog Posts: ${title}`);
    await page.getByRole("button", { name: "Cancel" }).click();
    await warning.waitFor({ state: "detached" });

    const unusedCard = page.getByTestId("media-card").filter({ hasText: `unused-${stamp}.png` });
    await unusedCard.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByText("Are you sure you want to delete this asset?").waitFor();
    expect(await page.getByTestId("media-in-use-warning").count()).toBe(0);
    await page.getByRole("button", { name: "Delete", exact: true }).last().click();
    await unusedCard.waitFor({ state: "detached" });
    expect((await admin.from("media_assets").select("id").eq("id", unused.id)).data).toEqual([]);
  });

  it("replaces an asset's file in place: the same URL serves the new file, the card shows it", async () => {
    const stamp = Date.now();
    const filename = `replace-me-${stamp}.png`;
    const asset = await libraryAsset(filename, await png("#ff0000"));
    const replacement = await png("#0000ff", 16);

    // A search the new file's name matches too, so the card stays listed once the file is replaced.
    await openLibrary(String(stamp));
    const card = page.getByTestId("media-card").filter({ hasText: filename });
    await card.waitFor();
    await card.getByTestId("media-replace-input").setInputFiles({ name: `blue-${stamp}.png`, mimeType: "image/png", buffer: replacement });
    await page.getByText("File replaced").waitFor();
    const replacedCard = page.getByTestId("media-card").filter({ hasText: `blue-${stamp}.png` });
    await replacedCard.waitFor();
    const src = await replacedCard.locator("img").getAttribute("src");
    expect(src!.startsWith(`${absoluteAssetUrl(asset.url, apiUrl)}?v=`)).toBe(true);
    const served = Buffer.from(await (await fetch(absoluteAssetUrl(asset.url, apiUrl))).arrayBuffer());
    expect(served.equals(replacement)).toBe(true);
    const { data } = await admin.from("media_assets").select("url, filename, size").eq("id", asset.id).single();
    expect(data).toEqual({ url: asset.url, filename: `blue-${stamp}.png`, size: replacement.length });
  });

  it("uploads an image from inside the picker dialog, and picks it", async () => {
    const stamp = Date.now();
    const source = `Picker Upload Weekly ${stamp}`;
    const logo = await png("#336699", 12);
    restore.created("press_quotes", { source });
    restore.createdMedia({ filename: `picker-${stamp}.png` });
    await page.goto(`${webUrl}/admin/press`);
    await page.getByRole("button", { name: "New Quote" }).click();
    const editor = page.getByRole("dialog", { name: "New Quote" });
    await editor.getByRole("textbox", { name: "Quote" }).fill("Uploaded where it is needed.");
    await editor.getByRole("textbox", { name: "Source" }).fill(source);
    await editor.getByRole("button", { name: "Choose Logo URL from the media library" }).click();
    const picker = page.getByRole("dialog", { name: "Choose from the media library" });
    await picker.getByRole("button", { name: "Upload an image" }).waitFor();
    await picker.getByTestId("media-picker-file-input").setInputFiles({ name: `picker-${stamp}.png`, mimeType: "image/png", buffer: logo });
    await picker.waitFor({ state: "detached" });
    const url = await editor.getByRole("textbox", { name: "Logo URL" }).inputValue();
    // Host-relative: the content serves under any API host.
    expect(url).toMatch(/^\/storage\/v1\/object\/public\/assets\/media\/[0-9a-f-]+\.png$/);
    expect(Buffer.from(await (await fetch(absoluteAssetUrl(url, apiUrl))).arrayBuffer()).equals(logo)).toBe(true);
    const { data: rows } = await admin.from("media_assets").select("filename").eq("url", url);
    expect(rows).toEqual([{ filename: `picker-${stamp}.png` }]);
    await editor.getByRole("button", { name: "Save Quote" }).click();
    await editor.waitFor({ state: "detached" });
    expect((await admin.from("press_quotes").select("logo_url").eq("source", source)).data).toEqual([{ logo_url: url }]);
  });

  it("uploads a file above 6 MB resumably: a connection dropped after the first chunk resumes from the server's offset, bytes intact", async () => {
    const stamp = Date.now();
    const filename = `large-${stamp}.mp4`;
    restore.createdMedia({ filename });
    const video = Buffer.alloc(13 * MB);
    Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom")]).copy(video);
    for (let i = 12; i < video.length; i += 4) video.writeUInt32LE((i * 2654435761) >>> 0, i);

    const patches: { offset: string; outcome: "dropped" | "sent" }[] = [];
    let heads = 0;
    await page.route("**/storage/v1/upload/resumable/**", async (route) => {
      const request = route.request();
      if (request.method() === "HEAD") heads++;
      if (request.method() !== "PATCH") return route.continue();
      const offset = (await request.headerValue("upload-offset")) ?? "";
      // The second chunk's first attempt never arrives: the connection drops.
      const drop = offset === String(6 * MB) && !patches.some((patch) => patch.outcome === "dropped");
      patches.push({ offset, outcome: drop ? "dropped" : "sent" });
      return drop ? route.abort("connectionreset") : route.continue();
    });
    try {
      await page.goto(`${webUrl}/admin/media`);
      await page.getByRole("heading", { name: "Media Library", level: 1 }).waitFor();
      await page.getByTestId("media-file-input").setInputFiles({ name: filename, mimeType: "video/mp4", buffer: video });
      await page.getByTestId("upload-item").filter({ hasText: filename }).getByText("Done").waitFor({ timeout: 60_000 });
    } finally {
      await page.unroute("**/storage/v1/upload/resumable/**");
    }
    expect(patches).toEqual([
      { offset: "0", outcome: "sent" },
      { offset: String(6 * MB), outcome: "dropped" },
      { offset: String(6 * MB), outcome: "sent" },
      { offset: String(12 * MB), outcome: "sent" },
    ]);
    expect(heads).toBeGreaterThanOrEqual(1);

    const { data: rows } = await admin.from("media_assets").select("url, size, type").eq("filename", filename);
    expect(rows).toHaveLength(1);
    expect(rows![0]).toMatchObject({ size: video.length, type: "video" });
    expect(rows![0]!.url).toMatch(/^\/storage\/v1\/object\/public\/assets\/media\//);
    const stored = Buffer.from(await (await fetch(absoluteAssetUrl(rows![0]!.url, apiUrl))).arrayBuffer());
    expect(sha256(stored)).toBe(sha256(video));
  });
});
