import { StrictMode } from "react";
import { describe, expect, it } from "vitest";
import { renderHook, waitFor } from "@testing-library/react";
import StarterKit from "@tiptap/starter-kit";
import { useEditorForLife } from "./editor-lifecycle.ts";

const options = { extensions: [StarterKit], content: "<p>Written</p>" };

describe("useEditorForLife", () => {
  it("keeps one editor through every render, and destroys it once the component unmounts", async () => {
    const { result, rerender, unmount } = renderHook(() => useEditorForLife(options));
    await waitFor(() => expect(result.current).not.toBeNull());
    const editor = result.current!;
    for (let render = 0; render < 5; render++) rerender();
    expect(result.current).toBe(editor);
    expect(editor.isDestroyed).toBe(false);
    expect(editor.getText()).toBe("Written");
    unmount();
    await waitFor(() => expect(editor.isDestroyed).toBe(true));
  });

  it("keeps its editor through React's development double mount", async () => {
    const { result, unmount } = renderHook(() => useEditorForLife(options), { wrapper: StrictMode });
    await waitFor(() => expect(result.current).not.toBeNull());
    const editor = result.current!;
    await new Promise((done) => setTimeout(done, 20));
    expect(result.current).toBe(editor);
    expect(editor.isDestroyed).toBe(false);
    unmount();
    await waitFor(() => expect(editor.isDestroyed).toBe(true));
  });
});
