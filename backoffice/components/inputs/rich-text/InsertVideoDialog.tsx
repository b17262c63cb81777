import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ButtonBase from "@mui/material/ButtonBase";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import LinearProgress from "@mui/material/LinearProgress";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useGetList } from "react-admin";
import type { Video } from "../../../../shared/content-types/videos.ts";
import { IMAGE_BOXES, resizedImage } from "../../../../shared/images.ts";
import { TEXT_LIMITS } from "../../../../shared/limits.ts";
import { safeImageUrl, youtubeIdFromUrl } from "../../../../shared/rich-text/document.ts";
import { IMAGE_SETTINGS } from "../../../lib/images.ts";

export const BAD_YOUTUBE_ADDRESS = "Enter the address of a YouTube video, such as https://www.youtube.com/watch?v=dQw4w9WgXcQ";

/** The video block to insert: a row of the videos table, or a YouTube video by its address; with a title. */
export interface VideoBlock {
  type: "video";
  attrs: { youtubeId: string | null; videoId: string | null; title: string; thumbnail: string | null };
}

const VIDEOS_SHOWN = 24;

export function InsertVideoDialog({ onClose, onInsert }: { onClose: () => void; onInsert: (video: VideoBlock) => void }) {
  const [search, setSearch] = useState("");
  const [address, setAddress] = useState("");
  const [picked, setPicked] = useState<Video | null>(null);
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { data: videos, isPending } = useGetList<Video>("videos", {
    pagination: { page: 1, perPage: VIDEOS_SHOWN },
    sort: { field: "created_at", order: "DESC" },
    filter: search.trim() ? { q: search } : {},
  });
  const pick = (video: Video) => {
    setPicked(video);
    setAddress("");
    setError(null);
    setTitle(video.title);
  };
  const insert = () => {
    const youtubeId = picked ? null : youtubeIdFromUrl(address.trim());
    if (!picked && !youtubeId) return setError(BAD_YOUTUBE_ADDRESS);
    if (title.trim() === "") return;
    const thumbnail = picked?.thumbnail_url ? safeImageUrl(picked.thumbnail_url) : null;
    onInsert({ type: "video", attrs: { youtubeId, videoId: picked?.id ?? null, title: title.trim(), thumbnail } });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="insert-video-title">
      <DialogTitle id="insert-video-title">Insert a video</DialogTitle>
      <DialogContent dividers>
        <Box
          component="form"
          id="insert-video-form"
          noValidate
          onSubmit={(event: React.FormEvent) => {
            event.preventDefault();
            event.stopPropagation();
            insert();
          }}
          sx={{ display: "flex", flexDirection: "column", gap: 2 }}
        >
          <TextField
            size="small"
            label="YouTube address"
            placeholder="https://www.youtube.com/watch?v=…"
            value={address}
            error={error !== null}
            helperText={error ?? (picked ? `Or the video chosen below: ${picked.title}` : "Or choose one of the site's videos below.")}
            onChange={(event) => (setAddress(event.target.value), setPicked(null), setError(null))}
            slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.url, inputMode: "url" } }}
          />
          <TextField
            size="small"
            label="Video title"
            required
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            helperText="Shown on the video's picture and read by screen readers."
            slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.title } }}
          />
        </Box>
        <Typography variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
          The site's videos
        </Typography>
        <TextField fullWidth size="small" placeholder="Search videos..." value={search} onChange={(event) => setSearch(event.target.value)} slotProps={{ htmlInput: { "aria-label": "Search videos" } }} sx={{ mb: 1.5 }} />
        {isPending && <LinearProgress />}
        {videos && videos.length === 0 && <Typography color="text.secondary">No videos yet.</Typography>}
        <Box sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(140px, 1fr))", gap: 1.5 }}>
          {videos?.map((video) => (
            <ButtonBase
              key={video.id}
              onClick={() => pick(video)}
              aria-pressed={picked?.id === video.id}
              aria-label={`Use ${video.title}`}
              sx={{ display: "block", textAlign: "left", borderRadius: 1, border: 2, borderColor: picked?.id === video.id ? "primary.main" : "divider", overflow: "hidden" }}
            >
              {video.thumbnail_url ? (
                <Box component="img" src={resizedImage(video.thumbnail_url, IMAGE_BOXES.adminMediaPicker, IMAGE_SETTINGS)} alt="" loading="lazy" sx={{ width: "100%", height: 80, objectFit: "cover", display: "block" }} />
              ) : (
                <Box sx={{ height: 80, bgcolor: "grey.900" }} />
              )}
              <Typography variant="caption" noWrap component="div" sx={{ px: 1, py: 0.5 }}>
                {video.title}
              </Typography>
            </ButtonBase>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button type="submit" form="insert-video-form" variant="contained" disabled={title.trim() === "" || (!picked && address.trim() === "")}>
          Insert video
        </Button>
      </DialogActions>
    </Dialog>
  );
}
