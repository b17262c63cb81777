import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import type { BadgeColor, ColumnSpec } from "../../shared/content-type.ts";
import { formatDate } from "../../shared/format.ts";
import { IMAGE_BOXES, resizedImage } from "../../shared/images.ts";
import { IMAGE_SETTINGS } from "../lib/images.ts";

// Small building blocks for list columns. Text cells wrap anywhere and have a width, so that a long
// word or URL wraps inside its cell instead of pushing the row's actions off screen.

const wrapAnywhere = { overflowWrap: "anywhere", wordBreak: "break-word" } as const;

export function Thumbnail({ url, size = 48 }: { url: string | null | undefined; size?: number }) {
  if (!url) {
    return <Box sx={{ width: size * 1.5, height: size, borderRadius: 1, bgcolor: "action.hover" }} aria-hidden />;
  }
  return (
    <Box
      component="img"
      // One rendering serves every thumbnail size: the largest's box, sharp enough for the smaller ones.
      src={resizedImage(url, IMAGE_BOXES.adminThumbnail, IMAGE_SETTINGS)}
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

export function Clamp({ text, lines = 2, maxWidth = 360, italic = false }: { text: string; lines?: number; maxWidth?: number; italic?: boolean }) {
  return (
    <Typography
      variant="body2"
      sx={{ maxWidth, display: "-webkit-box", WebkitLineClamp: lines, WebkitBoxOrient: "vertical", overflow: "hidden", fontStyle: italic ? "italic" : "normal", ...wrapAnywhere }}
      title={text}
    >
      {text}
    </Typography>
  );
}

export function DateCell({ value }: { value: string }) {
  return <Box component="span" sx={{ whiteSpace: "nowrap" }}>{formatDate(value, "en-US")}</Box>;
}

export function Badge({ label, color = "default" }: { label: string | null | undefined; color?: BadgeColor }) {
  if (!label) return null;
  return <Chip size="small" label={label} color={color} variant="outlined" sx={{ maxWidth: 200 }} title={label} />;
}

export function TitleCell({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Box sx={{ minWidth: 160, maxWidth: 420, ...wrapAnywhere }}>
      <Typography variant="body2" sx={{ fontWeight: 600, display: "-webkit-box", WebkitLineClamp: 3, WebkitBoxOrient: "vertical", overflow: "hidden" }} title={title}>
        {title}
      </Typography>
      {subtitle ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
          {subtitle}
        </Typography>
      ) : null}
    </Box>
  );
}

/** A list column's cell, as its `kind` says (shared/content-type.ts ColumnSpec). */
export function columnCell(column: ColumnSpec, record: Record<string, unknown>): ReactNode {
  const value = record[column.source];
  const text = String(value ?? "");
  switch (column.kind) {
    case "text":
      return column.text ? column.text(record) : text;
    case "title":
      return <TitleCell title={text} subtitle={column.subtitle?.(record)} />;
    case "date":
      return <DateCell value={text} />;
    case "image":
      return <Thumbnail url={value as string | null | undefined} size={column.size} />;
    case "clamp":
      return <Clamp text={column.text ? column.text(record) : text} lines={column.lines} maxWidth={column.maxWidth} italic={column.italic} />;
    case "position":
      // Orders count from 0; people count from 1.
      return typeof value === "number" ? value + 1 : text;
    case "badges": {
      const badges = column.badges.map(({ text: badgeText, color }, index) => <Badge key={index} label={badgeText ? badgeText(record) : text} color={color} />);
      return badges.length === 1 ? badges[0] : <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }}>{badges}</Box>;
    }
  }
}
