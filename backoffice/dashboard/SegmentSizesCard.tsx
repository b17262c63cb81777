// The dashboard's Segments card: how many people each saved segment of People holds (segment_sizes,
// which editors may read: names and counts, never an address).

import { GROWTH_TEXTS } from "../../shared/growth.ts";
import type { SegmentSize } from "../../shared/types.ts";
import { ChartBody, ChartCard, FigureTable, useAggregate } from "./chart-parts.tsx";

export function SegmentSizesCard() {
  const sizes = useAggregate<SegmentSize[]>("segment_sizes", {});
  return (
    <ChartCard title={GROWTH_TEXTS.segments} id="dashboard-segments">
      <ChartBody state={sizes} noun={GROWTH_TEXTS.segmentsNoun}>
        {() => (
          <FigureTable
            label={GROWTH_TEXTS.segmentSizes}
            headers={[GROWTH_TEXTS.segment, GROWTH_TEXTS.members]}
            rows={(sizes.rows ?? []).map((segment) => [segment.name, segment.size])}
            empty={GROWTH_TEXTS.noSegments}
          />
        )}
      </ChartBody>
    </ChartCard>
  );
}
