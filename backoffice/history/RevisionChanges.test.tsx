import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { RevisionChanges } from "./RevisionChanges.tsx";

describe("RevisionChanges", () => {
  it("shows an edit field by field under the form's labels: words removed struck, words added marked", () => {
    const { container } = render(
      <RevisionChanges
        labels={{ title: "Title", image_url: "Cover image" }}
        revision={{
          action: "update",
          before: { id: "1", title: "Firmware verifies blocks", image_url: null, published: false, updated_at: "a", row_version: 3 },
          after: { id: "1", title: "Firmware now checks blocks", image_url: "https://example.com/a.png", published: true, updated_at: "b", row_version: 4 },
        }}
      />,
    );
    expect([...container.querySelectorAll("dt")].map((term) => term.textContent)).toEqual(["Title", "Cover image", "Published"]);
    expect([...container.querySelectorAll("del")].map((node) => node.textContent)).toEqual(["verifies", "No"]);
    expect([...container.querySelectorAll("ins")].map((node) => node.textContent)).toEqual(["now checks", "https://example.com/a.png", "Yes"]);
    expect(screen.getByText("empty")).toBeInTheDocument();
  });

  it("shortens long unchanged text to the words around a change", () => {
    const words = (from: number) => Array.from({ length: 200 }, (_, n) => `word${from + n}`).join(" ");
    const { container } = render(
      <RevisionChanges revision={{ action: "update", before: { content: `${words(0)} old ${words(1000)}` }, after: { content: `${words(0)} new ${words(1000)}` } }} />,
    );
    const shown = container.querySelector("dd")!.textContent!;
    expect(shown.startsWith("…")).toBe(true);
    expect(shown.endsWith("…")).toBe(true);
    expect(shown).toContain("word199 oldnew word1000");
    expect(shown).not.toContain("word0 ");
    expect(shown.length).toBeLessThan(300);
  });

  it("shows what a deleted row held, without marking it as a change", () => {
    const { container } = render(<RevisionChanges revision={{ action: "delete", before: { id: "1", question: "Why?", answer: "Because." }, after: null }} labels={{ question: "Question" }} />);
    expect([...container.querySelectorAll("dt")].map((term) => term.textContent)).toEqual(["Question", "Answer"]);
    expect(container.querySelectorAll("del, ins")).toHaveLength(0);
    expect(screen.getByText("Because.")).toBeInTheDocument();
  });

  it("shows timestamps as a date and time in the admin's zone, never as the API's raw text", () => {
    const { container } = render(
      <RevisionChanges
        labels={{ publish_at: "Publish at" }}
        revision={{ action: "update", before: { publish_at: null, created_at: "2026-11-20 08:00:00+00" }, after: { publish_at: "2026-12-01T09:30:00+00:00", created_at: "2026-11-20 08:00:00+00" } }}
      />,
    );
    const local = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" }).format(new Date("2026-12-01T09:30:00Z"));
    expect(container.querySelector("ins")?.textContent).toBe(local);
    expect(container.textContent).not.toContain("2026-12-01T");
  });

  it("says so when nothing visible changed (the time and the row's version move by themselves)", () => {
    render(<RevisionChanges revision={{ action: "update", before: { id: "1", updated_at: "a", row_version: 1 }, after: { id: "1", updated_at: "b", row_version: 2 } }} />);
    expect(screen.getByText("No visible change.")).toBeInTheDocument();
  });
});
