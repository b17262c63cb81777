import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import DeleteIcon from "@mui/icons-material/DeleteOutline";
import PlayCircleIcon from "@mui/icons-material/PlayCircleOutline";
import { NodeViewWrapper, type ReactNodeViewProps } from "@tiptap/react";
import type { ReactNode } from "react";
import { useGetOne } from "react-admin";
import type { Video } from "../../../../shared/content-types/videos.ts";
import { IMAGE_BOXES, resizedImage } from "../../../../shared/images.ts";
import { TEXT_LIMITS } from "../../../../shared/limits.ts";
import { CALL_TO_ACTIONS, safeHttpUrl, type CallToActionKind } from "../../../../shared/rich-text/document.ts";
import { CTA_LABELS } from "../../../../shared/rich-text/nodes.ts";
import { IMAGE_SETTINGS } from "../../../lib/images.ts";

// The blocks as the editor shows them: a preview (never a third-party frame) and the block's own
// fields, labelled, edited in place. Keys typed in these fields stay in them (TipTap's node views
// stop the events of inputs), and the block is dragged by its frame.

/**
 * What a block's fields and preview sit in: a selected block is outlined, and it has a Remove button.
 * In a read-only document (the default language's text beside a translation) its fields are disabled.
 */
function BlockFrame({ name, selected, editable, onRemove, children }: { name: string; selected: boolean; editable: boolean; onRemove: () => void; children: ReactNode }) {
  return (
    <NodeViewWrapper
      as="div"
      role="group"
      aria-label={name}
      contentEditable={false}
      data-drag-handle
      style={{ margin: "12px 0" }}
    >
      <Box sx={{ position: "relative", border: 1, borderColor: selected ? "primary.main" : "divider", outline: selected ? 2 : 0, outlineColor: "primary.main", borderRadius: 1, p: 1.5, bgcolor: "background.paper", cursor: "grab" }}>
        {editable && (
          <Tooltip title={`Remove ${name.toLowerCase()}`}>
            <IconButton size="small" aria-label={`Remove ${name.toLowerCase()}`} onClick={onRemove} sx={{ position: "absolute", top: 4, right: 4, zIndex: 1, bgcolor: "background.paper" }}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Box component="fieldset" disabled={!editable} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          {children}
        </Box>
      </Box>
    </NodeViewWrapper>
  );
}

const fieldSx = { flex: "1 1 14rem", minWidth: 0 } as const;

/** Text or null when blank (the format's optional texts). */
const orNull = (value: string) => (value.trim() === "" ? null : value);

export function ImageBlockView({ node, editor, updateAttributes, deleteNode, selected }: ReactNodeViewProps) {
  const { src, alt, caption } = node.attrs as { src: string; alt: string; caption: string | null };
  const missingAlt = alt.trim() === "";
  const name = decodeURIComponent(src.split(/[?#]/, 1)[0]!.split("/").pop() ?? "");
  return (
    <BlockFrame name="Image" selected={selected} editable={editor.isEditable} onRemove={deleteNode}>
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "flex-start" }}>
        <Box component="img" src={resizedImage(src, IMAGE_BOXES.adminMediaPicker, IMAGE_SETTINGS)} alt="" draggable={false} sx={{ width: { xs: "100%", sm: 220 }, maxHeight: 180, objectFit: "contain", bgcolor: "action.hover", borderRadius: 1 }} />
        <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5, flex: "1 1 14rem", minWidth: 0, pr: 4 }}>
          <Typography variant="caption" color="text.secondary" noWrap title={name}>
            {name}
          </Typography>
          <TextField
            size="small"
            label="Alt text"
            value={alt}
            error={missingAlt}
            onChange={(event) => updateAttributes({ alt: event.target.value })}
            helperText={missingAlt ? "Needed before publishing: what the image shows." : "What the image shows, for people who cannot see it."}
            // Not `required`: a native required input inside the record's form would stop its submit without a word.
            slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.alt, "aria-required": true } }}
            sx={fieldSx}
          />
          <TextField
            size="small"
            label="Caption (optional)"
            value={caption ?? ""}
            onChange={(event) => updateAttributes({ caption: orNull(event.target.value) })}
            slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.alt } }}
            sx={fieldSx}
          />
        </Box>
      </Box>
    </BlockFrame>
  );
}

/** A video's picture in the editor: the thumbnail it has (or its row's), else a plain frame. */
function VideoPreview({ thumbnail, videoId }: { thumbnail: string | null; videoId: string | null }) {
  const { data: row } = useGetOne<Video>("videos", { id: videoId ?? "" }, { enabled: videoId !== null && thumbnail === null });
  const picture = safeHttpUrl(thumbnail) ?? row?.thumbnail_url ?? null;
  return (
    <Box sx={{ position: "relative", width: { xs: "100%", sm: 220 }, aspectRatio: "16 / 9", bgcolor: "grey.900", borderRadius: 1, overflow: "hidden", display: "grid", placeItems: "center", flexShrink: 0 }}>
      {picture && <Box component="img" src={resizedImage(picture, IMAGE_BOXES.adminMediaPicker, IMAGE_SETTINGS)} alt="" draggable={false} sx={{ position: "absolute", inset: 0, width: "100%", height: "100%", objectFit: "cover" }} />}
      <PlayCircleIcon sx={{ position: "relative", color: "common.white", fontSize: 48 }} aria-hidden />
    </Box>
  );
}

export function VideoBlockView({ node, editor, updateAttributes, deleteNode, selected }: ReactNodeViewProps) {
  const { youtubeId, videoId, title, thumbnail } = node.attrs as { youtubeId: string | null; videoId: string | null; title: string; thumbnail: string | null };
  return (
    <BlockFrame name="Video" selected={selected} editable={editor.isEditable} onRemove={deleteNode}>
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "flex-start" }}>
        <VideoPreview thumbnail={thumbnail} videoId={videoId} />
        <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5, flex: "1 1 14rem", minWidth: 0, pr: 4 }}>
          <Typography variant="caption" color="text.secondary">
            {youtubeId ? `YouTube video ${youtubeId}` : "From the videos"}
          </Typography>
          <TextField
            size="small"
            label="Video title"
            value={title}
            error={title.trim() === ""}
            helperText={title.trim() === "" ? "A video needs a title." : false}
            onChange={(event) => updateAttributes({ title: event.target.value })}
            slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.title, "aria-required": true } }}
            sx={fieldSx}
          />
        </Box>
      </Box>
    </BlockFrame>
  );
}

export const CALL_TO_ACTION_NAMES: Record<CallToActionKind, string> = {
  waitlist: "Join the waitlist",
  discord: "Join Discord",
  newsletter: "Subscribe to the newsletter",
};

export function CallToActionBlockView({ node, editor, updateAttributes, deleteNode, selected }: ReactNodeViewProps) {
  const { action, label } = node.attrs as { action: CallToActionKind; label: string | null };
  return (
    <BlockFrame name="Call to action" selected={selected} editable={editor.isEditable} onRemove={deleteNode}>
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "center", pr: 4 }}>
        <Box component="span" sx={{ px: 2, py: 1, borderRadius: 1, bgcolor: "primary.main", color: "primary.contrastText", fontWeight: 600, maxWidth: "100%", overflowWrap: "anywhere" }} aria-hidden>
          {label?.trim() || CTA_LABELS[action]}
        </Box>
        <TextField select size="small" label="Action" value={action} onChange={(event) => updateAttributes({ action: event.target.value })} sx={{ flex: "1 1 12rem", minWidth: 0 }}>
          {CALL_TO_ACTIONS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {CALL_TO_ACTION_NAMES[kind]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Button label (optional)"
          value={label ?? ""}
          placeholder={CTA_LABELS[action]}
          onChange={(event) => updateAttributes({ label: orNull(event.target.value) })}
          slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.label } }}
          sx={fieldSx}
        />
      </Box>
    </BlockFrame>
  );
}
