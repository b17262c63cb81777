import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { adminPage } from "./admin-helpers.ts";
import { violations } from "./support/axe.ts";
import { openBrowser, pickOption } from "./support/browser.ts";
import { nodeClient } from "../support/backend.ts";

// People in Chromium on the production build (backoffice/people/): an administrator finds people
// of the lists, tags one, saves the filter as a segment, imports a small CSV (a refused row
// reported), exports the segment and erases a person, who is then gone from every list; the segment is renamed and deleted.

describe("people (Chromium, production build)", () => {
  const webUrl = inject("webUrl");
  const service = nodeClient(inject("apiUrl"), inject("serviceKey"));
  const tag = randomUUID().slice(0, 8);
  const ann = `ann.${tag}@example.com`;
  const bob = `bob.${tag}@example.com`;
  const carol = `carol.${tag}@example.com`;
  const backer = `backer-${tag}`;
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let admin: Page;

  beforeAll(async () => {
    browser = await openBrowser();
    const { data } = await service.rpc("newsletter_signup", { address: ann, language: "en" });
    expect((await service.rpc("newsletter_confirm", { token: (data as { token: string }).token })).error).toBeNull();
    expect((await service.from("form_submissions").insert({ kind: "contact", email: bob, name: "Bob", message: `Hello from ${tag}` })).error).toBeNull();
    admin = await adminPage(browser.context, webUrl);
  });
  afterAll(async () => {
    await service.from("segments").delete().like("name", `%${tag}%`);
    await service.from("newsletter_subscribers").delete().like("email", `%.${tag}@example.com`);
    await service.from("form_submissions").delete().like("email", `%.${tag}@example.com`);
    await service.from("people").delete().like("email", `%.${tag}@example.com`);
    await browser?.close();
  });

  const total = () => admin.getByTestId("people-total");
  const search = async (text: string) => {
    await admin.getByRole("searchbox", { name: "Search addresses" }).fill(text);
  };

  it("lists the people of the lists with their total, and a person's states and what they did", async () => {
    await admin.getByRole("menuitem", { name: "People" }).click();
    await admin.getByRole("heading", { name: "People", level: 1 }).waitFor();
    await search(tag);
    await expect.poll(() => total().innerText()).toBe("2 people");
    expect(await violations(admin)).toEqual([]);
    const row = admin.getByRole("row").filter({ has: admin.getByRole("button", { name: ann }) });
    expect(await row.getByRole("cell").nth(4).innerText()).toBe("Subscribed");
    await admin.getByRole("button", { name: bob }).click();
    const dialog = admin.getByRole("dialog", { name: bob });
    await dialog.getByText("Wrote to us").waitFor();
    await dialog.getByText(`Hello from ${tag}`, { exact: false }).waitFor();
    expect(await dialog.getByText("Not subscribed").count()).toBe(1);
    await dialog.getByRole("button", { name: "Close" }).click();
  });

  it("tags a person and saves the tag's filter as a segment", async () => {
    await search(tag);
    await admin.getByRole("button", { name: ann }).click();
    const dialog = admin.getByRole("dialog", { name: ann });
    await dialog.getByRole("textbox", { name: "Add a tag" }).fill(`  Backer-${tag.toUpperCase()} `);
    await dialog.getByRole("button", { name: "Add" }).click();
    await dialog.getByText(backer, { exact: true }).waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();

    await search("");
    await admin.getByRole("textbox", { name: "Tag" }).fill(backer);
    await expect.poll(() => total().innerText()).toBe("1 person");
    await admin.getByRole("button", { name: "Save as segment" }).click();
    const naming = admin.getByRole("dialog", { name: "Save these conditions as a segment" });
    await naming.getByRole("textbox", { name: "Segment name" }).fill(`Backers ${tag}`);
    await naming.getByRole("button", { name: "Save" }).click();
    await admin.getByText("Segment saved").waitFor();
    await admin.getByRole("combobox", { name: "Segment" }).getByText(`Backers ${tag} (1)`).waitFor();
    const { data: saved } = await service.from("segments").select("filter").eq("name", `Backers ${tag}`).single();
    expect(saved!.filter).toEqual({ tag: backer });
  });

  it("imports a small CSV: the valid row recorded and not subscribed, the invalid one reported; the export has both of the segment's people", async () => {
    await admin.getByRole("button", { name: "Import CSV" }).click();
    const dialog = admin.getByRole("dialog", { name: "Import people from a CSV file" });
    await dialog.getByTestId("people-import-file").setInputFiles({
      name: "people.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`email,language,tags\r\n${carol},ja,${backer}\r\nnot-an-address,,\r\n`),
    });
    await dialog.getByText("2 rows in people.csv").waitFor();
    await dialog.getByRole("button", { name: "Import" }).click();
    await dialog.getByText("Imported 1 row: 1 new person, 0 subscribed.").waitFor();
    await dialog.getByText("Row 2: This is not an email address: not-an-address").waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    // The segment's list now holds the imported person too.
    await expect.poll(() => total().innerText()).toBe("2 people");
    // The export: what the segment shows, in the columns the import reads back.
    const [download] = await Promise.all([admin.waitForEvent("download"), admin.getByRole("button", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^people-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("email,language,tags,newsletter,waitlist,place,referrals,contacted,first_seen,imported_at,import_source,consent_source,consent_at,opt_out_at");
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 4).join(","))).toEqual([`${ann},en,${backer},confirmed`, `${carol},ja,${backer},`]);
    const { data: person } = await service.from("people").select("language, imported_at").eq("email", carol).single();
    expect(person!.language).toBe("ja");
    expect(person!.imported_at).not.toBeNull();
    expect((await service.from("newsletter_subscribers").select("id").eq("email", carol)).data).toEqual([]);
  });

  it("erases a person: gone from the screen and every list", async () => {
    await admin.getByRole("button", { name: "Clear conditions" }).click();
    await search(bob);
    await expect.poll(() => total().innerText()).toBe("1 person");
    await admin.getByRole("button", { name: bob }).click();
    const dialog = admin.getByRole("dialog", { name: bob });
    await dialog.getByRole("button", { name: "Erase this person" }).click();
    const confirm = admin.getByRole("dialog", { name: `Erase ${bob}?` });
    await confirm.getByRole("button", { name: "Erase for good" }).click();
    await admin.getByText(/^Erased: \d+ rows? deleted\.$/).waitFor();
    await admin.getByText("Nobody matches these conditions.").waitFor();
    expect((await service.from("people").select("id").eq("email", bob)).data).toEqual([]);
    expect((await service.from("form_submissions").select("id").eq("email", bob)).data).toEqual([]);
  });

  it("renames and deletes a saved segment", async () => {
    await search("");
    await admin.getByRole("combobox", { name: "Segment" }).click();
    await pickOption(admin, `Backers ${tag} (2)`);
    await expect.poll(() => total().innerText()).toBe("2 people");
    await admin.getByRole("button", { name: "Rename segment" }).click();
    const naming = admin.getByRole("dialog", { name: "Rename the segment" });
    await naming.getByRole("textbox", { name: "Segment name" }).fill(`Early backers ${tag}`);
    await naming.getByRole("button", { name: "Save" }).click();
    await admin.getByRole("combobox", { name: "Segment" }).getByText(`Early backers ${tag} (2)`).waitFor();
    await admin.getByRole("button", { name: "Delete segment" }).click();
    await admin.getByRole("dialog", { name: `Delete the segment Early backers ${tag}?` }).getByRole("button", { name: "Delete segment" }).click();
    await admin.getByRole("combobox", { name: "Segment" }).getByText("Everyone").waitFor();
    expect((await service.from("segments").select("id").like("name", `%${tag}%`)).data).toEqual([]);
  });
});
