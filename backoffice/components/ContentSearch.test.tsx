import { describe, expect, it, vi } from "vitest";
import { configure, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpError, useLocation } from "react-admin";
import { searchSources, type SearchHit } from "../../shared/content-search.ts";
import { renderInAdmin, stubDataProvider } from "../testing/render.tsx";
import { ContentSearch } from "./ContentSearch.tsx";

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

// The app bar's search box: what it asks the API and how it shows and opens hits. What matches is
// proven against the database in tests/integration/database-editorial.test.ts.

const hits: SearchHit[] = [
  { source: "blog_posts", id: "p1", fields: { title: "Cartridge news", content: "All about the zephyr module" }, snippet: "All about the zephyr module" },
  { source: "whitepaper", id: "w1", fields: { title: "RCRT Whitepaper", version: "1.2" }, snippet: "RCRT Whitepaper" },
  { source: "media_assets", id: "m1", fields: { filename: "zephyr-board.png" }, snippet: "zephyr-board.png" },
];

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search} ${JSON.stringify(location.state ?? null)}`}</output>;
}

function renderSearch(rpc: (fn: string, args: Record<string, unknown>) => Promise<unknown>) {
  renderInAdmin(
    <>
      <ContentSearch />
      <Where />
    </>,
    stubDataProvider({ rpc: rpc as never }),
  );
  return screen.getByRole("combobox", { name: "Search content" });
}

describe("search across content", () => {
  it("asks search_content with the registry's sources, lists hits with their type, and Enter opens the chosen one at its record address", async () => {
    const rpc = vi.fn(() => Promise.resolve(hits));
    const box = renderSearch(rpc);
    await userEvent.type(box, "zephyr");
    expect(await screen.findByRole("option", { name: /Cartridge news/ })).toHaveTextContent("Blog Posts · All about the zephyr module");
    expect(screen.getByRole("option", { name: /RCRT Whitepaper v1\.2/ })).toHaveTextContent("Whitepaper");
    expect(rpc).toHaveBeenLastCalledWith("search_content", { query: "zephyr", sources: searchSources(), max_results: 20 });
    expect(rpc).toHaveBeenCalledTimes(1); // one request once typing pauses, not one per key
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    expect(screen.getByTestId("where")).toHaveTextContent("/whitepaper/w1 null");
    expect(box).toHaveValue("");
  });

  it("opens media through the library's own search", async () => {
    const box = renderSearch(() => Promise.resolve(hits));
    await userEvent.type(box, "zephyr");
    await userEvent.click(await screen.findByRole("option", { name: /zephyr-board\.png/ }));
    expect(screen.getByTestId("where")).toHaveTextContent(`/media?filter=${encodeURIComponent('{"q":"zephyr-board.png"}')}`);
  });

  it("says when nothing matches and when the search failed", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let fail = false;
    const box = renderSearch(() => (fail ? Promise.reject(new HttpError("Internal error", 500)) : Promise.resolve([])));
    await userEvent.type(box, "nothing");
    await screen.findByText("No content matches your search.");
    fail = true;
    await userEvent.type(box, "x");
    await screen.findByText("Search failed. Check your connection and try again.");
    expect(console.error).toHaveBeenCalledWith("Error searching content", expect.anything());
  });
});
