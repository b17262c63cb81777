import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { ADMIN, searchMedia, submitLogin } from "./admin-helpers.ts";
import { openBrowser, pickOption } from "./support/browser.ts";
import { restoreAfterEach } from "./support/restore.ts";
import { nodeClient } from "../support/backend.ts";
import { tinyPng } from "../support/png.ts";

// The README's "Your first post in five minutes", step by step as it is written there: sign in,
// upload an image and give it alt text, write a draft with it as the cover, preview it, schedule it,
// publish it, send it as a newsletter, restore a version. A step the README names that the back
// office no longer offers, or that does something else, fails here.

interface Mail {
  to: string;
  subject: string;
  link: string | null;
}

describe("the README's first post in five minutes (Chromium, production build)", () => {
  const webUrl = inject("webUrl");
  const mailboxUrl = inject("mailboxUrl");
  const service = nodeClient(inject("apiUrl"), inject("serviceKey"));
  const restore = restoreAfterEach();
  const stamp = randomUUID().slice(0, 8);
  const reader = `first-post.${stamp}@example.com`;
  let browser: Awaited<ReturnType<typeof openBrowser>>;

  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await service.from("newsletter_subscribers").delete().eq("email", reader);
    await browser?.close();
  });

  async function mailTo(to: string, subject: string): Promise<Mail> {
    let found: Mail | undefined;
    await expect
      .poll(async () => (found = ((await (await fetch(mailboxUrl)).json()) as Mail[]).find((mail) => mail.to === to && mail.subject === subject)), { timeout: 20_000 })
      .toBeDefined();
    return found!;
  }

  /** The value a datetime-local input takes for `at`, in the browser's time zone (this process's). */
  const localInput = (at: Date) => new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

  it("signs in, uploads an image, writes, previews, schedules, publishes, sends and restores, as the README says", async () => {
    const filename = `first-cover-${stamp}.png`;
    const title = `My first post ${stamp}`;
    const slug = `my-first-post-${stamp}`;
    restore.createdMedia({ filename });
    restore.created("blog_posts", { slug });
    const page: Page = await browser.context.newPage();
    const row = () => page.locator("tbody tr").filter({ hasText: `/updates/${slug}` });
    const outcome = (dialog: ReturnType<Page["getByRole"]>) => dialog.getByTestId("publishing-outcome");

    // 1. Sign in.
    await page.goto(`${webUrl}/admin`);
    await submitLogin(page, webUrl, ADMIN.email, ADMIN.password);
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();

    // 2. Upload an image; give it alt text.
    await page.getByRole("menuitem", { name: "Media Library" }).click();
    await page.getByRole("button", { name: "Upload Files" }).waitFor();
    await page.getByTestId("media-file-input").setInputFiles({ name: filename, mimeType: "image/png", buffer: tinyPng(0x2563eb) });
    await page.getByTestId("upload-item").filter({ hasText: filename }).getByText("Done").waitFor({ timeout: 30_000 });
    await searchMedia(page, filename);
    await page.getByRole("button", { name: `Alt text of ${filename}` }).click();
    const altDialog = page.getByRole("dialog", { name: `Alt text of ${filename}` });
    await altDialog.getByRole("textbox", { name: "Alt text" }).fill("A blue test card");
    await altDialog.getByRole("button", { name: "Save" }).click();
    await altDialog.waitFor({ state: "detached" });
    await expect.poll(async () => (await service.from("media_assets").select("alt_text").eq("filename", filename)).data).toEqual([{ alt_text: "A blue test card" }]);

    // 3. Write a draft with the image as its cover.
    await page.getByRole("menuitem", { name: "Blog Posts" }).click();
    // Once the list is there, as a person sees it before choosing New Post.
    await page.getByRole("heading", { name: "Blog Posts", level: 1 }).waitFor();
    await page.locator("tbody tr").first().waitFor();
    await page.getByRole("button", { name: "New Post" }).click();
    const editor = page.getByRole("dialog", { name: "New Post" });
    await editor.getByRole("textbox", { name: "Title" }).fill(title);
    await expect.poll(() => editor.getByRole("textbox", { name: "Slug" }).inputValue()).toBe(slug);
    await editor.getByRole("combobox", { name: "Category" }).click();
    await pickOption(page, "Community");
    // In the Content editor: "## " starts a heading; words selected and Bold from the toolbar.
    const content = editor.getByRole("textbox", { name: /^Content/ });
    await content.click();
    await page.keyboard.type("## Hello");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Our first post, written in five minutes.");
    // "first" selected with the keyboard, then made bold.
    await page.keyboard.press("Home");
    for (let i = 0; i < "Our ".length; i++) await page.keyboard.press("ArrowRight");
    for (let i = 0; i < "first".length; i++) await page.keyboard.press("Shift+ArrowRight");
    await editor.getByRole("button", { name: "Bold", exact: true }).click();
    await content.getByRole("heading", { level: 2, name: "Hello" }).waitFor();
    expect(await content.locator("strong").allTextContents()).toEqual(["first"]);
    await editor.getByRole("button", { name: "Choose Image URL from the media library" }).click();
    const picker = page.getByRole("dialog", { name: "Choose from the media library" });
    await searchMedia(picker, filename);
    await picker.getByRole("button", { name: `Use ${filename}` }).click();
    await picker.waitFor({ state: "detached" });
    await expect.poll(() => editor.getByRole("textbox", { name: "Image URL" }).inputValue()).toContain("/storage/v1/object/public/assets/");
    expect(await editor.getByRole("switch", { name: "Publish immediately" }).isChecked()).toBe(false);
    expect(await editor.getByRole("switch", { name: "Schedule" }).isChecked()).toBe(false);
    await expect.poll(() => outcome(editor).textContent()).toBe("Stays a draft");
    await editor.getByRole("button", { name: "Save Post" }).click();
    await editor.waitFor({ state: "detached" });
    await row().getByText("Draft").waitFor();
    expect((await service.from("blog_posts").select("published, image_alt").eq("slug", slug)).data).toEqual([{ published: false, image_alt: "A blue test card" }]);

    // 4. Preview the draft on a private link.
    const [preview] = await Promise.all([page.context().waitForEvent("page"), row().getByRole("button", { name: `Preview ${title}` }).click()]);
    await preview.getByRole("heading", { name: title, level: 1 }).waitFor({ timeout: 20_000 });
    expect(await preview.locator("article img").first().getAttribute("alt")).toBe("A blue test card");
    await preview.close();
    expect((await fetch(`${webUrl}/updates/${slug}`)).status).toBe(404);

    // 5. Schedule it, then publish it now instead.
    await row().click();
    const edit = page.getByRole("dialog", { name: "Edit Post" });
    await edit.getByRole("switch", { name: "Schedule" }).click();
    const at = new Date(Date.now() + 3 * 86_400_000);
    at.setSeconds(0, 0);
    await edit.getByLabel("Publish at").fill(localInput(at));
    await expect.poll(() => outcome(edit).textContent()).toMatch(/^Goes live \w{3} \d{1,2}, \d{2}:\d{2}$/);
    await edit.getByRole("button", { name: "Save Post" }).click();
    await edit.waitFor({ state: "detached" });
    const stored = async () => (await service.from("blog_posts").select("published, publish_at").eq("slug", slug)).data?.map((post) => ({ published: post.published as boolean, at: Date.parse(post.publish_at as string) }));
    await expect.poll(stored).toEqual([{ published: true, at: at.getTime() }]);
    await row().getByText(/^Scheduled /).waitFor();
    expect((await fetch(`${webUrl}/updates/${slug}`)).status).toBe(404);
    await row().click();
    await edit.getByRole("switch", { name: "Publish immediately" }).click();
    await expect.poll(() => outcome(edit).textContent()).toBe("Goes live when saved");
    await edit.getByRole("button", { name: "Save Post" }).click();
    await edit.waitFor({ state: "detached" });
    await row().getByText("Published").waitFor();
    await expect.poll(async () => (await fetch(`${webUrl}/updates/${slug}`)).status, { timeout: 5_000 }).toBe(200);

    // 6. Send it as a newsletter, to a reader who subscribed in the footer and confirmed from the mailbox.
    const visitor = await browser.context.newPage();
    await visitor.goto(webUrl);
    await visitor.waitForFunction(() => document.documentElement.dataset.ready === "/");
    const box = visitor.getByRole("region", { name: "Newsletter" });
    await box.getByLabel("Email address").fill(reader);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await box.getByText("Almost done: check your inbox and click the link to confirm.").waitFor();
    await visitor.goto((await mailTo(reader, "Confirm your subscription to RCRT")).link!);
    await visitor.getByRole("heading", { name: "You're subscribed" }).waitFor();
    await page.reload();
    await row().getByRole("button", { name: `Send as newsletter: ${title}` }).click();
    const send = page.getByRole("dialog", { name: "Send as newsletter" });
    await send.getByRole("button", { name: /^Send to \d+ subscribers?$/ }).click();
    await send.getByText(/^Sent: \d+ sent, 0 pending, 0 failed$/).waitFor({ timeout: 30_000 });
    await send.getByRole("button", { name: "Close" }).click();
    await mailTo(reader, title);

    // 7. Change it, then restore the first version: its title comes back, it stays published.
    await row().click();
    await edit.getByRole("textbox", { name: "Title" }).fill(`${title} (edited)`);
    await edit.getByRole("button", { name: "Save Post" }).click();
    await edit.waitFor({ state: "detached" });
    await row().getByText(`${title} (edited)`).waitFor();
    await row().click();
    await edit.getByRole("button", { name: "History" }).click();
    const changes = edit.getByRole("list", { name: "Changes, newest first" });
    await changes.getByRole("listitem").filter({ hasText: `Created by ${ADMIN.email}` }).getByRole("button", { name: "Restore this version" }).click();
    const confirm = page.getByRole("dialog", { name: "Restore this version?" });
    await confirm.getByText(/^Fields that change: .*Title/).waitFor();
    expect(await confirm.getByRole("checkbox", { name: "Also restore publish state and schedule" }).isChecked()).toBe(false);
    await confirm.getByRole("button", { name: "Restore" }).click();
    await page.getByText("Version restored").waitFor();
    await expect.poll(() => edit.getByRole("textbox", { name: "Title" }).inputValue()).toBe(title);
    expect((await service.from("blog_posts").select("title, published").eq("slug", slug)).data).toEqual([{ title, published: true }]);
    await expect.poll(async () => (await fetch(`${webUrl}/updates/${slug}`)).status).toBe(200);
    await visitor.close();
    await page.close();
    // The README's whole walk in one test: about a minute quiet, twice that on a loaded machine.
  }, 240_000);
});
