// The dashboard's Growth card: waitlist sign-ups per day, direct and referred, the share of them
// confirmed, and the top referrers, over 7, 30 or 90 days. One SQL aggregate (growth_figures in
// supabase/schemas/14_waitlist.sql) feeds all of it; it gives editors no address, so the same card
// shows them places and counts only.

import { useState } from "react";
import Box from "@mui/material/Box";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { BarChart } from "@mui/x-charts/BarChart";
import { confirmationDetail, confirmationRate, GROWTH_TEXTS, growthSeries, growthSummary, referrerTable } from "../../shared/growth.ts";
import type { GrowthFigures } from "../../shared/types.ts";
import { CHART_COLOURS, CHART_HEIGHT, ChartBody, ChartCard, FigureTable, shortDay, useAggregate } from "./chart-parts.tsx";

export const GROWTH_WINDOWS = [7, 30, 90] as const;

export function GrowthCard() {
  const [days, setDays] = useState<(typeof GROWTH_WINDOWS)[number]>(30);
  const figures = useAggregate<GrowthFigures>("growth_figures", { days });
  const toggle = (
    <ToggleButtonGroup size="small" exclusive value={days} onChange={(_, next: number | null) => next && setDays(next as typeof days)} aria-label={GROWTH_TEXTS.period}>
      {GROWTH_WINDOWS.map((window) => (
        <ToggleButton key={window} value={window}>
          {GROWTH_TEXTS.window(window)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
  return (
    <ChartCard title={GROWTH_TEXTS.title} id="chart-growth" action={toggle}>
      <ChartBody state={figures} noun={GROWTH_TEXTS.noun}>
        {() => {
          const { days: perDay, totals, top_referrers: referrers } = figures.rows!;
          const series = growthSeries(perDay);
          const table = referrerTable(referrers);
          return (
            <>
              <Typography variant="body2" color="text.secondary" data-testid="growth-summary">
                {growthSummary(days, totals)}
              </Typography>
              <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "minmax(0, 2fr) minmax(0, 1fr)" }, gap: 2 }}>
                <BarChart
                  height={CHART_HEIGHT}
                  colors={CHART_COLOURS}
                  xAxis={[{ scaleType: "band", data: series.days, valueFormatter: shortDay }]}
                  series={[
                    { data: series.direct, label: GROWTH_TEXTS.direct, stack: "sign-ups" },
                    { data: series.referred, label: GROWTH_TEXTS.referred, stack: "sign-ups" },
                  ]}
                  aria-label={GROWTH_TEXTS.chart(days)}
                />
                <Box sx={{ minWidth: 0 }}>
                  <Box component="section" aria-label={GROWTH_TEXTS.confirmation}>
                    <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
                      {GROWTH_TEXTS.confirmation}
                    </Typography>
                    <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="growth-confirmation-rate">
                      {confirmationRate(totals)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {confirmationDetail(totals)}
                    </Typography>
                  </Box>
                  <FigureTable label={GROWTH_TEXTS.topReferrers} headers={table.headers} rows={table.rows} empty={GROWTH_TEXTS.noReferrers} />
                </Box>
              </Box>
            </>
          );
        }}
      </ChartBody>
    </ChartCard>
  );
}
