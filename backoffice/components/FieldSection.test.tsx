import { describe, expect, it, vi } from "vitest";
import { configure, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ResourceContextProvider } from "react-admin";
import { resourceConfig } from "../resources/index.ts";
import { renderInAdmin, stubDataProvider } from "../testing/render.tsx";
import { ResourceDialog, type DialogState } from "./ResourceDialog.tsx";

const blog = resourceConfig("blog");

// The whole admin renders in jsdom: allow for a busy machine.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const post = { id: "p1", title: "Boot", slug: "boot", content: "Words.", category: "hardware", read_time: "1 min read", published: false, row_version: 1 };

async function openPost(values: Record<string, unknown>) {
  const state: DialogState = { mode: "edit", id: "p1" };
  const getOne = vi.fn(() => Promise.resolve({ data: { ...post, ...values } }));
  renderInAdmin(
    <ResourceContextProvider value={blog.name}>
      <ResourceDialog config={blog} state={state} onClose={() => {}} />
    </ResourceContextProvider>,
    stubDataProvider({ getOne: getOne as never }),
  );
  const dialog = await screen.findByRole("dialog");
  await within(dialog).findByDisplayValue("Boot");
  return dialog;
}

describe("a form's collapsible section: the post editor's Search and sharing", () => {
  it("is folded while its fields are empty, and opens to show the three SEO fields with their defaults explained", async () => {
    const dialog = await openPost({ seo_description: null, seo_image_url: null, canonical_url: null });
    const section = within(dialog).getByRole("button", { name: "Search and sharing" });
    expect(section).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(section);
    expect(section).toHaveAttribute("aria-expanded", "true");
    expect(within(dialog).getByRole("textbox", { name: "Meta description" })).toBeVisible();
    expect(within(dialog).getByRole("textbox", { name: "Social image URL" })).toBeVisible();
    expect(within(dialog).getByRole("textbox", { name: "Canonical URL" })).toBeVisible();
    expect(within(dialog).getByText(/Empty: this post's own address/)).toBeVisible();
  });

  it("is open from the start when one of its fields has a value", async () => {
    const dialog = await openPost({ canonical_url: "https://original.example/boot" });
    expect(within(dialog).getByRole("button", { name: "Search and sharing" })).toHaveAttribute("aria-expanded", "true");
    expect(within(dialog).getByRole("textbox", { name: "Canonical URL" })).toHaveValue("https://original.example/boot");
  });
});
