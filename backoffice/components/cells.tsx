import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { formatDate } from "../../shared/format.ts";
import { stockImage } from "../../shared/images.ts";

/** Small building blocks for list columns. */
export function Thumbnail({ url, size = 48 }: { url: unknown; size?: number }) {
  if (typeof url !== "string" || !url) {
    return <Box sx={{ width: size * 1.5, height: size, borderRadius: 1, bgcolor: "action.hover" }} aria-hidden />;
  }
  return (
    <Box
      component="img"
      src={stockImage(url, { width: size * 3, height: size * 2 })}
      alt=""
      loading="lazy"
      onError={(event: React.SyntheticEvent<HTMLImageElement>) => {
        // An image that cannot load (offline, moved) shows as an empty tile, not a broken icon.
        const image = event.currentTarget;
        if (!image.src.startsWith("data:")) image.src = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";
      }}
      sx={{ width: size * 1.5, height: size, objectFit: "cover", borderRadius: 1, display: "block", bgcolor: "action.hover" }}
    />
  );
}

export function Clamp({ text, lines = 2, maxWidth = 360, italic = false }: { text: unknown; lines?: number; maxWidth?: number; italic?: boolean }) {
  return (
    <Typography
      variant="body2"
      sx={{ maxWidth, display: "-webkit-box", WebkitLineClamp: lines, WebkitBoxOrient: "vertical", overflow: "hidden", fontStyle: italic ? "italic" : "normal" }}
      title={typeof text === "string" ? text : undefined}
    >
      {String(text ?? "")}
    </Typography>
  );
}

export function DateCell({ value }: { value: unknown }) {
  return <Box component="span" sx={{ whiteSpace: "nowrap" }}>{typeof value === "string" ? formatDate(value, "en-US") : ""}</Box>;
}

export function Badge({ label, color = "default" }: { label: unknown; color?: "default" | "primary" | "secondary" | "info" | "warning" | "success" }) {
  if (label === null || label === undefined || label === "") return null;
  return <Chip size="small" label={String(label)} color={color} variant="outlined" />;
}

export function TitleCell({ title, subtitle }: { title: unknown; subtitle?: unknown }) {
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {String(title ?? "")}
      </Typography>
      {subtitle ? (
        <Typography variant="caption" color="text.secondary">
          {String(subtitle)}
        </Typography>
      ) : null}
    </Box>
  );
}
