import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { BrowserRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "../App.tsx";
import { homePage, STAGES, stubNetwork } from "../test-utils.tsx";
import { clearData, primeData } from "./resource.ts";

afterEach(() => {
  clearData();
  window.history.replaceState(null, "", "/");
  vi.unstubAllGlobals();
});

describe("the data a page was rendered with on the server", () => {
  it("is not read again on that page's first view; the page visited again is read afresh", async () => {
    const network = stubNetwork({ home_page: homePage({ stages: STAGES }) });
    window.history.replaceState(null, "", "/");
    primeData({ data: { home: homePage({ stages: STAGES }) }, failed: [] }, "/");
    window.scrollTo = () => {};
    const user = userEvent.setup();
    render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    // The progress section shows the server's stages without reading them again.
    expect(await screen.findByTestId("hardware-percentage")).toHaveTextContent("057%");
    expect(network.reads("home_page")).toHaveLength(0);

    const menu = within(screen.getByRole("navigation", { name: "Main" }));
    await user.click(menu.getByRole("link", { name: "About" }));
    await screen.findByRole("heading", { level: 1, name: "Our Story" });
    await user.click(menu.getByRole("link", { name: "Home" }));
    await vi.waitFor(() => expect(network.reads("home_page")).toHaveLength(1));
  });

  it("that failed on the server is read again at once", async () => {
    const network = stubNetwork({ home_page: homePage({ stages: STAGES }) });
    primeData({ data: {}, failed: ["home"] }, "/");
    window.scrollTo = () => {};
    render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    expect(await screen.findByTestId("hardware-percentage")).toHaveTextContent("057%");
    expect(network.reads("home_page")).toHaveLength(1);
  });
});
