import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { ContentType, FieldSpec } from "../content-type.ts";
import { validateRecord, type RuleMap } from "../validation.ts";
import blog from "./blog.ts";
import cartridgeModels from "./cartridge_models.ts";
import collections from "./collections.ts";
import community from "./community.ts";
import faq from "./faq.ts";
import interfacePreviews from "./interface_previews.ts";
import mails from "./mails.ts";
import media, { mediaAssetRules } from "./media.ts";
import press from "./press.ts";
import progress from "./progress.ts";
import videos from "./videos.ts";
import whitepaper, { whitepaperRules } from "./whitepaper.ts";

// What the product specification says of each back-office screen and the table behind it (the words
// written out here, as the specification writes them), and what the generic list, editor, registry and
// integration tests rely on in every definition: names of real columns, values they know, example rows
// the form accepts.

const TYPES: readonly (readonly [string, ContentType])[] = [
  ["blog", blog],
  ["cartridge_models", cartridgeModels],
  ["collections", collections],
  ["community", community],
  ["faq", faq],
  ["interface_previews", interfacePreviews],
  ["mails", mails],
  ["media", media],
  ["press", press],
  ["progress", progress],
  ["videos", videos],
  ["whitepaper", whitepaper],
];
const WITH_FORM = TYPES.filter(([, type]) => type.screen.fields.length > 0);

/** The rules of a type's form: each field's, and each image's alt text's. */
function formRules(type: ContentType): RuleMap {
  const rules: RuleMap = {};
  for (const field of type.screen.fields) {
    if (field.validate) rules[field.source] = field.validate;
    if (field.alt?.validate) rules[field.alt.source] = field.alt.validate;
  }
  return rules;
}
const fieldOf = (type: ContentType, source: string): FieldSpec => {
  const field = type.screen.fields.find((spec) => spec.source === source);
  if (!field) throw new Error(`${type.name} has no field ${source}`);
  return field;
};
const sources = (list: readonly { source: string }[]) => list.map((spec) => spec.source);
const labels = (list: readonly { label: string }[]) => list.map((spec) => spec.label);

// The schema the migrations build, read once: each table's statement and the words of every statement.
const MIGRATIONS = resolve(import.meta.dirname, "../../supabase/migrations");
const SQL = readdirSync(MIGRATIONS)
  .filter((file) => file.endsWith(".sql"))
  .map((file) => readFileSync(join(MIGRATIONS, file), "utf8"))
  .join("\n")
  .toLowerCase();
const createsTable = (table: string) => /^[a-z][a-z_]*$/.test(table) && new RegExp(`create table (if not exists )?("?public"?\\.)?"?${table}"?\\s*\\(`).test(SQL);
const namesColumn = (column: string) => /^[a-z][a-z_]*$/.test(column) && new RegExp(`\\b${column}\\b`).test(SQL);

describe("the back office's screens, as the product specification describes them", () => {
  it.each([
    [blog, "blog", "blog_posts"],
    [media, "media", "media_assets"],
    [collections, "collections", "featured_collections"],
    [videos, "videos", "videos"],
    [progress, "progress", "project_stages"],
    [press, "press", "press_quotes"],
    [whitepaper, "whitepaper", "whitepaper"],
    [interfacePreviews, "interface_previews", "interface_previews"],
    [cartridgeModels, "cartridge_models", "cartridge_models"],
  ] as const)("%#: the admin route and the table of each managed entity", (type, route, table) => {
    expect([type.name, type.table]).toEqual([route, table]);
  });

  it("has the sidebar's entries in the specification's order, the gallery's two types under its Gallery entry", () => {
    const sidebar = ["Blog Posts", "Collections", "Videos", "Progress", "Press", "Community", "Whitepaper"];
    const entries = TYPES.map(([, type]) => type.screen)
      .filter((screen) => screen.menu !== false && sidebar.includes(screen.label))
      .sort((a, b) => Number(a.menu) - Number(b.menu))
      .map((screen) => screen.label);
    expect(entries).toEqual(sidebar);
    expect([interfacePreviews.screen.menu, cartridgeModels.screen.menu]).toEqual([false, false]);
  });

  it.each([
    [blog, "Blog Posts", "post"],
    [media, "Media Library", "asset"],
    [collections, "Featured Collections", "collection"],
    [videos, "Videos", "video"],
    [progress, "Project Progress", "stage"],
    [press, "Press Coverage", "quote"],
    [whitepaper, "Whitepaper Management", "version"],
  ] as const)("%#: the screen's heading, and the noun of its New button, delete confirmation and messages", (type, heading, noun) => {
    expect(type.screen.title ?? type.screen.label).toBe(heading);
    expect(type.screen.noun).toBe(noun);
  });

  it("names the gallery's tabs Interface Previews and Cartridge Models, with Add Preview and Add Model, and calls their rows items", () => {
    expect([interfacePreviews.screen.label, cartridgeModels.screen.label]).toEqual(["Interface Previews", "Cartridge Models"]);
    expect([interfacePreviews.screen.labels?.create, cartridgeModels.screen.labels?.create]).toEqual(["Add Preview", "Add Model"]);
    expect([interfacePreviews.screen.noun, cartridgeModels.screen.noun]).toEqual(["item", "item"]);
  });

  it("names the stages' two columns Hardware Development and Token Launch, the stage categories", () => {
    expect(fieldOf(progress, "category").choices).toEqual([
      { id: "hardware", name: "Hardware Development" },
      { id: "token", name: "Token Launch" },
    ]);
  });

  it.each([
    [blog, { create: true, edit: true, delete: true, publish: true }],
    [collections, { create: true, edit: true, delete: true, publish: true }],
    [videos, { create: true, edit: true, delete: true, publish: true }],
    [press, { create: true, edit: true, delete: true, publish: true }],
    [interfacePreviews, { create: true, edit: true, delete: true, publish: true, reorder: true }],
    [cartridgeModels, { create: true, edit: true, delete: true, publish: true, reorder: true }],
    [progress, { create: true, edit: true, reorder: true }],
    [whitepaper, { create: true, edit: true, publish: true }],
    [media, { delete: true }],
  ] as const)("%#: offers what the specification lists for the screen, and nothing else", (type, capabilities) => {
    expect(type.screen.capabilities).toEqual(capabilities);
  });

  it("lets nobody delete a whitepaper version, through the screen or the API, and publishes one version at a time", () => {
    expect(whitepaper.adminWrites).toEqual({ insert: true, update: true, delete: false });
    expect(whitepaper.screen.publishesOne).toBe(true);
  });

  it.each([blog, media, collections, videos, press, whitepaper])("%#: lists the newest first", (type) => {
    expect(type.screen.sort).toEqual({ field: "created_at", order: "DESC" });
  });

  it("lists the stages in their order", () => {
    expect(progress.screen.sort).toEqual({ field: "order", order: "ASC" });
  });

  it("lists videos with thumbnail, title, description, category and views, the category as a badge", () => {
    expect(labels(videos.screen.columns).slice(0, 5)).toEqual(["Thumbnail", "Title", "Description", "Category", "Views"]);
    expect(sources(videos.screen.columns).slice(0, 5)).toEqual(["thumbnail_url", "title", "description", "category", "views"]);
    expect(videos.screen.columns.map((column) => column.kind).slice(0, 5)).toEqual(["image", "title", "clamp", "badges", "text"]);
  });

  it("lists posts with category and milestone badges and a created date", () => {
    const category = blog.screen.columns.find((column) => column.source === "category");
    expect(category).toMatchObject({ label: "Category", kind: "badges" });
    expect(category?.kind === "badges" && category.badges).toHaveLength(2);
    expect(blog.screen.columns.find((column) => column.kind === "date")).toMatchObject({ source: "created_at", label: "Created" });
  });

  it("shows visitors only what is published; stages to everyone; media assets, mails and form submissions to administrators only", () => {
    const visibility = Object.fromEntries(TYPES.map(([name, type]) => [name, type.visibility]));
    expect(visibility).toEqual({
      blog: "published",
      cartridge_models: "published",
      collections: "published",
      community: "admins",
      faq: "published",
      interface_previews: "published",
      mails: "admins",
      media: "admins",
      press: "published",
      progress: "everyone",
      videos: "published",
      whitepaper: "published",
    });
  });
});

describe("the forms, as the specification's validation rules describe them", () => {
  it.each([
    [blog, {}, { title: "Title is required", content: "Content is required", category: "Category is required" }],
    [collections, {}, { title: "Title is required", description: "Description is required", features: "At least one feature is required", capacity: "Capacity is required" }],
    [collections, { features: ["", " "] }, { features: "At least one feature is required" }],
    [videos, {}, { title: "Title is required", description: "Description is required", category: "Category is required" }],
    [interfacePreviews, {}, { title: "Title is required", description: "Description is required" }],
    [cartridgeModels, {}, { title: "Title is required", description: "Description is required" }],
    [progress, {}, { name: "Name is required", category: "Category is required", order: "Order is required" }],
    [progress, { progress: -5, order: -1 }, { progress: "Progress must be at least 0", order: "Order must be at least 0" }],
    [progress, { progress: 105 }, { progress: "Progress cannot exceed 100" }],
    [press, {}, { quote: "Quote is required", source: "Source is required" }],
    [whitepaper, {}, { title: "Title is required", version: "Version is required" }],
  ] as const)("%#: refuses what the specification refuses, with its message", (type, values, errors) => {
    expect(validateRecord(formRules(type), values)).toMatchObject(errors);
    if (Object.keys(values).length === 0) expect(Object.keys(validateRecord(formRules(type), values)).sort()).toEqual(Object.keys(errors).sort());
  });

  it("wants each whitepaper section's title and content", () => {
    expect(validateRecord(whitepaperRules, { sections: [{ title: "", content: { type: "doc", content: [] } }] })).toMatchObject({ sections: "Section title is required" });
    expect(validateRecord(whitepaperRules, { sections: [{ title: "Intro", content: { type: "doc", content: [] } }] })).toMatchObject({ sections: "Section content is required" });
    expect(validateRecord(whitepaperRules, { sections: [{ title: "x".repeat(1_000), content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "B" }] }] } }] }).sections).toMatch(/^Section title /);
  });

  it("has example whitepaper rows as saving a new version writes them, its log the first entry", () => {
    for (const n of [1, 2]) expect(whitepaper.example.row(n).change_log).toEqual(["Initial release"]);
  });

  it("shows a whitepaper version's last change however long its log", () => {
    const lastChange = whitepaper.screen.columns.find((column) => column.source === "change_log") as { text(row: object): unknown };
    expect(lastChange.text({ change_log: ["Initial release", "Fixed a typo", "Added a section"] })).toBe("Added a section");
  });

  it.each([
    [blog, ["image_url"]],
    [collections, ["image_url"]],
    [videos, ["thumbnail_url", "video_url"]],
    [interfacePreviews, ["image_url"]],
    [cartridgeModels, ["image_url"]],
    [press, ["logo_url"]],
  ] as const)("%#: wants a valid URL in each address field", (type, fields) => {
    const errors = validateRecord(formRules(type), Object.fromEntries(fields.map((field) => [field, "not an address"])));
    expect(fields.map((field) => errors[field])).toEqual(fields.map(() => "Must be a valid URL"));
  });

  it.each([
    [blog, { title: "Title", content: "Content", image_url: "Image URL", category: "Category", milestone: "Milestone (optional)" }],
    [collections, { title: "Title", description: "Description", image_url: "Image URL", features: "Features", capacity: "Capacity" }],
    [videos, { title: "Title", description: "Description", thumbnail_url: "Thumbnail URL", video_url: "Video URL", category: "Category", views: "Views" }],
    [interfacePreviews, { title: "Title", description: "Description", image_url: "Image URL", category: "Category", order: "Order" }],
    [cartridgeModels, { title: "Title", description: "Description", image_url: "Image URL", specifications: "Specifications", order: "Order" }],
    [progress, { name: "Name", category: "Category", order: "Order", progress: "Progress", completed: "Completed" }],
    [press, { quote: "Quote", source: "Source", logo_url: "Logo URL" }],
    [whitepaper, { title: "Title", version: "Version", sections: "Sections" }],
  ] as const)("%#: edits the entity's fields under their names, and its published flag", (type, named) => {
    const form = Object.fromEntries(type.screen.fields.map((field) => [field.source, field.label]));
    expect(form).toMatchObject(named);
    if (type.visibility === "published") expect(fieldOf(type, "publish_at").kind).toBe("publishing");
  });

  it("picks categories from the specification's lists, a stage's in words; a preview's is optional", () => {
    const ids = (type: ContentType) => fieldOf(type, "category").choices?.map((choice) => choice.id);
    expect(ids(blog)).toEqual(["development", "hardware", "community"]);
    expect(ids(videos)).toEqual(["Development", "Hardware", "Tutorial", "Community"]);
    expect(ids(interfacePreviews)).toEqual(["UI", "Features", "Effects"]);
    expect(ids(progress)).toEqual(["hardware", "token"]);
    expect([blog, videos, interfacePreviews, progress].map((type) => fieldOf(type, "category").kind)).toEqual(["select", "select", "select", "select"]);
    expect(fieldOf(blog, "category").choices?.map((choice) => choice.name)).toEqual(["Development", "Hardware", "Community"]);
    expect(validateRecord(formRules(interfacePreviews), { category: "" })).not.toHaveProperty("category");
  });

  it("filters posts by category and publishing state, videos and previews by category", () => {
    const filters = (type: ContentType) => type.screen.filters?.map((filter) => [filter.source, filter.label, filter.choices.map((choice) => choice.id)]);
    expect(filters(blog)).toEqual([["category", "Category", ["development", "hardware", "community"]], ["published", "Status", ["true", "false"]]]);
    expect(filters(videos)).toEqual([["category", "Category", ["Development", "Hardware", "Tutorial", "Community"]]]);
    expect(filters(interfacePreviews)).toEqual([["category", "Category", ["UI", "Features", "Effects"]]]);
  });

  it("takes numbers where the entity has them: order, views; progress on a slider", () => {
    expect([fieldOf(interfacePreviews, "order"), fieldOf(cartridgeModels, "order"), fieldOf(progress, "order"), fieldOf(videos, "views")].map((field) => field.kind)).toEqual(["number", "number", "number", "number"]);
    expect(fieldOf(progress, "progress").kind).toBe("custom");
    expect(validateRecord(formRules(videos), { views: "many" })).toMatchObject({ views: "Views must be a number" });
  });
});

describe("what every definition gives the generic screens, the registry and the integration tests", () => {
  it.each(TYPES)("%s: names its own file, a table the migrations create, and real columns everywhere", (name, type) => {
    expect(type.name).toBe(name);
    expect(createsTable(type.table)).toBe(true);
    const { screen } = type;
    const named = [
      ...(type.searchFields ?? []),
      ...(type.translatable ?? []),
      ...Object.keys(type.limits),
      ...(type.mediaReferences ? [...type.mediaReferences.columns, type.mediaReferences.label] : []),
      ...Object.keys(type.example.row(1)),
      ...Object.keys(type.example.change),
      screen.sort.field,
      ...sources(screen.columns),
      ...sources(screen.fields),
      ...screen.fields.flatMap((field) => (field.alt ? [field.alt.source, field.alt.decorative] : [])),
      ...sources(screen.filters ?? []),
      ...(screen.smallScreenColumns ?? []),
      ...(screen.duplicate ? [screen.duplicate.title, ...(screen.duplicate.slug ? [screen.duplicate.slug] : []), ...(screen.duplicate.reset ?? [])] : []),
    ];
    expect(named.filter((column) => !namesColumn(column))).toEqual([]);
  });

  it.each(TYPES)("%s: uses only values the screens, the API and the registry know", (_name, type) => {
    const { screen } = type;
    expect(["published", "everyone", "admins"]).toContain(type.visibility);
    expect(["ASC", "DESC"]).toContain(screen.sort.order);
    expect([undefined, "administrators"]).toContain(screen.access);
    expect([undefined, "sm", "md", "lg"]).toContain(screen.dialogWidth);
    expect(Object.values(type.adminWrites).every((value) => typeof value === "boolean")).toBe(true);
    expect(Object.keys(type.adminWrites).sort()).toEqual(["delete", "insert", "update"]);
    for (const column of screen.columns) {
      expect(["text", "title", "date", "image", "clamp", "badges", "position"]).toContain(column.kind);
      // A badges column shows one chip per badge: none, an empty cell.
      if (column.kind === "badges") expect(column.badges.length).toBeGreaterThan(0);
      if (column.kind === "badges") for (const badge of column.badges) expect(["default", "primary", "secondary", "info", "warning", "success"]).toContain(badge.color);
    }
    for (const field of screen.fields) {
      expect(["text", "textarea", "url", "image", "video", "select", "boolean", "number", "datetime", "richText", "publishing", "custom"]).toContain(field.kind);
      expect([undefined, "create", "edit"]).toContain(field.only);
    }
  });

  it.each(TYPES)("%s: gives every word the screens show some words, and the sidebar an icon to draw", (_name, type) => {
    const { screen } = type;
    const words = [
      screen.label,
      screen.noun,
      ...(screen.title === undefined ? [] : [screen.title]),
      ...(screen.dashboard === undefined ? [] : [screen.dashboard]),
      ...(screen.searchPlaceholder === undefined ? [] : [screen.searchPlaceholder]),
      ...Object.values(screen.labels ?? {}),
      ...Object.values(screen.messages ?? {}),
      ...(screen.duplicate?.label === undefined ? [] : [screen.duplicate.label]),
      ...screen.columns.filter((column) => column.kind !== "image").map((column) => column.label),
      ...screen.fields.flatMap((field) => [field.label, field.placeholder, field.helperText, field.section].filter((text) => text !== undefined)),
      ...(screen.filters ?? []).flatMap((filter) => [filter.label, ...filter.choices.map((choice) => choice.name)]),
    ];
    expect(words.filter((text) => !/\S/.test(String(text)))).toEqual([]);
    // An SVG path: a move, then drawing commands and numbers only.
    expect(screen.icon).toMatch(/^M[-\d.]/);
    expect(screen.icon).toMatch(/^[MmZzLlHhVvCcSsQqTtAa\d\s.,-]+$/);
  });

  it.each(TYPES.filter(([, type]) => type.screen.searchPlaceholder !== undefined))("%s: asks in its search box to search its rows", (_name, type) => {
    const plural = type.screen.nounPlural ?? `${type.screen.noun}s`;
    expect(type.screen.searchPlaceholder).toBe(`Search ${plural}...`);
    expect(type.searchFields?.length).toBeGreaterThan(0);
    expect(type.screen.columns.length).toBeGreaterThan(0);
  });

  it.each(TYPES.filter(([, type]) => type.screen.capabilities.create || type.screen.capabilities.edit))("%s: opens a form with fields for New and editing", (_name, type) => {
    expect(type.screen.fields.length).toBeGreaterThan(0);
  });

  it.each(TYPES.filter(([, type]) => type.screen.smallScreenColumns))("%s: shows a phone some of the list's own columns", (_name, type) => {
    const { smallScreenColumns, columns } = type.screen;
    expect(smallScreenColumns!.length).toBeGreaterThan(0);
    expect(smallScreenColumns!.filter((source) => !sources(columns).includes(source))).toEqual([]);
  });

  it.each(WITH_FORM)("%s: refuses what is not a number in a number field", (_name, type) => {
    for (const field of type.screen.fields.filter((spec) => spec.kind === "number")) expect(validateRecord(formRules(type), { [field.source]: "many" }), field.source).toHaveProperty(field.source);
  });

  it.each(TYPES)("%s: opens its list sorted by a column the list can sort by", (_name, type) => {
    const { columns, sort } = type.screen;
    if (columns.length === 0) return;
    expect(columns.find((column) => column.source === sort.field)?.sortable).toBe(true);
  });

  it.each(WITH_FORM)("%s: offers only what the API lets administrators write: New where it takes rows, editing of what it shows, moving where rows have a place", (_name, type) => {
    const { capabilities } = type.screen;
    expect(capabilities.create === true).toBe(type.adminWrites.insert);
    expect(capabilities.edit).toBe(true);
    if (type.screen.columns.some((column) => column.kind === "position")) expect(capabilities.reorder).toBe(true);
    if (capabilities.create) expect(type.adminWrites.insert).toBe(true);
    if (capabilities.edit || capabilities.publish || capabilities.reorder) expect(type.adminWrites.update).toBe(true);
    if (capabilities.delete) expect(type.adminWrites.delete).toBe(true);
  });

  it.each(TYPES)("%s: publishes with the publishing field exactly when visitors see published rows only", (_name, type) => {
    const publishing = type.screen.fields.filter((field) => field.kind === "publishing");
    const published = type.visibility === "published";
    expect(publishing.length).toBe(published ? 1 : 0);
    if (type.screen.fields.length > 0) expect(type.screen.capabilities.publish === true).toBe(published);
  });

  it.each(WITH_FORM)("%s: limits each typed text as the database does, and the form refuses a longer one", (_name, type) => {
    const rules = formRules(type);
    const limited = (source: string) => (type.limits as Record<string, number | undefined>)[source] !== undefined;
    const typed = type.screen.fields.flatMap((field) => [...(["text", "textarea", "url", "image", "video"].includes(field.kind) || limited(field.source) ? [field.source] : []), ...(field.alt ? [field.alt.source] : [])]);
    for (const source of typed) {
      const max = (type.limits as Record<string, number | undefined>)[source];
      expect(max, source).toBeGreaterThan(0);
      expect(validateRecord(rules, { [source]: "x".repeat(max! + 1) }), source).toHaveProperty(source);
    }
  });

  it.each(WITH_FORM)("%s: names the field in each message about a missing, too long or mistyped value", (_name, type) => {
    const rules = formRules(type);
    const name = (field: FieldSpec) => field.label.toLowerCase().replace(/ \(optional\)$/, "").replace(/s$/, "");
    for (const field of type.screen.fields) {
      if (!field.validate) continue;
      const max = (type.limits as Record<string, number | undefined>)[field.source];
      const wrong = [
        validateRecord(rules, {})[field.source],
        max === undefined || ["url", "image", "video"].includes(field.kind) ? undefined : validateRecord(rules, { [field.source]: "x".repeat(max + 1) })[field.source],
        field.kind === "number" ? validateRecord(rules, { [field.source]: "many" })[field.source] : undefined,
        field.kind === "number" ? validateRecord(rules, { [field.source]: -1 })[field.source] : undefined,
      ].filter((message) => message !== undefined);
      for (const message of wrong) expect(message.toLowerCase(), field.source).toContain(name(field));
    }
  });

  it("takes a whitepaper version as numbers separated by dots, each as the database can store it", () => {
    const version = (value: string) => validateRecord(whitepaperRules, { version: value }).version;
    expect(["1", "1.2", "1.10", "2.0.1", "123456789.1"].map(version)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    for (const wrong of ["v1.2", "1.2a", "1.", ".1", "1..2", "1.2 beta", "1234567890", "1.1234567890", "one"]) expect(version(wrong), wrong).toBe("Version must be numbers separated by dots, such as 1.2");
  });

  it("counts what a list may hold in the message about too many", () => {
    const many = (count: number, item: unknown) => Array.from({ length: count }, () => item);
    expect(validateRecord(formRules(collections), { features: many(51, "Gold") }).features).toBe("At most 50 features");
    expect(validateRecord(formRules(collections), { features: ["x".repeat(101)] }).features).toMatch(/^Each feature must be at most /);
    expect(validateRecord(whitepaperRules, { sections: many(101, { title: "A", content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "B" }] }] } }) }).sections).toBe("At most 100 sections");
  });

  it.each(TYPES.filter(([, type]) => type.mediaReferences))("%s: tells the media library every field that holds an asset, and the one naming a row", (_name, type) => {
    const assetFields = type.screen.fields.filter((field) => ["image", "video", "url", "richText"].includes(field.kind)).map((field) => field.source);
    expect(type.mediaReferences!.columns).toEqual(expect.arrayContaining(assetFields));
    expect(type.screen.fields.map((field) => field.source)).toContain(type.mediaReferences!.label);
    expect(fieldOf(type, type.mediaReferences!.label).kind).toMatch(/^(text|textarea)$/);
  });

  it.each(TYPES.filter(([, type]) => type.translatable))("%s: translates only what the form edits", (_name, type) => {
    const editable = type.screen.fields.flatMap((field) => [field.source, ...(field.alt ? [field.alt.source] : [])]);
    expect(type.translatable!.length).toBeGreaterThan(0);
    expect(type.translatable!.filter((source) => !editable.includes(source))).toEqual([]);
  });

  it.each(TYPES.filter(([, type]) => type.screen.duplicate))("%s: duplicates a row under its name, as the list names it, with a free slug where the table has one", (_name, type) => {
    const { duplicate, recordRepresentation } = type.screen;
    const row = { ...type.example.row(1), version: "1.2" };
    expect(recordRepresentation?.(row)).toContain(String((row as Record<string, unknown>)[duplicate!.title]));
    expect(duplicate!.slug).toBe(sources(type.screen.fields).includes("slug") ? "slug" : undefined);
  });

  it.each(TYPES)("%s: gives the integration tests rows its own form accepts, different for each n, and a change of them", (_name, type) => {
    const [one, two] = [type.example.row(1), type.example.row(2)];
    expect(one).not.toEqual(two);
    const keys = Object.keys(type.example.change);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect((type.example.change as Record<string, unknown>)[key]).not.toEqual((one as Record<string, unknown>)[key]);
    for (const [column, max] of Object.entries(type.limits as Record<string, number>)) {
      const value = (one as Record<string, unknown>)[column];
      if (typeof value === "string") expect(value.length, column).toBeLessThanOrEqual(max);
    }
    if (type.screen.fields.length === 0) return;
    expect(validateRecord(formRules(type), { ...one })).toEqual({});
    expect(validateRecord(formRules(type), { ...one, ...type.example.change })).toEqual({});
    expect(keys.filter((key) => !sources(type.screen.fields).includes(key))).toEqual([]);
  });

  it.each(TYPES)("%s: lets administrators make the example's change, a change with words where it writes text", (_name, type) => {
    expect(type.adminWrites.update).toBe(true);
    for (const value of Object.values(type.example.change)) if (typeof value === "string") expect(value.trim()).not.toBe("");
  });

  it("searches media assets by filename, and limits an asset's alt text as the database does", () => {
    expect(media.searchFields).toEqual(["filename"]);
    const max = (media.limits as Record<string, number>).alt_text!;
    expect(validateRecord(mediaAssetRules, { alt_text: "x".repeat(max) })).toEqual({});
    expect(validateRecord(mediaAssetRules, { alt_text: "x".repeat(max + 1) })).toHaveProperty("alt_text");
  });

  it("has rows of media assets and form submissions that are ones the specification describes", () => {
    expect(media.example.row(1)).toMatchObject({ type: expect.stringMatching(/^(image|video)$/), metadata: { format: expect.stringMatching(/^(image|video)\/\w+$/) } });
    expect(community.example.row(1).email).toMatch(/^[^@\s]+@[^@\s]+\.\w+$/);
  });
});

describe("a cartridge model's specifications in the list", () => {
  const summary = (specifications: object | null) => (cartridgeModels.screen.columns.find((column) => column.source === "specifications") as { text(row: object): string }).text({ specifications });

  it("leaves out what is missing, a row written before its features were too", () => {
    expect(summary({ storage: "512GB", features: [], dimensions: "", weight: "" })).toBe("512GB");
    expect(summary({ storage: "512GB" })).toBe("512GB");
    expect(summary({ dimensions: "10 x 5 cm", features: ["Gold"] })).toBe("10 x 5 cm · 1 feature");
  });
});
