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
import { BooleanInput, TextInput, useGetList } from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import type { MediaAsset } from "../../../shared/types.ts";
import { resizedImage } from "../../../shared/images.ts";
import { IMAGE_SETTINGS } from "../../lib/images.ts";
import type { FieldSpec } from "../../resources/types.ts";

/**
 * A URL field that can also pick an asset from the media library; an image field with `alt` also edits
 * the image's alt text (filled from the asset's own when one is picked) and its "decorative" mark.
 */
export function MediaUrlInput({ field, mediaType }: { field: FieldSpec; mediaType: "image" | "video" }) {
  const [open, setOpen] = useState(false);
  const { setValue } = useFormContext();
  const value = useWatch({ name: field.source }) as string | null | undefined;
  const showPreview = mediaType === "image" && typeof value === "string" && /^https?:\/\/\S+$/.test(value);
  const change = { shouldDirty: true, shouldValidate: true, shouldTouch: true };
  return (
    <>
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
            onPick={(asset) => {
              setValue(field.source, asset.url, change);
              if (field.alt && asset.alt_text) setValue(field.alt.source, asset.alt_text, change);
              setOpen(false);
            }}
          />
        )}
      </Box>
      {field.alt && <AltTextInputs alt={field.alt} />}
    </>
  );
}

function AltTextInputs({ alt }: { alt: NonNullable<FieldSpec["alt"]> }) {
  const decorative = useWatch({ name: alt.decorative }) === true;
  return (
    <Box sx={{ display: "flex", gap: 1.5, alignItems: "flex-start", flexWrap: "wrap" }}>
      <TextInput
        source={alt.source}
        label="Alt text"
        validate={alt.validate}
        disabled={decorative}
        helperText={decorative ? "Decorative: screen readers skip the image." : "What the image shows, for people who cannot see it. Empty: the title is read."}
        sx={{ flex: "1 1 20rem" }}
      />
      <BooleanInput source={alt.decorative} label="Decorative" helperText={false} sx={{ mt: 1 }} />
    </Box>
  );
}

function MediaPicker({ mediaType, onClose, onPick }: { mediaType: "image" | "video"; onClose: () => void; onPick: (asset: MediaAsset) => void }) {
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
            <ButtonBase key={asset.id} onClick={() => onPick(asset)} sx={{ display: "block", textAlign: "left", borderRadius: 1, border: 1, borderColor: "divider", overflow: "hidden" }} aria-label={`Use ${asset.filename}`}>
              {asset.type === "image" ? (
                <Box component="img" src={resizedImage(asset.url, { width: 280, height: 192 }, IMAGE_SETTINGS)} alt="" loading="lazy" sx={{ width: "100%", height: 96, objectFit: "cover", display: "block", bgcolor: "action.hover" }} />
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
