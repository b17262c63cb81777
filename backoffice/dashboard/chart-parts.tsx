// What every dashboard chart card shares: reading an SQL aggregate through an RPC, the card with its
// title and action, and the loading and failed states. Imported by the lazily loaded charts only.

import { useEffect, useState, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { LoadError } from "../components/LoadError.tsx";
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
