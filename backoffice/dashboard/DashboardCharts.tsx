// The dashboard's charts, drawn with @mui/x-charts. This module is imported lazily by Dashboard.tsx,
// so the chart library is a chunk of its own that only the dashboard loads. The numbers are SQL
// aggregates (submission_counts, waitlist_totals, published_per_month in
// supabase/migrations/20261124000500_editorial_tools.sql; audience_figures, growth_figures and
// segment_sizes behind their cards), never rows counted here.

import { useState } from "react";
import Box from "@mui/material/Box";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import { FORM_KINDS, type FormKind } from "../../shared/types.ts";
import { allConfigs } from "../resources/index.ts";
import { capitalize } from "../../shared/format.ts";
import { submissionsSummary, waitlistSummary } from "../../shared/dashboard-summaries.ts";
import { CHART_COLOURS, CHART_HEIGHT, ChartBody, ChartCard, shortDay, useAggregate } from "./chart-parts.tsx";
import { GrowthCard } from "./GrowthCard.tsx";
import { SegmentSizesCard } from "./SegmentSizesCard.tsx";
import { VisitorsCard } from "./VisitorsCard.tsx";

export const CHART_WINDOWS = [30, 90] as const;
const MONTHS = 12;

interface SubmissionCount {
  day: string;
  kind: FormKind;
  submissions: number;
}
interface WaitlistTotal {
  day: string;
  total: number;
}
interface PublishedCount {
  month: string;
  source: string;
  published: number;
}

const shortMonth = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", year: "2-digit", timeZone: "UTC" });

/** Submissions per day by kind, and the waitlist's size, over the last 30 or 90 days. */
function SubmissionCharts() {
  const [days, setDays] = useState<(typeof CHART_WINDOWS)[number]>(30);
  const counts = useAggregate<SubmissionCount[]>("submission_counts", { days });
  const totals = useAggregate<WaitlistTotal[]>("waitlist_totals", { days });
  const toggle = (
    <ToggleButtonGroup size="small" exclusive value={days} onChange={(_, next: number | null) => next && setDays(next as typeof days)} aria-label="Period">
      {CHART_WINDOWS.map((window) => (
        <ToggleButton key={window} value={window}>
          Last {window} days
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
  return (
    <>
      <ChartCard title="Submissions per day" id="chart-submissions" action={toggle}>
        <ChartBody state={counts} noun="submission counts">
          {() => {
            const rows = counts.rows ?? [];
            const daysShown = [...new Set(rows.map((row) => row.day))];
            const byKind = (kind: FormKind) => daysShown.map((day) => rows.find((row) => row.day === day && row.kind === kind)?.submissions ?? 0);
            const sum = (kind: FormKind) => byKind(kind).reduce((total, n) => total + n, 0);
            return (
              <>
                <Typography variant="body2" color="text.secondary" data-testid="submissions-summary">
                  {submissionsSummary(
                    days,
                    FORM_KINDS.map((kind) => [kind, sum(kind)]),
                  )}
                </Typography>
                <BarChart
                  height={CHART_HEIGHT}
                  colors={CHART_COLOURS}
                  xAxis={[{ scaleType: "band", data: daysShown, valueFormatter: shortDay }]}
                  series={FORM_KINDS.map((kind) => ({ data: byKind(kind), label: capitalize(kind), stack: "kinds" }))}
                  aria-label={`Submissions per day by kind, last ${days} days`}
                />
              </>
            );
          }}
        </ChartBody>
      </ChartCard>
      <ChartCard title="Waitlist over time" id="chart-waitlist">
        <ChartBody state={totals} noun="waitlist totals">
          {() => {
            const rows = totals.rows ?? [];
            return (
              <>
                <Typography variant="body2" color="text.secondary" data-testid="waitlist-summary">
                  {waitlistSummary(rows)}
                </Typography>
                <LineChart
                  height={CHART_HEIGHT}
                  colors={CHART_COLOURS}
                  xAxis={[{ scaleType: "point", data: rows.map((row) => row.day), valueFormatter: shortDay }]}
                  series={[{ data: rows.map((row) => row.total), label: "Waitlist", area: true, showMark: false }]}
                  aria-label={`Waitlist total, last ${days} days`}
                />
              </>
            );
          }}
        </ChartBody>
      </ChartCard>
    </>
  );
}

/** Published content per month of its creation, one stack per content type. */
function PublishedChart() {
  const published = useAggregate<PublishedCount[]>("published_per_month", { months: MONTHS });
  return (
    <ChartCard title="Content published per month" id="chart-published">
      <ChartBody state={published} noun="published counts">
        {() => {
          const rows = published.rows ?? [];
          const months = [...new Set(rows.map((row) => row.month))];
          const sources = [...new Set(rows.map((row) => row.source))];
          const label = (source: string) => allConfigs.find((config) => config.table === source)?.label ?? source;
          return (
            <BarChart
              height={CHART_HEIGHT}
              colors={CHART_COLOURS}
              xAxis={[{ scaleType: "band", data: months, valueFormatter: shortMonth }]}
              series={sources.map((source) => ({
                data: months.map((month) => rows.find((row) => row.month === month && row.source === source)?.published ?? 0),
                label: label(source),
                stack: "content",
              }))}
              aria-label={`Published content per month, last ${MONTHS} months`}
            />
          );
        }}
      </ChartBody>
    </ChartCard>
  );
}

/**
 * The charts; `submissions` adds the audience's and the form submissions' (administrators only).
 * The waitlist's growth and the segments' sizes are counts that editors read too.
 */
export default function DashboardCharts({ submissions }: { submissions: boolean }) {
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" }, gap: 2, mt: 2 }}>
      {submissions && (
        <Box sx={{ gridColumn: { lg: "1 / -1" } }}>
          <VisitorsCard />
        </Box>
      )}
      <Box sx={{ gridColumn: { lg: "1 / -1" } }}>
        <GrowthCard />
      </Box>
      {submissions && <SubmissionCharts />}
      <Box sx={{ gridColumn: { lg: "1 / -1" } }}>
        <PublishedChart />
      </Box>
      <SegmentSizesCard />
    </Box>
  );
}
