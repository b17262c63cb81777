import { render, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useRowCheckboxLabels } from "./useRowCheckboxLabels.ts";

function List({ rows }: { rows: string[] }) {
  const labelRowCheckboxes = useRowCheckboxLabels();
  return (
    <div ref={labelRowCheckboxes}>
      {rows.map((row) => (
        <span key={row} className="RaDataTable-checkbox" aria-label="Select this row">
          <input type="checkbox" data-row={row} />
        </span>
      ))}
    </div>
  );
}

const labels = (container: HTMLElement) => [...container.querySelectorAll("input")].map((input) => input.getAttribute("aria-label"));

describe("row checkbox labels", () => {
  it("are on each checkbox, none on its wrapper, from the first drawing", () => {
    const { container } = render(<List rows={["a", "b"]} />);
    expect(labels(container)).toEqual(["Select this row", "Select this row"]);
    expect(container.querySelectorAll("[aria-label]:not(input)")).toHaveLength(0);
  });

  it("reach rows drawn later, and a checkbox drawn anew inside a wrapper already relabelled", async () => {
    const { container, rerender } = render(<List rows={["a"]} />);
    rerender(<List rows={["a", "b", "c"]} />);
    await waitFor(() => expect(labels(container)).toEqual(["Select this row", "Select this row", "Select this row"]));
    const wrapper = container.querySelector("span")!;
    wrapper.replaceChildren(Object.assign(document.createElement("input"), { type: "checkbox" }));
    await waitFor(() => expect(labels(container)).toEqual(["Select this row", "Select this row", "Select this row"]));
  });
});
