import { useRef, useState, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Popover from "@mui/material/Popover";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import UndoIcon from "@mui/icons-material/Undo";
import RedoIcon from "@mui/icons-material/Redo";
import BoldIcon from "@mui/icons-material/FormatBold";
import ItalicIcon from "@mui/icons-material/FormatItalic";
import StrikeIcon from "@mui/icons-material/StrikethroughS";
import CodeIcon from "@mui/icons-material/Code";
import LinkIcon from "@mui/icons-material/Link";
import BulletIcon from "@mui/icons-material/FormatListBulleted";
import NumberedIcon from "@mui/icons-material/FormatListNumbered";
import QuoteIcon from "@mui/icons-material/FormatQuote";
import CodeBlockIcon from "@mui/icons-material/DataObject";
import RuleIcon from "@mui/icons-material/HorizontalRule";
import ImageIcon from "@mui/icons-material/ImageOutlined";
import VideoIcon from "@mui/icons-material/SmartDisplayOutlined";
import CampaignIcon from "@mui/icons-material/CampaignOutlined";
import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { CALL_TO_ACTIONS, safeHref } from "../../../../shared/rich-text/document.ts";
import { TEXT_LIMITS } from "../../../../shared/limits.ts";
import { MediaPicker } from "../MediaUrlInput.tsx";
import { CALL_TO_ACTION_NAMES } from "./blocks.tsx";
import { imageOf, insertBlock } from "./images.ts";
import { InsertVideoDialog } from "./InsertVideoDialog.tsx";

/** Said under the link box when the address is not one the site writes out. */
export const BAD_LINK = "Enter a full address that starts with https://, http:// or mailto:, or a path on this site such as /about";

const MAC = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
/** A shortcut as this computer's keyboard says it: "Ctrl+Shift+8", "⌘⇧8". */
export function shortcut(keys: string): string {
  return MAC ? keys.replace(/Ctrl\+/g, "⌘").replace(/Shift\+/g, "⇧").replace(/Alt\+/g, "⌥") : keys;
}

interface ToolProps {
  label: string;
  keys?: string;
  icon: ReactNode;
  onClick: () => void;
  active?: boolean;
  disabled?: boolean;
  /** Opens a menu or a box. */
  popup?: boolean;
  buttonRef?: React.Ref<HTMLButtonElement>;
}

/** One toolbar button: its name for screen readers, a tooltip with its shortcut, pressed while its format is on. */
function Tool({ label, keys, icon, onClick, active, disabled, popup, buttonRef }: ToolProps) {
  return (
    <Tooltip title={keys ? `${label} (${shortcut(keys)})` : label}>
      <span>
        <IconButton
          ref={buttonRef}
          size="small"
          aria-label={label}
          aria-keyshortcuts={keys?.replace(/Ctrl/g, MAC ? "Meta" : "Control")}
          aria-pressed={popup ? undefined : active === undefined ? undefined : active}
          aria-haspopup={popup ? "dialog" : undefined}
          disabled={disabled}
          color={active ? "primary" : "default"}
          // Keeps the editor's selection: the button acts on it.
          onMouseDown={(event) => event.preventDefault()}
          onClick={onClick}
          sx={{ borderRadius: 1, bgcolor: active ? "action.selected" : undefined, "&.Mui-focusVisible": { outline: 2, outlineColor: "primary.main", outlineOffset: -2 } }}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

const Heading = ({ level }: { level: number }) => (
  <Typography component="span" sx={{ fontWeight: 700, fontSize: 14, width: 24, lineHeight: "24px" }} aria-hidden>
    H{level}
  </Typography>
);

const Separator = () => <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />;

export interface ToolbarProps {
  editor: Editor;
  /** The field's name, naming the toolbar ("Content formatting"). */
  name: string;
  linkOpen: boolean;
  onLinkOpen: (open: boolean) => void;
  /** Upload picture files chosen from the computer. */
  onUpload: (files: File[]) => void;
}

export function Toolbar({ editor, name, linkOpen, onLinkOpen, onUpload }: ToolbarProps) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      strike: current.isActive("strike"),
      code: current.isActive("code"),
      link: current.isActive("link"),
      h2: current.isActive("heading", { level: 2 }),
      h3: current.isActive("heading", { level: 3 }),
      h4: current.isActive("heading", { level: 4 }),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      blockquote: current.isActive("blockquote"),
      codeBlock: current.isActive("codeBlock"),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  // The buttons menus and the link box open under (state, as they are read while rendering).
  const [linkButton, setLinkButton] = useState<HTMLButtonElement | null>(null);
  const [imageButton, setImageButton] = useState<HTMLButtonElement | null>(null);
  const [ctaButton, setCtaButton] = useState<HTMLButtonElement | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [menu, setMenu] = useState<"image" | "cta" | null>(null);
  const [dialog, setDialog] = useState<"library" | "video" | null>(null);
  const chain = () => editor.chain().focus();
  const insert = (block: object) => insertBlock(editor, block);

  return (
    <Box
      role="toolbar"
      aria-label={`${name} formatting`}
      sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 0.25, p: 0.5, borderBottom: 1, borderColor: "divider", position: "sticky", top: 0, zIndex: 2, bgcolor: "background.paper" }}
    >
      <Tool label="Undo" keys="Ctrl+Z" icon={<UndoIcon fontSize="small" />} onClick={() => chain().undo().run()} disabled={!state.canUndo} />
      <Tool label="Redo" keys="Ctrl+Shift+Z" icon={<RedoIcon fontSize="small" />} onClick={() => chain().redo().run()} disabled={!state.canRedo} />
      <Separator />
      <Tool label="Heading 2" keys="Ctrl+Alt+2" icon={<Heading level={2} />} active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()} />
      <Tool label="Heading 3" keys="Ctrl+Alt+3" icon={<Heading level={3} />} active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()} />
      <Tool label="Heading 4" keys="Ctrl+Alt+4" icon={<Heading level={4} />} active={state.h4} onClick={() => chain().toggleHeading({ level: 4 }).run()} />
      <Separator />
      <Tool label="Bold" keys="Ctrl+B" icon={<BoldIcon fontSize="small" />} active={state.bold} onClick={() => chain().toggleBold().run()} />
      <Tool label="Italic" keys="Ctrl+I" icon={<ItalicIcon fontSize="small" />} active={state.italic} onClick={() => chain().toggleItalic().run()} />
      <Tool label="Strikethrough" keys="Ctrl+Shift+S" icon={<StrikeIcon fontSize="small" />} active={state.strike} onClick={() => chain().toggleStrike().run()} />
      <Tool label="Inline code" keys="Ctrl+E" icon={<CodeIcon fontSize="small" />} active={state.code} onClick={() => chain().toggleCode().run()} />
      <Tool label="Link" keys="Ctrl+K" icon={<LinkIcon fontSize="small" />} active={state.link} popup buttonRef={setLinkButton} onClick={() => onLinkOpen(true)} />
      <Separator />
      <Tool label="Bulleted list" keys="Ctrl+Shift+8" icon={<BulletIcon fontSize="small" />} active={state.bulletList} onClick={() => chain().toggleBulletList().run()} />
      <Tool label="Numbered list" keys="Ctrl+Shift+7" icon={<NumberedIcon fontSize="small" />} active={state.orderedList} onClick={() => chain().toggleOrderedList().run()} />
      <Tool label="Quote" keys="Ctrl+Shift+B" icon={<QuoteIcon fontSize="small" />} active={state.blockquote} onClick={() => chain().toggleBlockquote().run()} />
      <Tool label="Code block" keys="Ctrl+Alt+C" icon={<CodeBlockIcon fontSize="small" />} active={state.codeBlock} onClick={() => chain().toggleCodeBlock().run()} />
      <Tool label="Horizontal rule" icon={<RuleIcon fontSize="small" />} onClick={() => chain().setHorizontalRule().run()} />
      <Separator />
      <Tool label="Insert image" icon={<ImageIcon fontSize="small" />} popup buttonRef={setImageButton} onClick={() => setMenu("image")} />
      <Tool label="Insert video" icon={<VideoIcon fontSize="small" />} popup onClick={() => setDialog("video")} />
      <Tool label="Insert call to action" icon={<CampaignIcon fontSize="small" />} popup buttonRef={setCtaButton} onClick={() => setMenu("cta")} />

      <input
        ref={fileInput}
        type="file"
        hidden
        accept="image/*"
        multiple
        data-testid="rich-text-file-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          if (files.length > 0) onUpload(files);
        }}
      />
      <Menu anchorEl={imageButton} open={menu === "image"} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => (setMenu(null), setDialog("library"))}>From the media library</MenuItem>
        <MenuItem onClick={() => (setMenu(null), fileInput.current?.click())}>Upload from this computer</MenuItem>
      </Menu>
      <Menu anchorEl={ctaButton} open={menu === "cta"} onClose={() => setMenu(null)}>
        {CALL_TO_ACTIONS.map((action) => (
          <MenuItem key={action} onClick={() => (setMenu(null), insert({ type: "callToAction", attrs: { action, label: null } }))}>
            {CALL_TO_ACTION_NAMES[action]}
          </MenuItem>
        ))}
      </Menu>
      {dialog === "library" && <MediaPicker mediaType="image" onClose={() => setDialog(null)} onPick={(asset) => (setDialog(null), insert(imageOf(asset)))} />}
      {dialog === "video" && <InsertVideoDialog onClose={() => setDialog(null)} onInsert={(video) => (setDialog(null), insert(video))} />}
      {linkOpen && <LinkBox editor={editor} anchor={linkButton} onClose={() => onLinkOpen(false)} />}
    </Box>
  );
}

/** The link of the selection: an address checked as the site writes it (safeHref), or the link removed. */
function LinkBox({ editor, anchor, onClose }: { editor: Editor; anchor: HTMLElement | null; onClose: () => void }) {
  const current = (editor.getAttributes("link").href as string | undefined) ?? "";
  const [address, setAddress] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const href = safeHref(address.trim());
    if (!href) return setError(BAD_LINK);
    const { empty } = editor.state.selection;
    if (empty && !editor.isActive("link")) editor.chain().focus().insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run();
    else editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
    // The cursor after the link, to write on: keys pressed next do not replace the linked words.
    editor.commands.setTextSelection(editor.state.selection.to);
    onClose();
  };
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={() => (onClose(), editor.commands.focus())}
      anchorOrigin={{ vertical: "bottom", horizontal: "left" }}
      slotProps={{ paper: { sx: { p: 2, width: "min(26rem, calc(100vw - 32px))" }, role: "dialog", "aria-label": "Link" } as object }}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event: React.FormEvent) => {
          event.preventDefault();
          // The box sits in the record's form in React's tree: its submit is not the record's.
          event.stopPropagation();
          apply();
        }}
        sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}
      >
        <TextField
          autoFocus
          size="small"
          label="Link address"
          placeholder="https://"
          value={address}
          error={error !== null}
          helperText={error ?? "A web address, mailto:someone@example.com, or a page of this site such as /whitepaper."}
          onChange={(event) => (setAddress(event.target.value), setError(null))}
          slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.url, inputMode: "url" } }}
        />
        <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end", flexWrap: "wrap" }}>
          {current && (
            <Button color="inherit" onClick={() => (editor.chain().focus().extendMarkRange("link").unsetLink().run(), onClose())}>
              Remove link
            </Button>
          )}
          <Button onClick={() => (onClose(), editor.commands.focus())} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained">
            Apply
          </Button>
        </Box>
      </Box>
    </Popover>
  );
}
