import { afterEach, describe, expect, it, vi } from "vitest";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpError, ResourceContextProvider, type RaRecord } from "react-admin";
import { ResourceDialog } from "../components/ResourceDialog.tsx";
import { ResourceList } from "../components/ResourceList.tsx";
import { resourceConfig } from "../resources/index.ts";
import { renderInAdmin, stubDataProvider } from "../testing/render.tsx";
import "../testing/rich-text.ts";
import type { AdminDataProvider } from "../lib/data-provider.ts";
import { TRANSLATIONS_RESOURCE, type TranslationStatus } from "../lib/translations.ts";

const faq = resourceConfig("faq");
const blog = resourceConfig("blog");

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

const paragraph = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

const entry = { id: "q1", question: "How much does it cost?", answer: paragraph("Ten dollars a month."), order: 3, published: true, publish_at: null, row_version: 4 };

/** A translation as the data provider answers it: the row, its fields also at the top level. */
function japanese(fields: Record<string, unknown>, source: Record<string, unknown> = fields, extra: Partial<RaRecord> = {}): RaRecord {
  return { id: "t1", source_table: "faq_entries", row_id: "q1", language: "ja", fields, source, published: false, publish_at: null, row_version: 2, ...fields, ...extra };
}

function providerWith(translations: RaRecord[], overrides: Partial<AdminDataProvider> = {}) {
  return stubDataProvider({
    getOne: ((resource: string, { id }: { id: string }) =>
      Promise.resolve({ data: resource === TRANSLATIONS_RESOURCE ? translations.find((row) => row.id === id) : entry })) as never,
    getList: ((resource: string) => Promise.resolve(resource === TRANSLATIONS_RESOURCE ? { data: translations, total: translations.length } : { data: [], total: 0 })) as never,
    ...overrides,
  });
}

async function openEntry(dataProvider: AdminDataProvider) {
  renderInAdmin(
    <ResourceContextProvider value="faq">
      <ResourceDialog config={faq} state={{ mode: "edit", id: "q1" }} onClose={() => {}} />
    </ResourceContextProvider>,
    dataProvider,
  );
  const dialog = await screen.findByRole("dialog");
  await within(dialog).findByRole("tab", { name: /English/ });
  return dialog;
}

/** The part of the editor showing (the other languages' forms stay mounted, hidden). */
function showing(dialog: HTMLElement): HTMLElement {
  return [...dialog.querySelectorAll<HTMLElement>(".language-panel")].find((panel) => getComputedStyle(panel).display !== "none")!;
}

async function openTab(dialog: HTMLElement, name: RegExp) {
  await userEvent.click(within(dialog).getByRole("tab", { name }));
  return within(showing(dialog)).findByRole("textbox", { name: /Question \(Japanese\)/ });
}

describe("the editor of a translated record", () => {
  it("has a tab per language, the translation's state on each, and the default language first", async () => {
    const dialog = await openEntry(providerWith([]));
    const tabs = within(dialog).getAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(["English", expect.stringMatching(/^Japanese/)]);
    expect(tabs[0]).toHaveAttribute("aria-selected", "true");
    await within(tabs[1]!).findByLabelText(/^Japanese: Missing/);
    expect(within(showing(dialog)).getByRole("textbox", { name: "Question" })).toHaveValue("How much does it cost?");
  });

  it("a record without translatable columns has no language tabs", async () => {
    const press = resourceConfig("community");
    renderInAdmin(
      <ResourceContextProvider value={press.name}>
        <ResourceDialog config={press} state={{ mode: "edit", id: "s1" }} onClose={() => {}} />
      </ResourceContextProvider>,
      stubDataProvider({ getOne: (() => Promise.resolve({ data: { id: "s1", name: "A", email: "a@example.com" } })) as never }),
    );
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(dialog.querySelector(".language-panel")).not.toBeNull());
    expect(within(dialog).queryByRole("tab")).toBeNull();
  });

  it("shows each translatable field beside the English text, a document rendered read-only, and the shared fields not editable", async () => {
    const dialog = await openEntry(providerWith([]));
    const input = await openTab(dialog, /Japanese/);
    const panel = within(showing(dialog));
    expect(input).toHaveValue("");
    expect(panel.getByTestId("default-question")).toHaveTextContent("How much does it cost?");
    const englishAnswer = await panel.findByLabelText("Answer (English)");
    expect(englishAnswer).toHaveTextContent("Ten dollars a month.");
    expect(englishAnswer).toHaveAttribute("contenteditable", "false");
    // The translation's answer is written in the same rich editor, empty.
    expect(panel.getByRole("textbox", { name: /Answer \(Japanese\)/ })).toHaveAttribute("contenteditable", "true");
    const shared = panel.getByRole("region", { name: "Shared by every language" });
    expect(within(shared).getByText("Order").nextElementSibling).toHaveTextContent("3");
    expect(panel.queryByRole("spinbutton", { name: "Order" })).toBeNull();
    // The translation's own publishing choice.
    expect(panel.getByLabelText("Publish immediately")).not.toBeChecked();
  });

  it("marks the fields whose English changed since translated, and names them on the tab's state", async () => {
    const translation = japanese({ question: "いくらですか？", answer: paragraph("月10ドルです。") }, { question: "How much is it?", answer: entry.answer });
    const dialog = await openEntry(providerWith([translation]));
    const tab = within(dialog).getByRole("tab", { name: /Japanese/ });
    await within(tab).findByLabelText("Japanese: Outdated. Changed in English since translated: Question");
    await openTab(dialog, /Japanese/);
    const question = within(showing(dialog)).getByRole("region", { name: "Question" });
    expect(within(question).getByText(/The English changed since this was translated/)).toBeVisible();
    const answer = within(showing(dialog)).getByRole("region", { name: "Answer" });
    expect(within(answer).queryByText(/changed since this was translated/)).toBeNull();
  });

  it("an up-to-date translation opens with its own fields", async () => {
    const translation = japanese({ question: "いくらですか？", answer: paragraph("月10ドルです。") }, { question: entry.question, answer: entry.answer });
    const dialog = await openEntry(providerWith([translation]));
    await within(within(dialog).getByRole("tab", { name: /Japanese/ })).findByLabelText("Japanese: Up to date");
    expect(await openTab(dialog, /Japanese/)).toHaveValue("いくらですか？");
  });

  it("saves a new translation as a draft with the translated fields, through the translations resource", async () => {
    const create = vi.fn((_resource: string, { data }: { data: Record<string, unknown> }) => Promise.resolve({ data: { ...data, id: "t9" } }));
    const dialog = await openEntry(providerWith([], { create: create as never }));
    await userEvent.type(await openTab(dialog, /Japanese/), "いくらですか？");
    await userEvent.click(within(showing(dialog)).getByRole("button", { name: "Save Japanese translation" }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![0]).toBe(TRANSLATIONS_RESOURCE);
    expect(create.mock.calls[0]![1].data).toMatchObject({ source_table: "faq_entries", row_id: "q1", language: "ja", question: "いくらですか？", published: false });
  });

  it("publishing an incomplete translation names the language in a summary every tab shows, and marks its tab", async () => {
    const create = vi.fn();
    const dialog = await openEntry(providerWith([], { create }));
    await openTab(dialog, /Japanese/);
    await userEvent.click(within(showing(dialog)).getByLabelText("Publish immediately"));
    await userEvent.click(within(showing(dialog)).getByRole("button", { name: "Save Japanese translation" }));
    const summary = await within(showing(dialog)).findByRole("alert");
    expect(summary).toHaveTextContent("Japanese: Question is required");
    expect(summary).toHaveTextContent("Japanese: Answer is required");
    expect(create).not.toHaveBeenCalled();
    // Back in English, the Japanese errors are still said, and the Japanese tab is marked.
    await userEvent.click(within(dialog).getByRole("tab", { name: /English/ }));
    expect(await within(showing(dialog)).findByRole("alert")).toHaveTextContent("Japanese: Question is required");
    expect(within(within(dialog).getByRole("tab", { name: /Japanese/ })).getByLabelText("Has errors")).toBeInTheDocument();
    expect(within(within(dialog).getByRole("tab", { name: /English/ })).queryByLabelText("Has errors")).toBeNull();
  });

  it("the first save of a new translation closes the editor, opened at its record's address, though the list then answers with the translation", async () => {
    const saved: RaRecord[] = [];
    const create = vi.fn((_resource: string, { data }: { data: Record<string, unknown> }) => {
      saved.push(japanese({ question: data.question }, { question: entry.question }));
      return Promise.resolve({ data: saved[0]! });
    });
    const dataProvider = stubDataProvider({
      getOne: ((resource: string) => Promise.resolve({ data: resource === TRANSLATIONS_RESOURCE ? saved[0] : entry })) as never,
      getList: ((resource: string) => Promise.resolve(resource === TRANSLATIONS_RESOURCE ? { data: [...saved], total: saved.length } : { data: [entry], total: 1 })) as never,
      create: create as never,
    });
    // react-admin's own router reads the address's fragment.
    window.location.hash = "#/faq/q1";
    renderInAdmin(
      <ResourceContextProvider value="faq">
        <ResourceList config={faq} />
      </ResourceContextProvider>,
      dataProvider,
    );
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByRole("tab", { name: /Japanese/ });
    await userEvent.type(await openTab(dialog, /Japanese/), "いくらですか？");
    await userEvent.click(within(showing(dialog)).getByRole("button", { name: "Save Japanese translation" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(window.location.hash).toBe("#/faq");
  });

  it("a draft may leave fields out: saving one with the question alone sends it", async () => {
    const create = vi.fn((_resource: string, { data }: { data: Record<string, unknown> }) => Promise.resolve({ data: { ...data, id: "t9" } }));
    const dialog = await openEntry(providerWith([], { create: create as never }));
    await userEvent.type(await openTab(dialog, /Japanese/), "質問");
    await userEvent.click(within(showing(dialog)).getByRole("button", { name: "Save Japanese translation" }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(within(dialog).queryByText(/Japanese: /)).toBeNull();
  });

  it("a refusal of the database on the record's table's check is shown on the field and named in the summary", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const refused = new HttpError("Question is too long", 400, { code: "23514", message: 'new row violates check constraint "faq_entries_question_check"', errors: { question: "This question is not accepted: check its format and length" } });
    const create = vi.fn(() => Promise.reject(refused));
    const dialog = await openEntry(providerWith([], { create }));
    await userEvent.type(await openTab(dialog, /Japanese/), "長すぎる質問");
    await userEvent.click(within(showing(dialog)).getByRole("button", { name: "Save Japanese translation" }));
    expect(await within(showing(dialog)).findByRole("alert")).toHaveTextContent("Japanese: This question is not accepted: check its format and length");
  });

  it("the Preview of a translation opens the record's page under its language", async () => {
    const rpc = vi.fn(() => Promise.resolve({ token: "abc" } as never));
    const tab = { opener: {}, location: { href: "" }, close: vi.fn() };
    vi.spyOn(window, "open").mockReturnValue(tab as never);
    const post = { id: "p1", title: "Hello", slug: "hello", content: paragraph("Words."), category: "community", published: false, read_time: "1 min read", row_version: 1 };
    renderInAdmin(
      <ResourceContextProvider value="blog">
        <ResourceDialog config={blog} state={{ mode: "edit", id: "p1" }} onClose={() => {}} />
      </ResourceContextProvider>,
      stubDataProvider({ getOne: (() => Promise.resolve({ data: post })) as never, rpc }),
    );
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(await within(dialog).findByRole("tab", { name: /Japanese/ }));
    // The blog's form loads its rich editor and custom inputs first.
    await userEvent.click(await within(showing(dialog)).findByRole("button", { name: "Preview in Japanese" }, { timeout: 20_000 }));
    await waitFor(() => expect(tab.location.href).toBe("/ja/updates/hello?preview=abc"));
    expect(rpc).toHaveBeenCalledWith("create_preview_link", { target_table: "blog_posts", row_id: "p1" });
  });
});

describe("a translated type's list", () => {
  const rows = [
    { id: "q1", question: "First?", answer: paragraph("One."), order: 0, published: true },
    { id: "q2", question: "Second?", answer: paragraph("Two."), order: 1, published: true },
  ];
  const statuses: TranslationStatus[] = [
    { row_id: "q1", state: "up_to_date", missing: [], outdated: [], published: true },
    { row_id: "q2", state: "outdated", missing: [], outdated: ["answer"], published: false },
  ];

  it("shows each row's state in each translation language, and filters by what needs translating", async () => {
    const getList = vi.fn(() => Promise.resolve({ data: rows, total: rows.length }));
    const rpc = vi.fn((fn: string) => Promise.resolve((fn === "translation_status" ? statuses : []) as never));
    renderInAdmin(
      <ResourceContextProvider value="faq">
        <ResourceList config={faq} />
      </ResourceContextProvider>,
      stubDataProvider({ getList: getList as never, rpc: rpc as never }),
    );
    await screen.findByRole("columnheader", { name: "Japanese" });
    await screen.findByLabelText("Japanese: Up to date");
    expect(screen.getByLabelText("Japanese: Outdated. Changed in English since translated: Answer")).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith("translation_status", { source_table: "faq_entries", language: "ja" });

    await userEvent.click(screen.getByRole("combobox", { name: "Translation" }));
    await userEvent.click(await screen.findByRole("option", { name: "Needs translation in Japanese" }));
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith("faq", expect.objectContaining({ filter: { needs_translation: "ja" } })));
  });
});
