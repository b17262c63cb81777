import { describe, expect, it, vi } from "vitest";
import { configure, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpError, ResourceContextProvider } from "react-admin";
import { allConfigs, resourceConfig } from "../resources/index.ts";
import { smallScreenColumns } from "../resources/types.ts";
import { renderInAdmin, stubDataProvider } from "../testing/render.tsx";
import { ResourceList } from "./ResourceList.tsx";

const blog = resourceConfig("blog");
const faq = resourceConfig("faq");
const press = resourceConfig("press");

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

describe("a list whose read failed", () => {
  it("shows the failure and Try Again, never the empty state nor a stale count, and recovers", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    let serverDown = true;
    const quote = { id: "q1", quote: "A cartridge that plays.", source: "Retro Weekly", logo_url: null, published: true, created_at: "2026-01-02T00:00:00Z" };
    const getList = vi.fn(() => (serverDown ? Promise.reject(new HttpError("Internal error", 500)) : Promise.resolve({ data: [quote], total: 1 })));
    renderInAdmin(
      <ResourceContextProvider value="press">
        <ResourceList config={press} />
      </ResourceContextProvider>,
      stubDataProvider({ getList: getList as never }),
    );
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load quotes. Check your connection and try again.");
    expect(screen.queryByText("No quotes yet.")).toBeNull();
    expect(screen.queryByText(/\d+-\d+ of \d+/)).toBeNull();
    expect(logged).toHaveBeenCalledWith("Error fetching quotes", expect.anything());
    serverDown = false;
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    await screen.findByText("Retro Weekly");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("the columns a phone shows", () => {
  it("are the ones a config names, else its first sortable column", () => {
    expect(smallScreenColumns(faq).map((column) => column.source)).toEqual(["question"]);
    expect(smallScreenColumns(blog).map((column) => column.source)).toEqual(["title"]);
    expect(smallScreenColumns({ columns: [{ source: "logo_url", label: "Logo", kind: "image" }, { source: "quote", label: "Quote", kind: "clamp" }] }).map((column) => column.source)).toEqual(["logo_url"]);
    expect(smallScreenColumns({ columns: [] })).toEqual([]);
  });
});

describe("positions of reorderable lists", () => {
  const reorderable = allConfigs.filter((config) => config.capabilities.reorder && !config.page);

  it("every reorderable list shows its rows' order as a position counted from 1", () => {
    expect(reorderable.map((config) => config.name).sort()).toEqual(["cartridge_models", "faq", "interface_previews"]);
    for (const config of reorderable) {
      expect(config.columns.filter((column) => column.source === "order").map((column) => column.kind), config.name).toEqual(["position"]);
    }
  });

  it.each(reorderable.map((config) => [config.name, config] as const))("%s: the first row is #1, the next #2", async (_name, config) => {
    const rows = [0, 1].map((order) => ({ ...config.example.row(order), id: `r${order}`, order, published: true, publish_at: null }));
    renderInAdmin(
      <ResourceContextProvider value={config.name}>
        <ResourceList config={config} />
      </ResourceContextProvider>,
      stubDataProvider({ getList: (() => Promise.resolve({ data: rows, total: rows.length })) as never }),
    );
    const header = await screen.findByRole("columnheader", { name: "#" });
    const column = [...header.parentElement!.children].indexOf(header);
    const cells = (await screen.findAllByRole("row")).slice(1).map((row) => row.children[column]?.textContent);
    expect(cells).toEqual(["1", "2"]);
  });
});
