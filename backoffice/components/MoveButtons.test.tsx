import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
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
});
