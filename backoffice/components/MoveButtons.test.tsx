import { describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RecordContextProvider, ResourceContextProvider, ResourceDefinitionContextProvider } from "react-admin";
import { resourceConfig } from "../resources/index.ts";
import { renderInAdmin } from "../testing/render.tsx";
import { MoveButtons } from "./MoveButtons.tsx";

const faq = resourceConfig("faq");

describe("Move up and Move down", () => {
  it("name the row they move, so a screen reader tells the rows' buttons apart", async () => {
    const move = vi.fn(() => Promise.resolve(true));
    renderInAdmin(
      <ResourceDefinitionContextProvider definitions={{ faq: { name: "faq", recordRepresentation: faq.recordRepresentation } }}>
        <ResourceContextProvider value="faq">
          <RecordContextProvider value={{ id: "q1", question: "Is there a subscription fee?", order: 0 }}>
            <MoveButtons move={move} errorText="Error updating question" isFirst />
          </RecordContextProvider>
        </ResourceContextProvider>
      </ResourceDefinitionContextProvider>,
    );
    expect(screen.getByRole("button", { name: "Move up: Is there a subscription fee?" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Move down: Is there a subscription fee?" }));
    expect(move).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ id: "q1" }), "down");
  });

  it("a tooltip closes on the click and stays closed while the pointer rests, and closes when the row's order changes", async () => {
    let release: (value: boolean) => void = () => {};
    const move = vi.fn(() => new Promise<boolean>((done) => (release = done)));
    let setOrder: (order: number) => void = () => {};
    function Row() {
      const [order, set] = useState(0);
      setOrder = set;
      return (
      <ResourceDefinitionContextProvider definitions={{ faq: { name: "faq", recordRepresentation: faq.recordRepresentation } }}>
        <ResourceContextProvider value="faq">
          <RecordContextProvider value={{ id: "q1", question: "Is there a subscription fee?", order }}>
            <MoveButtons move={move} errorText="Error updating question" onMoved={() => {}} />
          </RecordContextProvider>
        </ResourceContextProvider>
      </ResourceDefinitionContextProvider>
      );
    }
    renderInAdmin(<Row />);
    const down = screen.getByRole("button", { name: "Move down: Is there a subscription fee?" });
    await userEvent.hover(down);
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Move down");
    await userEvent.click(down);
    await waitFor(() => expect(screen.queryByRole("tooltip")).toBeNull());
    release(true);
    await waitFor(() => expect(down).toBeEnabled());
    expect(screen.queryByRole("tooltip")).toBeNull();

    // The pointer moves again: the tooltip is back; the row then moves (its order changes): it closes.
    await userEvent.hover(down);
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Move down");
    act(() => setOrder(1));
    await waitFor(() => expect(screen.queryByRole("tooltip")).toBeNull());
  });
});
