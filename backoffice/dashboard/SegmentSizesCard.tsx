// The dashboard's Segments card: how many members each audience segment holds (segment_sizes, an
// SQL aggregate editors may read). The function comes with the segments' own migration: until a
// database has it, the card shows nothing.

import { GROWTH_TEXTS } from "../../shared/growth.ts";
import type { SegmentSize } from "../../shared/types.ts";
import { ChartBody, ChartCard, FigureTable, useAggregate } from "./chart-parts.tsx";

export function SegmentSizesCard() {
  const sizes = useAggregate<SegmentSize[]>("segment_sizes", {}, { optional: true });
  if (sizes.missing) return null;
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
