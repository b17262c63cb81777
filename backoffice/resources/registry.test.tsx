import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import { administratorsOnlyScreen, allConfigs, dashboardCounts, menuEntries, pages, pathOf, routedResources } from "./index.ts";

// The registry is the one list of the back office's screens: these are the promises other code
// relies on instead of keeping lists of its own.

describe("The registry of resource configs", () => {
  it("has exactly one config per content table of shared/content-tables.ts, and no other", () => {
    expect(allConfigs.map((config) => config.table).sort()).toEqual(CONTENT_TABLES.map((table) => table.table).sort());
    expect(new Set(allConfigs.map((config) => config.name)).size).toBe(allConfigs.length);
  });

  it("gives the sidebar in the spec's order, with the Media Library after the posts and the FAQ after the whitepaper, and an entry for every screen with a menu position", () => {
    const order = ["Blog Posts", "Gallery", "Collections", "Videos", "Progress", "Press", "Community", "Whitepaper", "FAQ"];
    expect(menuEntries.map((entry) => entry.label).filter((label) => order.includes(label))).toEqual(order);
    expect(menuEntries.map((entry) => entry.label).slice(0, 2)).toEqual(["Blog Posts", "Media Library"]);
    expect(menuEntries.map((entry) => `/${entry.name}`).sort()).toEqual([...routedResources.filter((config) => config.menu !== false), ...pages].map((screen) => `/${screen.name}`).sort());
  });

  it("gives every custom field of a content type its input, from the type's folder", () => {
    const missing = allConfigs.flatMap((config) => config.fields.filter((field) => field.kind === "custom" && !field.component).map((field) => `${config.name}.${field.source}`));
    expect(missing).toEqual([]);
  });

  it("has the sidebar positions docs/adding-a-content-type.md lists (a new type need not be listed there)", () => {
    const docs = readFileSync(resolve(import.meta.dirname, "../../docs/adding-a-content-type.md"), "utf8").replace(/\s+/g, " ");
    const listed = /The sidebar's positions, between Dashboard and View Site: ([^(]+) \(/.exec(docs)![1]!.split(", ").map((entry) => /^(.+) ([\d.]+)$/.exec(entry)!.slice(1));
    const entries = menuEntries.map((entry) => [entry.label, String(entry.position)]);
    expect(entries.filter(([label]) => listed.some(([listedLabel]) => listedLabel === label))).toEqual(listed);
  });

  it("keeps the community inbox and the newsletter's mails, and only them, for administrators", () => {
    expect(allConfigs.filter((config) => administratorsOnlyScreen(config.name)).map((config) => config.name).sort()).toEqual(["community", "mails"]);
  });

  it("makes the gallery a page with two sections, not a resource of its own", () => {
    expect(routedResources.map((config) => config.name)).not.toContain("gallery");
    expect(pathOf(allConfigs.find((config) => config.name === "interface_previews")!)).toBe("/gallery");
    expect(pathOf(allConfigs.find((config) => config.name === "cartridge_models")!)).toBe("/gallery");
  });

  it("counts every content type on the dashboard except the stages and the inbox, which have cards of their own, and the newsletter's mails, which are not the site's content", () => {
    const order = ["Blog Posts", "Media Assets", "Interface Previews", "Cartridge Models", "Collections", "Videos", "Press Quotes", "Whitepaper Versions", "FAQ Entries"];
    expect(dashboardCounts.map((count) => count.label).filter((label) => order.includes(label))).toEqual(order);
    expect(dashboardCounts.map((count) => count.resource).sort()).toEqual(allConfigs.filter((config) => !["progress", "community", "mails"].includes(config.name)).map((config) => config.name).sort());
    expect(dashboardCounts.find((count) => count.resource === "media")).toMatchObject({ drafts: false, to: "/media" });
  });
});
