import { useEffect, useState } from "react";
import { categoryPercentage, stageStatusLabel, stagesByCategory } from "../../shared/progress.ts";
import type { ProjectStage, StageCategory } from "../../shared/types.ts";
import { db } from "../lib/db.ts";

const TIMELINES: { category: StageCategory; tile: string; title: string }[] = [
  { category: "hardware", tile: "Hardware Progress", title: "Hardware Development" },
  { category: "token", tile: "RCRT Token Progress", title: "RCRT Token Launch" },
];

export function HomePage() {
  const [stages, setStages] = useState<ProjectStage[] | null>(null);

  useEffect(() => {
    db.from("project_stages")
      .select("*")
      .order("category")
      .order("order")
      .then(({ data }) => setStages((data as ProjectStage[] | null) ?? []));
  }, []);

  return (
    <main>
      <h1>RCRT</h1>
      <section aria-labelledby="progress-title">
        <h2 id="progress-title">Project Progress</h2>
        {stages === null ? (
          <p>Loading progress…</p>
        ) : (
          TIMELINES.map(({ category, tile, title }) => (
            <div key={category}>
              <p>
                {tile}: <strong>{categoryPercentage(stages, category)}</strong>
              </p>
              <h3>{title}</h3>
              <ol>
                {stagesByCategory(stages, category).map((stage) => (
                  <li key={stage.id}>
                    {stage.name} {stageStatusLabel(stage, "public")}
                  </li>
                ))}
              </ol>
            </div>
          ))
        )}
      </section>
    </main>
  );
}
