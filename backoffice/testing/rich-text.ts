import { act } from "@testing-library/react";
import type { Editor } from "@tiptap/core";

// The rich editor (TipTap, ProseMirror) in jsdom, for component tests that write in it.

// jsdom lays nothing out: ProseMirror asks where the selection is, to scroll it into view.
const noRects = () => Object.assign([] as DOMRect[], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= noRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect(0, 0, 0, 0);
document.elementFromPoint ??= () => null;
// ProseMirror's paste logic takes a paste event; jsdom has none.
globalThis.ClipboardEvent ??= class extends Event {
  readonly clipboardData = null;
} as unknown as typeof ClipboardEvent;

/** The TipTap editor of a rich editor's text box (TipTap keeps it on its element). */
export function editorOf(textbox: HTMLElement): Editor {
  const editor = (textbox as HTMLElement & { editor?: Editor }).editor;
  if (!editor) throw new Error("Not a rich editor's text box");
  return editor;
}

/**
 * Text typed as ProseMirror reads it from the page (its input rules first: "## " makes a heading).
 * userEvent cannot type into a contenteditable that ProseMirror redraws under it in jsdom.
 */
export function typeInEditor(editor: Editor, words: string): void {
  act(() => {
    for (const character of words) {
      const { view } = editor;
      const { from, to } = view.state.selection;
      const insert = () => view.state.tr.insertText(character, from, to);
      if (!view.someProp("handleTextInput", (handle) => handle(view, from, to, character, insert))) view.dispatch(insert());
    }
  });
}
