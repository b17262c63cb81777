import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { RevisionChanges } from "./RevisionChanges.tsx";

const paragraph = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
const doc = (...blocks: object[]) => ({ type: "doc", content: blocks });

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

  it("shows a translation's change by its translated fields, not the database's bookkeeping of what they were translated from", () => {
    const translation = (question: string, published: boolean) => ({ id: "t1", source_table: "faq_entries", row_id: "q1", language: "ja", fields: { question, answer: "答え" }, source: { question: `English of ${question}` }, published });
    const { container } = render(<RevisionChanges labels={{ question: "Question" }} revision={{ action: "update", before: translation("質問", false), after: translation("新しい質問", true) }} />);
    expect([...container.querySelectorAll("dt")].map((term) => term.textContent)).toEqual(["Question", "Published"]);
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

  it("shows a rich text by its paragraphs, never its JSON: a rewritten paragraph word by word, a removed and an added one whole, struck or underlined", () => {
    const before = doc(
      { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Launch plan" }] },
      paragraph("The cartridge firmware verifies every block before boot."),
      paragraph("This paragraph goes away."),
      { type: "image", attrs: { src: "https://example.com/a.png", alt: "The board" } },
    );
    const after = doc(
      { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Launch plan" }] },
      paragraph("The cartridge firmware now checks every block before boot."),
      { type: "image", attrs: { src: "https://example.com/a.png", alt: "The board" } },
      paragraph("A new closing paragraph."),
    );
    const { container } = render(<RevisionChanges labels={{ content: "Content" }} revision={{ action: "update", before: { content: before }, after: { content: after } }} />);
    const shown = container.querySelector("dd")!;
    expect(shown.textContent).not.toMatch(/[{}"]|attrs/);
    expect(shown.textContent).toContain("Launch plan");
    expect([...shown.querySelectorAll("del")].map((node) => node.textContent)).toEqual(["verifies", "This paragraph goes away."]);
    expect([...shown.querySelectorAll("ins")].map((node) => node.textContent)).toEqual(["now checks", "A new closing paragraph."]);
    // Marked by more than colour: struck and underlined, and each mark announced by text of its own.
    const styles = [...shown.querySelectorAll("del, ins")].map((node) => getComputedStyle(node).textDecoration);
    expect(styles).toEqual(["line-through", "underline", "line-through", "underline"]);
  });

  it("a document that became empty or was created shows its text whole", () => {
    const { container } = render(<RevisionChanges revision={{ action: "insert", before: null, after: { answer: doc(paragraph("Yes, it does."), paragraph("Twice.")) } }} />);
    expect(container.querySelector("dd")!.textContent).toBe("Yes, it does.\n\nTwice.");
  });

  it("a long document shows the paragraphs next to a change, and the others as one ellipsis", () => {
    const paragraphs = Array.from({ length: 30 }, (_, n) => `Paragraph number ${n} says something.`);
    const changed = paragraphs.map((text, n) => (n === 15 ? "Paragraph number 15 says nothing." : text));
    const { container } = render(<RevisionChanges revision={{ action: "update", before: { content: doc(...paragraphs.map(paragraph)) }, after: { content: doc(...changed.map(paragraph)) } }} />);
    const shown = container.querySelector("dd")!.textContent!;
    expect(shown).toBe("…Paragraph number 14 says something.Paragraph number 15 says something.nothing.Paragraph number 16 says something.…");
    expect(container.querySelector("del")!.textContent).toBe("something.");
    expect(container.querySelector("ins")!.textContent).toBe("nothing.");
  });

  it("a whitepaper's sections with rich content are compared as their titles and paragraphs", () => {
    const sections = (text: string) => [{ title: "Intro", content: doc(paragraph("Why we build it.")), order: 0 }, { title: "Design", content: doc(paragraph(text)), order: 1 }];
    const { container } = render(<RevisionChanges revision={{ action: "update", before: { sections: sections("Two chips do the work.") }, after: { sections: sections("Three chips do the work.") } }} />);
    expect(container.querySelector("dd")!.textContent).not.toContain("{");
    expect(container.querySelector("del")!.textContent).toBe("Two");
    expect(container.querySelector("ins")!.textContent).toBe("Three");
  });

  it("a document whose words stayed the same says its formatting changed", () => {
    const bold = doc({ type: "paragraph", content: [{ type: "text", text: "Words", marks: [{ type: "bold" }] }] });
    const { container } = render(<RevisionChanges revision={{ action: "update", before: { content: doc(paragraph("Words")) }, after: { content: bold } }} />);
    expect(container.querySelector("dd")!.textContent).toBe("Formatting changed; the text is the same.");
  });
});
