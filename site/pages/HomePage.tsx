import { COMMUNITY_URL } from "../../shared/brand.ts";
import { COMMUNITY_GOALS, FEATURE_GROUPS } from "../content.ts";
import { Hero } from "../home/Hero.tsx";
import { island } from "../lib/island.tsx";
import { useFlickerKey } from "../lib/flicker.ts";
import { useRouteMeta } from "../lib/meta.ts";

// Below the fold, and interactive or data-driven: islands with code of their own.
const ProjectProgress = island(() => import("../home/ProjectProgress.tsx"), { minHeight: "32rem" });
const FeaturedCollections = island(() => import("../home/FeaturedCollections.tsx"), { minHeight: "34rem" });
const PressCoverage = island(() => import("../home/PressCoverage.tsx"), { minHeight: "16rem" });

const GROUP_ICONS = ["▣", "◐", "◈", "▤"];

function KeyFeatures() {
  return (
    <section id="features" className="section" aria-labelledby="features-title" tabIndex={-1}>
      <div className="container">
        <p className="eyebrow">Channel 01</p>
        <h2 id="features-title" className="section-title">
          Key Features
        </h2>
        <div className="feature-groups">
          {FEATURE_GROUPS.map((group, index) => (
            <section key={group.name} className="feature-group" aria-labelledby={`group-${index}`}>
              <h3 id={`group-${index}`} className="group-title">
                <span aria-hidden="true" className="group-icon">
                  {GROUP_ICONS[index]}
                </span>
                {group.name}
              </h3>
              <ul className="card-grid">
                {group.cards.map((card) => (
                  <li key={card.title} className="card feature-card">
                    <h4>{card.title}</h4>
                    <p>{card.text}</p>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </section>
  );
}

function JoinCommunity() {
  return (
    <section className="section community" aria-labelledby="community-title">
      <div className="container">
        <p className="eyebrow">Channel 05</p>
        <h2 id="community-title" className="section-title">
          Join Our Community
        </h2>
        <p className="lead">
          Builders, collectors and film lovers shape RCRT together: test builds, vote on features and help pick the first cartridge
          releases.
        </p>
        <ul className="goal-grid">
          {COMMUNITY_GOALS.map((goal) => (
            <li key={goal.label} className="goal-tile">
              <strong>{goal.value}</strong> <span>{goal.label}</span>
            </li>
          ))}
        </ul>
        <a className="button button-primary" href={COMMUNITY_URL} target="_blank" rel="noopener noreferrer">
          Join Discord<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>
    </section>
  );
}

export function HomePage() {
  useRouteMeta("/");
  const flicker = useFlickerKey();
  return (
    <>
      {flicker && <div className="flicker-overlay" data-testid="flicker-overlay" aria-hidden="true" />}
      <Hero />
      <KeyFeatures />
      <ProjectProgress />
      <FeaturedCollections />
      <PressCoverage />
      <JoinCommunity />
    </>
  );
}
