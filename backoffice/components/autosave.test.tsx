import { afterEach, describe, expect, it, vi } from "vitest";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ResourceContextProvider } from "react-admin";
import { resourceConfig } from "../resources/index.ts";
import { renderInAdmin, stubDataProvider } from "../testing/render.tsx";
import { changedValues, clearDraft, draftKey, readDraft, writeDraft } from "./autosave.ts";
import { ResourceDialog } from "./ResourceDialog.tsx";

const press = resourceConfig("press");

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => window.localStorage.clear());

describe("autosave storage", () => {
  it("keys drafts by resource and record, or resource and new", () => {
    expect(draftKey("blog", "p1")).toBe("autosave:blog:p1");
    expect(draftKey("blog")).toBe("autosave:blog:new");
  });

  it("writes, reads back and clears a draft; nothing changed is no draft", () => {
    const key = draftKey("press", "q1");
    writeDraft(window.localStorage, key, { quote: "Typed" }, new Date("2026-11-24T08:00:00Z"));
    expect(readDraft(window.localStorage, key)).toEqual({ savedAt: "2026-11-24T08:00:00.000Z", values: { quote: "Typed" } });
    writeDraft(window.localStorage, key, {});
    expect(window.localStorage.getItem(key)).toBeNull();
    writeDraft(window.localStorage, key, { quote: "Again" });
    clearDraft(window.localStorage, key);
    expect(readDraft(window.localStorage, key)).toBeNull();
  });

  it("ignores what it cannot read", () => {
    window.localStorage.setItem("autosave:a:1", "{not json");
    window.localStorage.setItem("autosave:a:2", JSON.stringify({ values: {} }));
    window.localStorage.setItem("autosave:a:3", JSON.stringify(null));
    for (const key of ["autosave:a:1", "autosave:a:2", "autosave:a:3", "autosave:a:4"]) expect(readDraft(window.localStorage, key)).toBeNull();
  });

  it("a full storage loses the draft, not the editor", () => {
    const full = { setItem: () => { throw new DOMException("full", "QuotaExceededError"); }, removeItem: () => {} } as unknown as Storage;
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => writeDraft(full, "k", { a: 1 })).not.toThrow();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it("keeps the values of dirty fields only, nested marks included", () => {
    const values = { title: "T", sections: [{ title: "A" }], version: "1.0", features: ["x"] };
    expect(changedValues(values, { title: true, sections: [{ title: true }], version: false, features: [false] })).toEqual({ title: "T", sections: [{ title: "A" }] });
  });
});

describe("the editor's autosave", () => {
  const quote = { id: "q1", quote: "Great device", source: "Weekly", logo_url: null, published: true, row_version: 1 };
  function open() {
    renderInAdmin(
      <ResourceContextProvider value="press">
        <ResourceDialog config={press} state={{ mode: "edit", id: "q1" }} onClose={() => {}} />
      </ResourceContextProvider>,
      stubDataProvider({ getOne: (() => Promise.resolve({ data: quote })) as never }),
    );
    return screen.findByRole("dialog");
  }

  it("writes the typed fields after a pause in typing", async () => {
    const dialog = await open();
    await userEvent.type(await within(dialog).findByLabelText("Source"), " Extra");
    await waitFor(() => expect(readDraft(window.localStorage, "autosave:press:q1")?.values).toEqual({ source: "Weekly Extra" }));
  });

  it("offers kept fields when the editor opens, and Restore fills them", async () => {
    writeDraft(window.localStorage, "autosave:press:q1", { source: "Kept source" });
    const dialog = await open();
    await within(dialog).findByText("Restore unsaved changes?");
    expect(within(dialog).getByLabelText("Source")).toHaveValue("Weekly");
    await userEvent.click(within(dialog).getByRole("button", { name: "Restore" }));
    expect(within(dialog).getByLabelText("Source")).toHaveValue("Kept source");
    expect(within(dialog).queryByText("Restore unsaved changes?")).toBeNull();
  });

  it("Discard forgets the kept fields", async () => {
    writeDraft(window.localStorage, "autosave:press:q1", { source: "Kept source" });
    const dialog = await open();
    await userEvent.click(await within(dialog).findByRole("button", { name: "Discard" }));
    expect(within(dialog).getByLabelText("Source")).toHaveValue("Weekly");
    expect(window.localStorage.getItem("autosave:press:q1")).toBeNull();
  });
});
