import { TIMELINE_COLUMNS } from "../../shared/constants.ts";
import { categoryPercentage, stageStatus, stagesByCategory, type StageStatus } from "../../shared/progress.ts";
import type { StageCategory } from "../../shared/types.ts";
import type { ProjectStage } from "../../shared/content-types/progress.ts";
import { LoadError, Loading } from "../components/States.tsx";
import { fill } from "../i18n/catalogues.ts";
import { homeTexts, type HomeTexts } from "../i18n/parts/home.ts";
import { useLangOf, usePart } from "../lib/language.ts";
import type { Worded } from "../lib/translations.ts";
import { useHomeContent } from "./home-content.ts";

const TIMELINES: { category: StageCategory; tile: keyof HomeTexts; title: keyof HomeTexts }[] = [
  { category: "hardware", tile: "progress.hardwareTile", title: "progress.hardwareTitle" },
  { category: "token", tile: "progress.tokenTile", title: "progress.tokenTitle" },
];

/**
 * A stage's label on the public timeline, in the page's words: as stageStatusLabel (shared/progress.ts)
 * says it for the public, none for a stage not started.
 */
export function publicStageLabel(status: StageStatus, words: HomeTexts): string | null {
  if (status.kind === "completed") return words["progress.completed"];
  if (status.kind === "in-progress") return fill(words["progress.inProgress"], { percent: status.percent });
  return null;
}

function Timeline({ stages, title, id }: { stages: (ProjectStage & Partial<Worded>)[]; title: string; id: string }) {
  const langOf = useLangOf();
  const words = usePart(homeTexts);
  return (
    <section className="timeline-block" aria-labelledby={id}>
      <h3 id={id} className="group-title">
        {title}
      </h3>
      <ol className="timeline" style={{ ["--columns" as string]: TIMELINE_COLUMNS }}>
        {stages.map((stage) => {
          const status = stageStatus(stage);
          const label = publicStageLabel(status, words);
          return (
            <li key={stage.id} className={`stage stage-${status.kind}`}>
              <span className="stage-dot" aria-hidden="true" />
              <span className="stage-name" lang={langOf(stage.lang)}>
                {stage.name}
              </span>
              {label && <span className="stage-label">{label}</span>}
              {status.kind === "in-progress" && (
                <span className="stage-bar" aria-hidden="true">
                  <span style={{ width: `${status.percent}%` }} />
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** Project Progress: the two percentage tiles and the two five-column timelines, from project_stages. */
export default function ProjectProgress() {
  const stages = useHomeContent("stages");
  const messages = usePart(homeTexts);
  return (
    <section className="section progress" aria-labelledby="progress-title">
      <div className="container">
        <p className="eyebrow">{messages["progress.eyebrow"]}</p>
        <h2 id="progress-title" className="section-title">
          {messages["progress.title"]}
        </h2>
        {stages.status === "loading" && <Loading>{messages["progress.loading"]}</Loading>}
        {stages.status === "error" && <LoadError message={messages["progress.failed"]} onRetry={stages.reload} />}
        {stages.status === "ready" && (
          <>
            <div className="tile-grid">
              {TIMELINES.map(({ category, tile }) => {
                const percentage = categoryPercentage(stages.data, category);
                return (
                  <div key={category} className="progress-tile">
                    <span className="tile-label">{messages[tile]}</span>
                    <strong className="tile-value" data-testid={`${category}-percentage`}>
                      {percentage}
                    </strong>
                    <span className="tile-meter" aria-hidden="true">
                      <span style={{ width: percentage }} />
                    </span>
                  </div>
                );
              })}
            </div>
            {TIMELINES.map(({ category, title }) => (
              <Timeline key={category} id={`timeline-${category}`} title={messages[title]} stages={stagesByCategory(stages.data, category)} />
            ))}
          </>
        )}
      </div>
    </section>
  );
}
