import { Extension, Node, type Extensions } from "@tiptap/core";
import { Placeholder } from "@tiptap/extensions";
import Link from "@tiptap/extension-link";
import { OrderedList } from "@tiptap/extension-list";
import { ReactNodeViewRenderer, type ReactNodeViewProps } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import type { ComponentType } from "react";
import { TEXT_LIMITS } from "../../../../shared/limits.ts";
import { CALL_TO_ACTIONS, IMAGE_SIDE_MAX, isVideoRowId, isYoutubeId, safeHref, safeHttpUrl } from "../../../../shared/rich-text/document.ts";

// The editor's schema: the stored format's nodes and marks (shared/rich-text/document.ts), so that
// what the editor writes is what validateDocument accepts, and what a paste brings is cut down to
// it (ProseMirror keeps only what a node or mark's parse rules match: no script, iframe, style,
// event handler or underline comes through).

/** The node views of the three blocks, given by the editor (they use the back office's UI). */
export interface BlockViews {
  image: ComponentType<ReactNodeViewProps>;
  video: ComponentType<ReactNodeViewProps>;
  callToAction: ComponentType<ReactNodeViewProps>;
}

/** Text cut to `max` characters (a pasted alt text longer than the format allows). */
const clip = (value: string | null, max: number): string | null => (value === null ? null : [...value].slice(0, max).join(""));

const side = (value: string | null): number | null => {
  const number = value === null ? Number.NaN : Number(value);
  return Number.isInteger(number) && number >= 1 && number <= IMAGE_SIDE_MAX ? number : null;
};

/** A picture from the media library (or pasted from a page: http and https only, alt text kept). */
function imageBlock(view: BlockViews["image"]) {
  return Node.create({
    name: "image",
    group: "block",
    atom: true,
    draggable: true,
    selectable: true,
    addAttributes() {
      return {
        src: { default: null, parseHTML: (element) => safeHttpUrl(element.getAttribute("src")) },
        alt: { default: "", parseHTML: (element) => clip(element.getAttribute("alt"), TEXT_LIMITS.alt) ?? "" },
        caption: { default: null, parseHTML: (element) => clip(element.getAttribute("data-caption"), TEXT_LIMITS.alt) },
        width: { default: null, parseHTML: (element) => side(element.getAttribute("width")) },
        height: { default: null, parseHTML: (element) => side(element.getAttribute("height")) },
      };
    },
    parseHTML() {
      return [{ tag: "img[src]", getAttrs: (element) => (safeHttpUrl(element.getAttribute("src")) ? null : false) }];
    },
    renderHTML({ node }) {
      const { src, alt, caption, width, height } = node.attrs as Record<string, string | number | null>;
      return ["img", { src, alt, ...(caption ? { "data-caption": caption } : {}), ...(width ? { width } : {}), ...(height ? { height } : {}) }];
    },
    addNodeView() {
      return ReactNodeViewRenderer(view);
    },
  });
}

/** A YouTube video or a row of the videos table, shown in the editor as our thumbnail and its title. */
function videoBlock(view: BlockViews["video"]) {
  return Node.create({
    name: "video",
    group: "block",
    atom: true,
    draggable: true,
    selectable: true,
    addAttributes() {
      return {
        youtubeId: { default: null, parseHTML: (element) => ((id) => (id && isYoutubeId(id) ? id : null))(element.getAttribute("data-youtube-id")) },
        videoId: { default: null, parseHTML: (element) => ((id) => (id && isVideoRowId(id) ? id : null))(element.getAttribute("data-video-id")) },
        title: { default: "", parseHTML: (element) => clip(element.getAttribute("data-title"), TEXT_LIMITS.title) ?? "" },
        thumbnail: { default: null, parseHTML: (element) => safeHttpUrl(element.getAttribute("data-thumbnail")) },
      };
    },
    // Copied and pasted within the editor as these attributes (ProseMirror copies blocks as HTML).
    parseHTML() {
      return [{ tag: "div[data-block='video']", getAttrs: (element) => (element.getAttribute("data-title")?.trim() ? null : false) }];
    },
    renderHTML({ node }) {
      const { youtubeId, videoId, title, thumbnail } = node.attrs as Record<string, string | null>;
      return ["div", { "data-block": "video", "data-youtube-id": youtubeId, "data-video-id": videoId, "data-title": title, "data-thumbnail": thumbnail }];
    },
    addNodeView() {
      return ReactNodeViewRenderer(view);
    },
  });
}

/** A card with one button: join the waitlist, join Discord, subscribe to the newsletter. */
function callToActionBlock(view: BlockViews["callToAction"]) {
  const action = (value: string | null) => ((CALL_TO_ACTIONS as readonly (string | null)[]).includes(value) ? value : null);
  return Node.create({
    name: "callToAction",
    group: "block",
    atom: true,
    draggable: true,
    selectable: true,
    addAttributes() {
      return {
        action: { default: "waitlist", parseHTML: (element) => action(element.getAttribute("data-action")) },
        label: { default: null, parseHTML: (element) => clip(element.getAttribute("data-label")?.trim() || null, TEXT_LIMITS.label) },
      };
    },
    parseHTML() {
      return [{ tag: "div[data-block='callToAction']", getAttrs: (element) => (action(element.getAttribute("data-action")) ? null : false) }];
    },
    renderHTML({ node }) {
      const { action: kind, label } = node.attrs as Record<string, string | null>;
      return ["div", { "data-block": "callToAction", "data-action": kind, "data-label": label }];
    },
    addNodeView() {
      return ReactNodeViewRenderer(view);
    },
  });
}

/** Ctrl+K (⌘K) opens the toolbar's link box, as in Google Docs and Word. */
function linkShortcut(openLink: () => void) {
  return Extension.create({
    name: "linkShortcut",
    addKeyboardShortcuts() {
      return {
        "Mod-k": () => {
          openLink();
          return true;
        },
      };
    },
  });
}

/** An extension's attributes but one. */
const without = (attributes: object | undefined, name: string) => Object.fromEntries(Object.entries(attributes ?? {}).filter(([key]) => key !== name));

/** The stored format has no `type` on an ordered list (the site numbers lists one way). */
const NumberedList = OrderedList.extend({
  addAttributes() {
    return without(this.parent?.(), "type");
  },
});

/** Links limited to the addresses the renderers write out (safeHref); the format has no `title` on a link. */
const SafeLink = Link.extend({
  addAttributes() {
    return without(this.parent?.(), "title");
  },
}).configure({
  openOnClick: false,
  autolink: true,
  linkOnPaste: true,
  isAllowedUri: (url) => safeHref(url) !== null,
  shouldAutoLink: (url) => safeHref(url) !== null,
});

export interface EditorSchemaOptions {
  blocks: BlockViews;
  /** Shown in an empty editor. */
  placeholder: string;
  openLink: () => void;
}

/** StarterKit as the stored format has it (headings 2 to 4, no underline), with our blocks. */
export function editorExtensions({ blocks, placeholder, openLink }: EditorSchemaOptions): Extensions {
  return [
    StarterKit.configure({ heading: { levels: [2, 3, 4] }, underline: false, link: false, orderedList: false }),
    NumberedList,
    SafeLink,
    imageBlock(blocks.image),
    videoBlock(blocks.video),
    callToActionBlock(blocks.callToAction),
    Placeholder.configure({ placeholder }),
    linkShortcut(openLink),
  ];
}
