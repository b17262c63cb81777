import { useRef, useState } from "react";
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
import CloudUploadIcon from "@mui/icons-material/CloudUploadOutlined";
import { BooleanInput, TextInput, useCreate, useInfiniteGetList } from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import type { MediaAsset } from "../../../shared/content-types/media.ts";
import { IMAGE_BOXES, isStoragePath, resizedImage } from "../../../shared/images.ts";
import { IMAGE_SETTINGS, ownAssetAddress } from "../../lib/images.ts";
import type { FieldSpec } from "../../resources/types.ts";
import type { MediaUpload } from "../../lib/data-provider.ts";
import { useReport } from "../useReport.ts";

export const PICKER_PAGE_SIZE = 48;
export const PICKER_UPLOAD_ERROR = "Error uploading file";

/**
 * A URL field that can also pick an asset from the media library; an image field with `alt` also edits
 * the image's alt text (filled from the asset's own when one is picked) and its "decorative" mark.
 */
export function MediaUrlInput({ field, mediaType }: { field: FieldSpec; mediaType: "image" | "video" }) {
  const [open, setOpen] = useState(false);
  const { setValue } = useFormContext();
  const value = useWatch({ name: field.source }) as string | null | undefined;
  const showPreview = mediaType === "image" && typeof value === "string" && (/^https?:\/\/\S+$/.test(value) || isStoragePath(value));
  const change = { shouldDirty: true, shouldValidate: true, shouldTouch: true };
  return (
    <>
      <Box sx={{ display: "flex", gap: 1.5, alignItems: "flex-start" }}>
        {showPreview && (
          <Box component="img" src={resizedImage(value, IMAGE_BOXES.adminMediaField, IMAGE_SETTINGS)} alt="" sx={{ width: 56, height: 40, objectFit: "cover", borderRadius: 1, mt: 1.5, flexShrink: 0, bgcolor: "action.hover" }} />
        )}
        <TextInput
          source={field.source}
          label={field.label}
          validate={field.validate}
          // An empty field is no address (react-admin's own parse); a URL of our own files is kept host-relative.
          parse={(text: string) => (text === "" ? null : ownAssetAddress(text))}
          type="url"
          placeholder="https://"
          fullWidth
          helperText={field.helperText ?? false}
        />
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

/** The media library as a picker: search, pages, and an upload that is the one picked once stored. */
export function MediaPicker({ mediaType, onClose, onPick }: { mediaType: "image" | "video"; onClose: () => void; onPick: (asset: MediaAsset) => void }) {
  const [search, setSearch] = useState("");
  const { data: pages, isPending, error, hasNextPage, fetchNextPage, isFetchingNextPage, total } = useInfiniteGetList<MediaAsset & { id: string }>("media", {
    pagination: { page: 1, perPage: PICKER_PAGE_SIZE },
    sort: { field: "created_at", order: "DESC" },
    filter: { type: mediaType, ...(search.trim() ? { q: search } : {}) },
  });
  const data = pages?.pages.flatMap((page) => page.data);
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
        <Box sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(140px, 1fr))", gap: 1.5 }} data-testid="media-picker-grid">
          {data?.map((asset) => (
            <ButtonBase key={asset.id} onClick={() => onPick(asset)} sx={{ display: "block", textAlign: "left", borderRadius: 1, border: 1, borderColor: "divider", overflow: "hidden" }} aria-label={`Use ${asset.filename}`}>
              {asset.type === "image" ? (
                <Box component="img" src={resizedImage(asset.url, IMAGE_BOXES.adminMediaPicker, IMAGE_SETTINGS)} alt="" loading="lazy" sx={{ width: "100%", height: 96, objectFit: "cover", display: "block", bgcolor: "action.hover" }} />
              ) : (
                <Box component="video" src={asset.url} muted preload="metadata" sx={{ width: "100%", height: 96, objectFit: "cover", display: "block", bgcolor: "black" }} />
              )}
              <Typography variant="caption" noWrap component="div" sx={{ px: 1, py: 0.5 }}>
                {asset.filename}
              </Typography>
            </ButtonBase>
          ))}
        </Box>
        {hasNextPage && (
          <Box sx={{ textAlign: "center", mt: 2 }}>
            <Button onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
              {isFetchingNextPage ? "Loading..." : `Load more (${(data?.length ?? 0).toLocaleString("en-US")} of ${(total ?? 0).toLocaleString("en-US")})`}
            </Button>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: "space-between" }}>
        <PickerUpload mediaType={mediaType} onUploaded={onPick} />
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Upload a new file from inside the picker: once stored, it is the one picked. */
function PickerUpload({ mediaType, onUploaded }: { mediaType: "image" | "video"; onUploaded: (asset: MediaAsset) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [create] = useCreate();
  const report = useReport();
  const [progress, setProgress] = useState<number | null>(null);
  const upload = (file: File) => {
    setProgress(0);
    create(
      "media",
      { data: { file } satisfies MediaUpload, meta: { onProgress: (fraction: number) => setProgress(Math.round(fraction * 100)) } },
      {
        onSuccess: (asset) => {
          setProgress(null);
          onUploaded(asset as MediaAsset);
        },
        onError: (failure) => {
          setProgress(null);
          report(PICKER_UPLOAD_ERROR, failure);
        },
      },
    );
  };
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flex: 1, mr: 2 }}>
      <input
        ref={input}
        type="file"
        hidden
        accept={mediaType === "image" ? "image/*" : "video/*"}
        data-testid="media-picker-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) upload(file);
        }}
      />
      <Button startIcon={<CloudUploadIcon />} onClick={() => input.current?.click()} disabled={progress !== null}>
        {mediaType === "image" ? "Upload an image" : "Upload a video"}
      </Button>
      {progress !== null && <LinearProgress variant="determinate" value={progress} aria-label="Uploading" sx={{ flex: 1 }} />}
    </Box>
  );
}
