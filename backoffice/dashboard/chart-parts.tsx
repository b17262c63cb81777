// What every dashboard chart card shares: reading an SQL aggregate through an RPC, the card with its
// title and action, and the loading and failed states. Imported by the lazily loaded charts only.

import { useEffect, useState, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Skeleton from "@mui/material/Skeleton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { LoadError } from "../components/LoadError.tsx";
import { ScrollRegion } from "../components/ScrollRegion.tsx";
import { useAdminDataProvider } from "../components/useAdminDataProvider.ts";
import { reportError } from "../lib/errors.ts";

export const CHART_HEIGHT = 240;

/**
 * The series' colours of every chart, in order: each distinct, and each at least 3:1 against the
 * card's white (a line or bar must be seen). More than any chart has series: the published chart
 * draws one per content type, and the chart library's own palette has 7, so an eighth repeated the first.
 */
export const CHART_COLOURS = [
  "#6d28d9",
  "#0369a1",
  "#c2410c",
  "#047857",
  "#be185d",
  "#a16207",
  "#1d4ed8",
  "#b91c1c",
  "#0f766e",
  "#4d7c0f",
  "#475569",
  "#a21caf",
  "#78350f",
  "#155e75",
];

/** One RPC's result for the given arguments: pending, failed (with Try Again) or loaded. */
export function useAggregate<T>(fn: string, args: Record<string, unknown>) {
  const dataProvider = useAdminDataProvider();
  const key = `${fn}:${JSON.stringify(args)}`;
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; attempt: number; rows: T | null; failed: boolean } | null>(null);
  useEffect(() => {
    let current = true;
    dataProvider
      .rpc<T>(fn, JSON.parse(key.slice(fn.length + 1)) as Record<string, unknown>)
      .then((rows) => current && setResult({ key, attempt, rows: rows ?? null, failed: false }))
      .catch((error: unknown) => {
        if (!current) return;
        reportError(`Error fetching ${fn.replace(/_/g, " ")}`, error);
        setResult({ key, attempt, rows: null, failed: true });
      });
    return () => {
      current = false;
    };
  }, [dataProvider, fn, key, attempt]);
  const settled = result?.key === key && result.attempt === attempt ? result : null;
  return { rows: settled?.rows ?? null, failed: settled?.failed ?? false, pending: !settled, retry: () => setAttempt((n) => n + 1) };
}

export const shortDay = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

export function ChartCard({ title, id, action, children }: { title: string; id: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Typography id={id} variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

export function ChartBody({ state, noun, children }: { state: { pending: boolean; failed: boolean; retry(): void }; noun: string; children: () => ReactNode }) {
  if (state.failed) return <LoadError nounPlural={noun} onRetry={state.retry} />;
  if (state.pending) return <Skeleton variant="rectangular" height={CHART_HEIGHT} sx={{ mt: 1 }} />;
  return <>{children()}</>;
}

// A label column takes the width the figures leave and keeps to one line; the whole label is its title.
const LABEL_CELL = { maxWidth: 0, width: "100%", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" } as const;

/** A card's table of figures: a label column, then figures aligned right; a sentence when it has no rows. */
export function FigureTable({ label, headers, rows, empty }: { label: string; headers: string[]; rows: (string | number)[][]; empty: string }) {
  return (
    <Box component="section" aria-label={label} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {label}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <ScrollRegion label={`${label} table`}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {headers.map((header, index) => (
                  <TableCell key={header} align={index === 0 ? "left" : "right"}>
                    {header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={String(row[0])}>
                  {row.map((cell, index) => (
                    <TableCell key={index} align={index === 0 ? "left" : "right"} sx={index === 0 ? LABEL_CELL : { whiteSpace: "nowrap" }} title={index === 0 ? String(cell) : undefined}>
                      {cell}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
    </Box>
  );
}
