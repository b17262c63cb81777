import { useEffect, useRef, useState, type DragEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CardMedia from "@mui/material/CardMedia";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import CloudUploadIcon from "@mui/icons-material/CloudUploadOutlined";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import SearchIcon from "@mui/icons-material/Search";
import MovieIcon from "@mui/icons-material/MovieOutlined";
import SwapIcon from "@mui/icons-material/SwapHorizOutlined";
import { ListBase, Pagination, RecordContextProvider, Title, useListContext, useNotify, useRefresh, useUpdate, type RaRecord } from "react-admin";
import { formatDate, formatFileSize } from "../../../shared/format.ts";
import { deleteWarning, describeUse, usageSummary, type MediaUse } from "../../../shared/media-usage.ts";
import type { MediaAsset } from "../../../shared/content-types/media.ts";
import { assetAddress } from "../../lib/images.ts";
import { DeleteButton } from "../../components/DeleteButton.tsx";
import { AltTextButton } from "./AltTextButton.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { useAdminDataProvider } from "../../components/useAdminDataProvider.ts";
import { LoadError, readOptions } from "../../components/LoadError.tsx";
import { useConflictRefresh } from "../../components/useConflictRefresh.ts";
import { useReport } from "../../components/useReport.ts";
import type { MediaReplacement, MediaUpload } from "../../lib/data-provider.ts";
import { resourceTexts, type ResourceConfig } from "../types.ts";
import { imageWarning } from "../../lib/upload.ts";
import { assetDisplayUrl, useMediaUsage, useUseLabel, type MediaUsage } from "./usage.ts";

export const UPLOAD_ERROR = "Error uploading file";
export const REPLACE_ERROR = "Error replacing file";
const ACCEPT = "image/*,video/*";
const PARALLEL_UPLOADS = 3;

interface UploadItem {
  key: string;
  name: string;
  size: number;
  progress: number;
  state: "queued" | "uploading" | "done" | "error";
  error?: string;
  /** Uploaded, but something about it the editor should know (an image too large for the renderer). */
  warning?: string | null;
}

function isMedia(file: File): boolean {
  return file.type.startsWith("image/") || file.type.startsWith("video/");
}

/** Media Library: upload (button, or drag and drop where there is a mouse; several at once, progress per file), search, grid. */
export function mediaLibraryPage(config: ResourceConfig) {
  const texts = resourceTexts(config);
  return function MediaLibrary() {
    return (
      <ListBase resource={config.name} sort={config.sort} perPage={24} queryOptions={readOptions(texts.fetchError)}>
        <Title title={config.title ?? config.label} />
        <MediaScreen config={config} />
      </ListBase>
    );
  };
}

function MediaScreen({ config }: { config: ResourceConfig }) {
  const texts = resourceTexts(config);
  const dataProvider = useAdminDataProvider();
  const refresh = useRefresh();
  const notify = useNotify();
  const report = useReport();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const [dragging, setDragging] = useState(false);
  // A touch screen has no dragging: there the box chooses files, and the words say so.
  const touch = useMediaQuery("(pointer: coarse)", { noSsr: true });

  const patch = (key: string, change: Partial<UploadItem>) => setUploads((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const upload = async (files: File[]) => {
    const accepted = files.filter(isMedia);
    if (accepted.length < files.length) notify("Only image and video files can be uploaded", { type: "warning" });
    if (accepted.length === 0) return;
    const batch = accepted.map((file) => ({ file, item: { key: `${Date.now()}-${Math.random()}`, name: file.name, size: file.size, progress: 0, state: "queued" as const } }));
    setUploads((items) => [...batch.map(({ item }) => item), ...items.filter((item) => item.state !== "done")]);
    let failures = 0;
    const queue = [...batch];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { file, item } = next;
        patch(item.key, { state: "uploading" });
        try {
          const onProgress = (fraction: number) => patch(item.key, { progress: Math.round(fraction * 100) });
          await dataProvider.create(config.name, { data: { file } satisfies MediaUpload, meta: { onProgress } });
          patch(item.key, { state: "done", progress: 100, warning: await imageWarning(file) });
        } catch (error) {
          failures++;
          patch(item.key, { state: "error", error: error instanceof Error ? error.message : String(error) });
          report(UPLOAD_ERROR, error);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, batch.length) }, worker));
    const done = batch.length - failures;
    if (done > 0) notify(done === 1 ? "1 file uploaded" : `${done} files uploaded`, { type: "success" });
    refresh();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void upload([...event.dataTransfer.files]);
  };

  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (event.currentTarget === event.target) setDragging(false);
      }}
      onDrop={onDrop}
      sx={{ position: "relative", pb: 2 }}
    >
      <PageHeader
        title={config.title ?? config.label}
        actions={
          <>
            <input
              ref={input}
              type="file"
              accept={ACCEPT}
              multiple
              hidden
              data-testid="media-file-input"
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = "";
                void upload(files);
              }}
            />
            <Button variant="contained" startIcon={<CloudUploadIcon />} onClick={() => input.current?.click()}>
              Upload Files
            </Button>
          </>
        }
      >
        <Typography variant="body2" color="text.secondary">
          {touch ? "Images and videos. Choose files with Upload Files." : "Images and videos. Drop files anywhere on this page, or use Upload Files."}
        </Typography>
      </PageHeader>

      {touch ? (
        <Button fullWidth variant="outlined" startIcon={<CloudUploadIcon />} onClick={() => input.current?.click()} sx={{ p: 2, my: 2, borderStyle: "dashed", borderWidth: 2, "&:hover": { borderWidth: 2, borderStyle: "dashed" } }}>
          Choose images or videos to upload
        </Button>
      ) : (
        <Paper
          variant="outlined"
          sx={{ p: 2, my: 2, textAlign: "center", borderStyle: "dashed", borderWidth: 2, borderColor: dragging ? "primary.main" : "divider", bgcolor: dragging ? "action.hover" : "transparent", transition: "all .15s" }}
        >
          <Typography color="text.secondary">{dragging ? "Drop to upload" : "Drag and drop images or videos here"}</Typography>
        </Paper>
      )}

      {uploads.length > 0 && <UploadList items={uploads} onClear={() => setUploads((items) => items.filter((item) => item.state === "uploading" || item.state === "queued"))} />}

      <SearchBox />
      <MediaGrid texts={texts} />
    </Box>
  );
}

function UploadList({ items, onClear }: { items: UploadItem[]; onClear: () => void }) {
  const busy = items.some((item) => item.state === "uploading" || item.state === "queued");
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} aria-label="Uploads" component="section">
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", mb: 1 }}>
        <Typography variant="subtitle2">Uploads</Typography>
        {!busy && (
          <Button size="small" onClick={onClear}>
            Clear
          </Button>
        )}
      </Box>
      {items.map((item) => (
        <Box key={item.key} sx={{ mb: 1 }} data-testid="upload-item">
          <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2 }}>
            <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
              {item.name} <Box component="span" sx={{ color: "text.secondary" }}>({formatFileSize(item.size)})</Box>
            </Typography>
            <Typography variant="body2" color={item.state === "error" ? "error" : "text.secondary"} sx={{ flexShrink: 0 }}>
              {item.state === "error" ? "Failed" : item.state === "done" ? "Done" : item.state === "queued" ? "Waiting" : `${item.progress}%`}
            </Typography>
          </Box>
          <LinearProgress
            variant="determinate"
            value={item.progress}
            color={item.state === "error" ? "error" : item.state === "done" ? "success" : "primary"}
            aria-label={`Uploading ${item.name}`}
          />
          {item.error && (
            <Typography variant="caption" color="error">
              {item.error}
            </Typography>
          )}
          {item.warning && (
            <Typography variant="caption" component="p" color="warning.main" role="status">
              {item.warning}
            </Typography>
          )}
        </Box>
      ))}
    </Paper>
  );
}

/** The search box: a case-insensitive substring of the filename, matched by the API. */
function SearchBox() {
  const { filterValues, setFilters } = useListContext();
  const [value, setValue] = useState(String(filterValues.q ?? ""));
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((filterValues.q ?? "") !== value) setFilters(value ? { ...filterValues, q: value } : Object.fromEntries(Object.entries(filterValues).filter(([key]) => key !== "q")), {});
    }, 300);
    return () => clearTimeout(timer);
  }, [value, filterValues, setFilters]);
  return (
    <TextField
      size="small"
      placeholder="Search media..."
      value={value}
      onChange={(event) => setValue(event.target.value)}
      slotProps={{ htmlInput: { "aria-label": "Search media" }, input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
      sx={{ mb: 2, width: { xs: "100%", sm: 360 } }}
    />
  );
}

function MediaGrid({ texts }: { texts: ReturnType<typeof resourceTexts> }) {
  const { data, isPending, error, isFetching, refetch, total, filterValues } = useListContext<MediaAsset & RaRecord>();
  const notify = useNotify();
  const usage = useMediaUsage((data ?? []).map((asset) => asset.url));
  if (error) return <LoadError nounPlural="media" retrying={isFetching} onRetry={() => void refetch()} />;
  if (isPending) return <LinearProgress aria-label="Loading media" />;
  if (!data || data.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: "center" }}>
        {filterValues.q ? "No media matches your search." : "No media yet. Upload images or videos to start your library."}
      </Typography>
    );
  }
  const copy = (url: string) =>
    navigator.clipboard.writeText(url).then(
      () => notify("URL copied", { type: "info" }),
      () => notify(`Copy failed. The URL is ${url}`, { type: "warning" }),
    );
  return (
    <>
      <Box sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))", gap: 2 }} data-testid="media-grid">
        {data.map((asset) => (
          <RecordContextProvider key={asset.id} value={asset}>
            <Card variant="outlined" data-testid="media-card" sx={{ display: "flex", flexDirection: "column", position: "relative" }}>
              {asset.type === "image" ? (
                <CardMedia component="img" image={assetDisplayUrl(asset)} alt={asset.filename} loading="lazy" sx={{ height: 140, objectFit: "cover", bgcolor: "action.hover" }} />
              ) : (
                <Box sx={{ height: 140, bgcolor: "black", position: "relative" }}>
                  <Box component="video" src={assetDisplayUrl(asset)} muted preload="metadata" sx={{ width: "100%", height: "100%", objectFit: "cover" }} />
                  <MovieIcon sx={{ position: "absolute", left: 8, bottom: 8, color: "white" }} />
                </Box>
              )}
              <CardContent sx={{ p: 1.5, "&:last-child": { pb: 1 }, flex: 1, display: "flex", flexDirection: "column" }}>
                <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: "break-all" }} title={asset.filename}>
                  {asset.filename}
                </Typography>
                <Box sx={{ display: "flex", gap: 1, alignItems: "center", mt: 0.5, color: "text.secondary" }}>
                  <Chip size="small" label={asset.type} variant="outlined" />
                  <Typography variant="caption">{formatFileSize(Number(asset.size))}</Typography>
                  <Typography variant="caption" sx={{ ml: "auto" }}>{formatDate(asset.created_at, "en-US")}</Typography>
                </Box>
                <UsageLine uses={usage.of(asset.url)} state={usage.state} />
                <Box sx={{ display: "flex", justifyContent: "flex-end", mt: "auto", pt: 1 }}>
                  <AltTextButton />
                  <Tooltip title="Copy URL">
                    <IconButton size="small" aria-label={`Copy URL of ${asset.filename}`} onClick={() => void copy(assetAddress(asset.url))}>
                      <ContentCopyIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <ReplaceButton asset={asset} />
                  <DeleteButton confirmText={<DeleteConfirmation uses={usage.of(asset.url)} state={usage.state} confirmText={texts.confirmDelete} />} title={texts.deleteTitle} errorText={texts.deleteError} />
                </Box>
              </CardContent>
            </Card>
          </RecordContextProvider>
        ))}
      </Box>
      {total !== undefined && total > 24 && <Pagination rowsPerPageOptions={[24, 48, 96]} />}
    </>
  );
}

const SHOWN_USES = 3;

/** "Not used", or how often and where (the first few), under each asset. */
function UsageLine({ uses, state }: { uses: MediaUse[]; state: MediaUsage["state"] }) {
  const labelOf = useUseLabel();
  if (state === "pending") return <Typography variant="caption" color="text.secondary">Checking where it is used...</Typography>;
  if (state === "error") return <Typography variant="caption" color="warning.main">Could not check where it is used</Typography>;
  return (
    <Box data-testid="media-usage" sx={{ mt: 0.5 }}>
      <Typography variant="caption" color={uses.length > 0 ? "text.primary" : "text.secondary"} sx={{ fontWeight: uses.length > 0 ? 600 : 400 }}>
        {usageSummary(uses.length)}
      </Typography>
      {uses.slice(0, SHOWN_USES).map((use) => (
        <Typography key={`${use.kind}-${use.id}`} variant="caption" component="div" color="text.secondary" noWrap title={describeUse(use, labelOf)}>
          {describeUse(use, labelOf)}
        </Typography>
      ))}
      {uses.length > SHOWN_USES && (
        <Typography variant="caption" component="div" color="text.secondary">
          and {uses.length - SHOWN_USES} more
        </Typography>
      )}
    </Box>
  );
}

/** The delete confirmation, with the content that would lose the asset named first. */
function DeleteConfirmation({ uses, state, confirmText }: { uses: MediaUse[]; state: MediaUsage["state"]; confirmText: string }) {
  const labelOf = useUseLabel();
  return (
    <>
      {uses.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="media-in-use-warning">
          {deleteWarning(uses.length)}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {uses.map((use) => (
              <li key={`${use.kind}-${use.id}`}>{describeUse(use, labelOf)}</li>
            ))}
          </Box>
        </Alert>
      )}
      {state === "error" && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Could not check where this asset is used.
        </Alert>
      )}
      {confirmText}
    </>
  );
}

/** Replace: a new file of the same kind takes the asset's place at the same URL. */
function ReplaceButton({ asset }: { asset: MediaAsset & RaRecord }) {
  const input = useRef<HTMLInputElement>(null);
  const [update] = useUpdate();
  const notify = useNotify();
  const report = useReport();
  const conflict = useConflictRefresh();
  const [progress, setProgress] = useState<number | null>(null);
  const replace = (file: File) => {
    setProgress(0);
    update(
      "media",
      { id: asset.id, data: { file } satisfies MediaReplacement, previousData: asset, meta: { onProgress: (fraction: number) => setProgress(Math.round(fraction * 100)) } },
      {
        mutationMode: "pessimistic",
        onSuccess: () => {
          setProgress(null);
          notify("File replaced", { type: "success" });
        },
        onError: (error) => {
          setProgress(null);
          if (!conflict(error)) report(REPLACE_ERROR, error);
        },
      },
    );
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept={asset.type === "image" ? "image/*" : "video/*"}
        data-testid="media-replace-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) replace(file);
        }}
      />
      <Tooltip title="Replace file">
        <span>
          <IconButton size="small" aria-label={`Replace the file of ${asset.filename}`} disabled={progress !== null} onClick={() => input.current?.click()}>
            <SwapIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      {progress !== null && <LinearProgress variant="determinate" value={progress} aria-label={`Replacing ${asset.filename}`} sx={{ position: "absolute", left: 0, right: 0, bottom: 0 }} />}
    </>
  );
}
