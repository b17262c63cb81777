// The dashboard's Visitors card: page views, visitors and sign-ups over 7, 30 or 90 days, the top
// pages, where visits came from and which campaigns brought sign-ups. One SQL aggregate
// (audience_figures in supabase/schemas/10_audience.sql) feeds all of it; what is
// counted is written in docs/analytics.md.

import { useState } from "react";
import Box from "@mui/material/Box";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { LineChart } from "@mui/x-charts/LineChart";
import { audienceSummary } from "../../shared/dashboard-summaries.ts";
import { conversionRate } from "../../shared/format.ts";
import { AUDIENCE_FOLDED, type AudienceFigures } from "../../shared/types.ts";
import { CHART_COLOURS, CHART_HEIGHT, ChartBody, ChartCard, FigureTable, shortDay, useAggregate } from "./chart-parts.tsx";

export const VISITOR_WINDOWS = [7, 30, 90] as const;

/** What the web tier leaves out (server/audience.ts, docs/analytics.md): a gap with another tool's figures is mostly this. */
export const NOT_COUNTED =
  "Not counted: robots and crawlers, automated and headless browsers (test runs, link previews, monitors), browsers that ask not to be tracked (Do Not Track, Global Privacy Control), and the back office.";

export function VisitorsCard() {
  const [days, setDays] = useState<(typeof VISITOR_WINDOWS)[number]>(30);
  const figures = useAggregate<AudienceFigures>("audience_figures", { days });
  const toggle = (
    <ToggleButtonGroup size="small" exclusive value={days} onChange={(_, next: number | null) => next && setDays(next as typeof days)} aria-label="Visitors period">
      {VISITOR_WINDOWS.map((window) => (
        <ToggleButton key={window} value={window}>
          {window} days
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
  return (
    <ChartCard title="Visitors" id="chart-visitors" action={toggle}>
      <ChartBody state={figures} noun="audience figures">
        {() => {
          const { days: perDay, totals, pages, sources, campaigns } = figures.rows!;
          return (
            <>
              <Typography variant="body2" color="text.secondary" data-testid="visitors-summary">
                {audienceSummary(days, totals)}
              </Typography>
              <Typography variant="caption" component="p" color="text.secondary" data-testid="visitors-not-counted">
                {NOT_COUNTED}
              </Typography>
              <LineChart
                height={CHART_HEIGHT}
                colors={CHART_COLOURS}
                xAxis={[{ scaleType: "point", data: perDay.map((row) => row.day), valueFormatter: shortDay }]}
                series={[
                  { data: perDay.map((row) => row.views), label: "Page views", showMark: false },
                  { data: perDay.map((row) => row.visitors), label: "Visitors", showMark: false },
                ]}
                aria-label={`Page views and visitors per day, last ${days} days`}
              />
              <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "repeat(3, minmax(0, 1fr))" }, gap: 2 }}>
                <FigureTable
                  label="Top pages"
                  headers={["Page", "Views", "Visitors", "Sign-ups"]}
                  rows={pages.map((page) => [page.path === AUDIENCE_FOLDED ? "Other pages" : page.path, page.views, page.visitors, page.signups])}
                  empty="No page views yet."
                />
                <FigureTable
                  label="Sources"
                  headers={["Source", "Visitors", "Sign-ups", "Conversion"]}
                  rows={sources.map((source) => [source.source === AUDIENCE_FOLDED ? "Other sites" : source.source || "Direct", source.visitors, source.signups, conversionRate(source.converted, source.visitors)])}
                  empty="No visits yet."
                />
                <FigureTable
                  label="Campaigns"
                  headers={["Campaign", "Visitors", "Sign-ups", "Conversion"]}
                  rows={campaigns.map((campaign) => [
                    [campaign.campaign || "(none)", [campaign.source, campaign.medium].filter(Boolean).join(" / ")].filter(Boolean).join(" · "),
                    campaign.visitors,
                    campaign.signups,
                    conversionRate(campaign.converted, campaign.visitors),
                  ])}
                  empty="No campaign links used yet."
                />
              </Box>
            </>
          );
        }}
      </ChartBody>
    </ChartCard>
  );
}
