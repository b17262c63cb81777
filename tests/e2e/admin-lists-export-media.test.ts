import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import type { SupabaseClient } from "@supabase/supabase-js";
import { storedAssetUrl } from "../../shared/images.ts";
import { openAdminSession, searchMedia, type AdminSession } from "./admin-helpers.ts";

/** A 1x1 PNG, so the uploaded image is a real one. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/** Splits CSV text into records of cells (RFC 4180: quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      cells.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      cells.push(cell);
      records.push(cells);
      cells = [];
      cell = "";
      i++;
    } else cell += char;
  }
  cells.push(cell);
  records.push(cells);
  return records;
}

describe("back office: inbox export, large lists, media drop and picker, unsaved changes (Chromium, production build)", () => {
  const webUrl = inject("webUrl");
  const apiUrl = inject("apiUrl");
  let session: AdminSession;
  let page: Page;
  let admin: SupabaseClient;

  beforeAll(async () => {
    session = await openAdminSession(webUrl, apiUrl);
    ({ page, admin } = session);
  });
  afterAll(() => session?.close());

  const row = (text: string) => page.locator("tbody tr").filter({ hasText: text });

  describe("Community inbox: CSV export", () => {
    it("downloads the submissions the search shows, with formula-like cells prefixed by an apostrophe", async () => {
      const stamp = Date.now();
      const submissions = [
        { name: '=HYPERLINK("http://evil")', message: "=1+1" },
        { name: "+SUM(1,2)", message: "plus" },
        { name: "-2+3", message: "minus" },
        { name: "@cmd", message: "at sign" },
        { name: "Plain Ann", message: "Hello, \"team\"\nsecond line" },
      ].map((submission, index) => ({ ...submission, email: `csv-${stamp}-${index}@example.com` }));
      for (const submission of submissions) {
        const response = await fetch(`${webUrl}/`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ "form-name": "contact", "bot-field": "", ...submission }).toString(),
        });
        expect(response.ok, await response.text()).toBe(true);
      }

      await page.getByRole("menuitem", { name: "Community" }).click();
      await page.getByPlaceholder("Search submissions...").fill(`csv-${stamp}`);
      // The search is applied (by the API) once the list holds only the matching rows (and not the
      // loading placeholder's rows).
      await expect.poll(async () => [await page.locator("tbody tr").count(), await row(`csv-${stamp}`).count()]).toEqual([submissions.length, submissions.length]);

      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
      expect(download.suggestedFilename()).toMatch(/^community-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = await readFile((await download.path())!, "utf8");
      expect(text.startsWith("\uFEFF")).toBe(true);
      const [header, ...records] = parseCsv(text.slice(1));
      expect(header).toEqual(["Received", "Kind", "Email", "Name", "Message", "Handled", "Last signed up"]);
      // Only what the search shows, newest first (the list's sort).
      expect(records.map((record) => record[2])).toEqual(submissions.map((submission) => submission.email).reverse());
      const byEmail = new Map(records.map((record) => [record[2], record]));
      const cells = (index: number) => byEmail.get(submissions[index]!.email)!;
      expect(cells(0).slice(1, 6)).toEqual(["contact", submissions[0]!.email, `'=HYPERLINK("http://evil")`, "'=1+1", "false"]);
      expect(cells(1)[3]).toBe("'+SUM(1,2)");
      expect(cells(2)[3]).toBe("'-2+3");
      expect(cells(3)[3]).toBe("'@cmd");
      expect(cells(4).slice(3, 6)).toEqual(["Plain Ann", 'Hello, "team"\nsecond line', "false"]);
      // A contact message is never a repeat: it was last sent when it was received.
      expect(cells(4)[6]).toBe(cells(4)[0]);
      // No cell of the file starts like a formula.
      for (const record of records) for (const cell of record) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    });
  });

  describe("lists paginate, sort and filter through the API, and stay responsive with 1,000 rows", () => {
    const stamp = Date.now();
    const prefix = `000 Bulk ${stamp}`;
    let before = 0;

    beforeAll(async () => {
      const counted = await admin.from("press_quotes").select("id", { count: "exact", head: true });
      if (counted.error) throw counted.error;
      before = counted.count ?? 0;
      const rows = Array.from({ length: 1000 }, (_, index) => ({
        quote: `Bulk quote number ${index}`,
        source: `${prefix} ${String(index).padStart(4, "0")}`,
        published: index % 2 === 0,
      }));
      const { error } = await admin.from("press_quotes").insert(rows);
      if (error) throw error;
    });
    afterAll(async () => {
      await admin.from("press_quotes").delete().like("source", `${prefix}%`);
      const { count } = await admin.from("press_quotes").select("id", { count: "exact", head: true }).like("source", `${prefix}%`);
      expect(count).toBe(0);
    });

    // How fast each step answers is measured by `npm run bench` (docs/benchmarks.md), not here.
    it("shows one page of rows, with the total; next page, sort and search are API requests", async () => {
      const total = before + 1000;
      const range = page.getByText(/^\d+-\d+ of \d+$/).first();
      const sources = () => page.locator("tbody tr td.column-source").allTextContents();

      /**
       * One step: the action, the list request it sends (its query returned for checks), and the rows
       * of the answer rendered in the answer's order.
       */
      const step = async (action: () => Promise<unknown>, expectRange: string) => {
        const [response] = await Promise.all([
          page.waitForResponse((answer) => answer.url().includes("/rest/v1/press_quotes?") && answer.request().method() === "GET"),
          action(),
        ]);
        expect(response.status()).toBeLessThan(300);
        const rows = (await response.json()) as { source: string }[];
        await expect.poll(sources).toEqual(rows.map((answer) => answer.source));
        await expect.poll(() => range.textContent()).toBe(expectRange);
        return { query: new URL(response.url()).searchParams, rows };
      };

      // From an empty page: a list left open by an earlier test could answer a request of its own
      // just as the navigation starts, and its response would be gone with its document.
      await page.goto("about:blank");
      const first = await step(() => page.goto(`${webUrl}/admin/press`), `1-25 of ${total}`);
      expect(first.query.get("limit")).toBe("25");
      expect(first.query.get("offset")).toBe("0");
      expect(first.query.get("order")).toMatch(/^created_at\.desc/);
      expect(first.rows).toHaveLength(25);
      // One page in the DOM, not a thousand rows.
      expect(await page.locator("tbody tr").count()).toBe(25);
      expect(await page.getByText(prefix).count()).toBeLessThanOrEqual(25);

      const next = await step(() => page.getByRole("button", { name: "Go to next page" }).click(), `26-50 of ${total}`);
      expect(next.query.get("offset")).toBe("25");
      expect(next.query.get("limit")).toBe("25");
      expect(next.rows.map((answer) => answer.source)).not.toEqual(first.rows.map((answer) => answer.source));
      expect(await page.locator("tbody tr").count()).toBe(25);

      // Sorting by Source (ascending) is the server's: back to the first page, our rows first.
      const sorted = await step(() => page.locator("thead").getByText("Source", { exact: true }).click(), `1-25 of ${total}`);
      expect(sorted.query.get("order")).toMatch(/^source\.asc/);
      expect(sorted.query.get("offset")).toBe("0");
      expect(await sources()).toEqual(Array.from({ length: 25 }, (_, index) => `${prefix} ${String(index).padStart(4, "0")}`));

      // Searching: an ilike filter in the request, one row back.
      const searched = await step(() => page.getByPlaceholder("Search quotes...").fill(`${stamp} 0777`), "1-1 of 1");
      expect(searched.query.get("or")).toContain(`source.ilike.*${stamp}*0777*`);
      expect(searched.query.get("limit")).toBe("25");
      expect(searched.query.get("order")).toMatch(/^source\.asc/);
      expect(await sources()).toEqual([`${prefix} 0777`]);
    });
  });

  describe("Media library: drag and drop, and picking from the library in another form", () => {
    it("a file dropped on the page is uploaded; a press quote's Logo URL picks it from the library and saves it", async () => {
      const stamp = Date.now();
      const filename = `dropped-${stamp}.png`;
      await page.goto(`${webUrl}/admin/media`);
      await page.getByRole("heading", { name: "Media Library", level: 1 }).waitFor();

      // A real drag: dragenter/dragover then drop, with a DataTransfer holding the file.
      const dataTransfer = await page.evaluateHandle(
        ({ name, base64 }) => {
          const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
          const transfer = new DataTransfer();
          transfer.items.add(new File([bytes], name, { type: "image/png" }));
          return transfer;
        },
        { name: filename, base64: PNG.toString("base64") },
      );
      const zone = page.getByText("Drag and drop images or videos here");
      await zone.dispatchEvent("dragover", { dataTransfer });
      await page.getByText("Drop to upload").waitFor();
      await page.getByText("Drop to upload").dispatchEvent("drop", { dataTransfer });
      await page.getByTestId("upload-item").filter({ hasText: filename }).getByText("Done").waitFor({ timeout: 30_000 });
      await page.getByText("Drag and drop images or videos here").waitFor();
      const card = page.getByTestId("media-card").filter({ hasText: filename });
      await card.waitFor();
      const url = await card.locator("img").getAttribute("src");
      expect(url).toMatch(/\/storage\/v1\/object\/public\/assets\/media\/[0-9a-f-]+\.png$/);
      const stored = await fetch(url!);
      expect(stored.status).toBe(200);
      expect(Buffer.from(await stored.arrayBuffer()).equals(PNG)).toBe(true);
      // The card shows it from the API; the library and the content store it host-relative.
      const address = storedAssetUrl(url!);
      expect(address).toMatch(/^\/storage\//);

      // Pick it from the library in the press quote form.
      const source = `Picked Logo Weekly ${stamp}`;
      await page.getByRole("menuitem", { name: "Press" }).click();
      await page.getByRole("button", { name: "New Quote" }).click();
      const editor = page.getByRole("dialog", { name: "New Quote" });
      await editor.getByRole("textbox", { name: "Quote" }).fill("The library works.");
      await editor.getByRole("textbox", { name: "Source" }).fill(source);
      await editor.getByRole("button", { name: "Choose Logo URL from the media library" }).click();
      const picker = page.getByRole("dialog", { name: "Choose from the media library" });
      await searchMedia(picker, `dropped-${stamp}`);
      await picker.getByRole("button", { name: `Use ${filename}` }).click();
      await picker.waitFor({ state: "detached" });
      await expect.poll(() => editor.getByRole("textbox", { name: "Logo URL" }).inputValue()).toBe(address);
      await editor.getByRole("button", { name: "Save Quote" }).click();
      await editor.waitFor({ state: "detached" });
      await page.getByPlaceholder("Search quotes...").fill(source);
      // Found by the search, not only first in the unfiltered list: the search's debounced change of
      // the address has happened, and cannot land after the next test has left the list.
      await page.waitForURL((address) => (address.searchParams.get("filter") ?? "").includes(source));
      await row(source).getByText("Draft").waitFor();
      const { data, error } = await admin.from("press_quotes").select("logo_url, published").eq("source", source);
      expect(error).toBeNull();
      expect(data).toEqual([{ logo_url: address, published: false }]);

      // Clean up through the API: the quote, the asset's object and row.
      await admin.from("press_quotes").delete().eq("source", source);
      await admin.storage.from("assets").remove([`media/${url!.split("/").pop()}`]);
      await admin.from("media_assets").delete().eq("url", address);
    });
  });

  describe("unsaved changes (issue 5, item 6)", () => {
    it("going back in history or closing the tab with unsaved changes asks first", async () => {
      await page.getByRole("menuitem", { name: "Dashboard" }).click();
      await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
      await page.getByRole("menuitem", { name: "Press" }).click();
      await page.waitForURL(/\/admin\/press/);
      await page.getByRole("button", { name: "New Quote" }).click();
      const editor = page.getByRole("dialog", { name: "New Quote" });
      await editor.getByRole("textbox", { name: "Quote" }).fill("Half-written quote");

      // Back, refused: the editor and its text stay.
      const refused = page.waitForEvent("dialog");
      await page.evaluate(() => history.back());
      const first = await refused;
      expect(first.type()).toBe("confirm");
      expect(first.message()).toBe("Some of your changes weren't saved. Are you sure you want to ignore them?");
      await first.dismiss();
      await expect.poll(() => editor.getByRole("textbox", { name: "Quote" }).inputValue()).toBe("Half-written quote");
      // The new record's editor keeps its own address.
      expect(new URL(page.url()).pathname).toBe("/admin/press/create");

      // Closing the tab: the browser's own beforeunload prompt.
      const unload = page.waitForEvent("dialog");
      await page.close({ runBeforeUnload: true });
      const prompt = await unload;
      expect(prompt.type()).toBe("beforeunload");
      await prompt.dismiss();
      expect(page.isClosed()).toBe(false);

      // Back, accepted: the editor goes, its text with it.
      const accepted = page.waitForEvent("dialog");
      await page.evaluate(() => history.back());
      await (await accepted).accept();
      await page.waitForURL((url) => url.pathname === "/admin/press");
      await editor.waitFor({ state: "detached" });

      // And without changes nothing asks.
      let asked = false;
      const onDialog = () => (asked = true);
      page.on("dialog", onDialog);
      await page.getByRole("menuitem", { name: "Press" }).click();
      await page.getByRole("button", { name: "New Quote" }).click();
      await editor.waitFor();
      await page.evaluate(() => history.back());
      await page.waitForURL((url) => url.pathname === "/admin/press");
      await editor.waitFor({ state: "detached" });
      page.off("dialog", onDialog);
      expect(asked).toBe(false);
    });
  });
});
