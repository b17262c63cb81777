import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import ButtonBase from "@mui/material/ButtonBase";
import LinearProgress from "@mui/material/LinearProgress";
import PhotoLibrary from "@mui/icons-material/PhotoLibraryOutlined";
import { TextInput, useGetList } from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import type { MediaAsset } from "../../../shared/types.ts";
import { resizedImage } from "../../../shared/images.ts";
import { IMAGE_SETTINGS } from "../../lib/images.ts";
import type { FieldSpec } from "../../resources/types.ts";

/** A URL field that can also pick an asset from the media library. */
export function MediaUrlInput({ field, mediaType }: { field: FieldSpec; mediaType: "image" | "video" }) {
  const [open, setOpen] = useState(false);
  const { setValue } = useFormContext();
  const value = useWatch({ name: field.source }) as string | null | undefined;
  const showPreview = mediaType === "image" && typeof value === "string" && /^https?:\/\/\S+$/.test(value);
  return (
    <Box sx={{ display: "flex", gap: 1.5, alignItems: "flex-start" }}>
      {showPreview && (
        <Box component="img" src={resizedImage(value, { width: 112, height: 80 }, IMAGE_SETTINGS)} alt="" sx={{ width: 56, height: 40, objectFit: "cover", borderRadius: 1, mt: 1.5, flexShrink: 0, bgcolor: "action.hover" }} />
      )}
      <TextInput source={field.source} label={field.label} validate={field.validate} type="url" placeholder="https://" fullWidth helperText={field.helperText ?? false} />
      <Button onClick={() => setOpen(true)} startIcon={<PhotoLibrary />} sx={{ mt: 1.25, flexShrink: 0 }} aria-label={`Choose ${field.label} from the media library`}>
        Library
      </Button>
      {open && (
        <MediaPicker
          mediaType={mediaType}
          onClose={() => setOpen(false)}
          onPick={(url) => {
            setValue(field.source, url, { shouldDirty: true, shouldValidate: true, shouldTouch: true });
            setOpen(false);
          }}
        />
      )}
    </Box>
  );
}

function MediaPicker({ mediaType, onClose, onPick }: { mediaType: "image" | "video"; onClose: () => void; onPick: (url: string) => void }) {
  const [search, setSearch] = useState("");
  const { data, isPending, error } = useGetList<MediaAsset & { id: string }>("media", {
    pagination: { page: 1, perPage: 48 },
    sort: { field: "created_at", order: "DESC" },
    filter: { type: mediaType, ...(search.trim() ? { q: search } : {}) },
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="media-picker-title">
      <DialogTitle id="media-picker-title">Choose from the media library</DialogTitle>
      <DialogContent dividers>
        <TextField autoFocus fullWidth size="small" placeholder="Search media..." value={search} onChange={(event) => setSearch(event.target.value)} slotProps={{ htmlInput: { "aria-label": "Search media" } }} sx={{ mb: 2 }} />
        {isPending && <LinearProgress />}
        {error && <Typography color="error">Error fetching assets</Typography>}
        {data && data.length === 0 && (
          <Typography color="text.secondary">
            No {mediaType === "image" ? "images" : "videos"} yet. Upload files in the <a href="/admin/media">Media Library</a>.
          </Typography>
        )}
        <Box sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(140px, 1fr))", gap: 1.5 }}>
          {data?.map((asset) => (
            <ButtonBase key={asset.id} onClick={() => onPick(asset.url)} sx={{ display: "block", textAlign: "left", borderRadius: 1, border: 1, borderColor: "divider", overflow: "hidden" }} aria-label={`Use ${asset.filename}`}>
              {asset.type === "image" ? (
                <Box component="img" src={asset.url} alt="" loading="lazy" sx={{ width: "100%", height: 96, objectFit: "cover", display: "block", bgcolor: "action.hover" }} />
              ) : (
                <Box component="video" src={asset.url} muted preload="metadata" sx={{ width: "100%", height: 96, objectFit: "cover", display: "block", bgcolor: "black" }} />
              )}
              <Typography variant="caption" noWrap component="div" sx={{ px: 1, py: 0.5 }}>
                {asset.filename}
              </Typography>
            </ButtonBase>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
