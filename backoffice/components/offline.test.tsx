import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configure, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpError, Notification, RecordContextProvider, ResourceContextProvider } from "react-admin";
import { ConnectionError } from "../lib/connection.ts";
import type { AdminDataProvider } from "../lib/data-provider.ts";
import { resourceConfig } from "../resources/index.ts";
import { renderInAdmin, stubDataProvider } from "../testing/render.tsx";
import { PublishToggle } from "./PublishToggle.tsx";
import { BACK_ONLINE } from "./SaveButton.tsx";
import { ResourceDialog } from "./ResourceDialog.tsx";

const press = resourceConfig("press");

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

// What the screens do with a request that got no answer; the fetch guard itself is in lib/connection.test.tsx.

const quote = { id: "q1", quote: "Great device", source: "Retro Weekly", logo_url: null, published: true, row_version: 3 };

function openEditor(update: AdminDataProvider["update"]) {
  const onClose = vi.fn();
  renderInAdmin(
    <ResourceContextProvider value="press">
      <ResourceDialog config={press} state={{ mode: "edit", id: "q1" }} onClose={onClose} />
      <Notification />
    </ResourceContextProvider>,
    stubDataProvider({ getOne: (() => Promise.resolve({ data: quote })) as never, update }),
  );
  return onClose;
}

describe("a save without an answer", () => {
  it("says why once, keeps the typed values, drops the offline message when the network is back, and Retry saves them", async () => {
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const update = vi.fn().mockRejectedValueOnce(new ConnectionError("offline")).mockImplementation((_resource, { data }) => Promise.resolve({ data }));
    const onClose = openEditor(update as never);
    const field = await screen.findByDisplayValue("Great device");
    await userEvent.clear(field);
    await userEvent.type(field, "Written on a train");
    await userEvent.click(screen.getByRole("button", { name: "Save Quote" }));

    const editor = screen.getByRole("dialog", { name: "Edit Quote" });
    expect(await within(editor).findByRole("alert")).toHaveTextContent("Not saved: You are offline. Check your connection and try again.");
    // The one place that says it: no notification repeats it (one would come from the same failed
    // save's handler as the alert, so it would be on screen with it).
    expect(screen.getAllByText(/You are offline/)).toHaveLength(1);
    expect(screen.getByDisplayValue("Written on a train")).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    online.mockReturnValue(true);
    window.dispatchEvent(new Event("online"));
    expect(await within(editor).findByRole("alert")).toHaveTextContent(BACK_ONLINE);
    expect(screen.queryByText(/You are offline/)).toBeNull();

    await userEvent.click(within(editor).getByRole("button", { name: "Retry" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(update).toHaveBeenCalledTimes(2);
    expect(update).toHaveBeenLastCalledWith("press", expect.objectContaining({ data: expect.objectContaining({ quote: "Written on a train" }) }));
  });

  it("a save that timed out keeps its message when the browser's connection changes, and says it once", async () => {
    openEditor((() => Promise.reject(new ConnectionError("timeout"))) as never);
    await screen.findByDisplayValue("Great device");
    await userEvent.click(screen.getByRole("button", { name: "Save Quote" }));
    const editor = screen.getByRole("dialog", { name: "Edit Quote" });
    expect(await within(editor).findByRole("alert")).toHaveTextContent("Not saved: The server did not answer in time.");
    window.dispatchEvent(new Event("online"));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText(/did not answer in time/)).toHaveLength(1);
    expect(within(editor).getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("a refusal is no connection problem: no Retry", async () => {
    openEditor((() => Promise.reject(new HttpError("permission denied", 403))) as never);
    await screen.findByDisplayValue("Great device");
    await userEvent.click(screen.getByRole("button", { name: "Save Quote" }));
    await screen.findByText("Error saving quote: permission denied");
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
  });
});

describe("the publish toggle", () => {
  it("shows its request under way, and offline fails with a message, leaving the row as it was", async () => {
    let fail: (error: unknown) => void = () => {};
    const update = vi.fn(() => new Promise((_resolve, reject) => (fail = reject)));
    renderInAdmin(
      <ResourceContextProvider value="press">
        <RecordContextProvider value={quote}>
          <PublishToggle errorText="Error updating quote" />
        </RecordContextProvider>
        <Notification />
      </ResourceContextProvider>,
      stubDataProvider({ update: update as never }),
    );
    await userEvent.click(screen.getByRole("button", { name: /^Unpublish/ }));
    const button = screen.getByRole("button", { name: /^Unpublish/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(within(button).getByRole("progressbar", { hidden: true })).toBeInTheDocument();

    fail(new ConnectionError("offline"));
    await screen.findByText("Error updating quote: You are offline. Check your connection and try again.");
    expect(screen.getByRole("button", { name: /^Unpublish/ })).toBeEnabled();
    expect(update).toHaveBeenCalledTimes(1);
  });
});
