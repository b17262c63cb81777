import { useEffect, useRef, useState } from "react";
import { Editor, type EditorOptions } from "@tiptap/core";

/**
 * One TipTap editor for as long as the component that shows it is mounted, made by its first effect
 * (null until then) and destroyed when it unmounts.
 *
 * TipTap's own `useEditor` makes its editor during a render and destroys it, to make another, when
 * the component's effects have not run within a millisecond of that render or of an effect's cleanup:
 * on a busy machine the browser runs that timer first, and a new editor is a new element, so the one
 * being typed in leaves the page with the focus (a loaded journey's editor was replaced mid-word and
 * its next keys went to the dialog). Here nothing but an unmount ends an editor. The destroy waits a
 * tick, so that React's development double mount keeps the editor it made.
 *
 * `options` are read once, when the editor is made; its `editorProps` are set again when they change.
 */
export function useEditorForLife(options: Partial<EditorOptions>): Editor | null {
  const [initial] = useState(options);
  const held = useRef<{ editor: Editor; destroying?: ReturnType<typeof setTimeout> } | null>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  useEffect(() => {
    if (held.current) {
      clearTimeout(held.current.destroying);
      held.current.destroying = undefined;
    } else {
      held.current = { editor: new Editor(initial) };
    }
    setEditor(held.current.editor);
    return () => {
      const ending = held.current;
      if (!ending) return;
      ending.destroying = setTimeout(() => {
        ending.editor.destroy();
        if (held.current === ending) held.current = null;
      });
    };
  }, [initial]);
  const { editorProps } = options;
  useEffect(() => {
    if (editor && !editor.isDestroyed && editorProps && editor.options.editorProps !== editorProps) editor.setOptions({ editorProps });
  }, [editor, editorProps]);
  return editor;
}
