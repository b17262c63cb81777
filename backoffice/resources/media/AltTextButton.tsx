import { useState } from "react";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import AltTextIcon from "@mui/icons-material/ShortTextOutlined";
import { useRecordContext, useUpdate } from "react-admin";
import type { MediaAsset } from "../../../shared/content-types/media.ts";
import { mediaAssetRules } from "../../../shared/content-types/media.ts";
import { validateRecord } from "../../../shared/validation.ts";
import { useConflictRefresh } from "../../components/useConflictRefresh.ts";
import { useReport } from "../../components/useReport.ts";

/**
 * Edits an image asset's alt text: what the picture shows, offered as the alt text wherever the asset
 * is picked (each use can still change its own copy).
 */
export function AltTextButton() {
  const asset = useRecordContext<MediaAsset & { id: string }>();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [update, { isPending }] = useUpdate();
  const report = useReport();
  const conflict = useConflictRefresh();
  if (!asset || asset.type !== "image") return null;
  const error = validateRecord(mediaAssetRules, { alt_text: text }).alt_text;

  const save = () =>
    update(
      "media",
      { id: asset.id, data: { alt_text: text.trim() || null }, previousData: asset },
      { mutationMode: "pessimistic", onSuccess: () => setOpen(false), onError: (failure) => conflict(failure) || report("Error saving asset", failure) },
    );

  return (
    <>
      <Tooltip title={asset.alt_text ? `Alt text: ${asset.alt_text}` : "Add alt text"}>
        <IconButton
          size="small"
          color={asset.alt_text ? "primary" : "default"}
          aria-label={`Alt text of ${asset.filename}`}
          onClick={() => {
            setText(asset.alt_text ?? "");
            setOpen(true);
          }}
        >
          <AltTextIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && (
        <Dialog open onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="alt-text-title">
          <DialogTitle id="alt-text-title">Alt text of {asset.filename}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              multiline
              minRows={2}
              label="Alt text"
              value={text}
              onChange={(event) => setText(event.target.value)}
              error={Boolean(error)}
              helperText={error ?? "What the image shows, for people who cannot see it. Forms that pick this image start with it."}
              sx={{ mt: 1 }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button variant="contained" onClick={save} disabled={isPending || Boolean(error)}>
              {isPending ? "Saving..." : "Save"}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
