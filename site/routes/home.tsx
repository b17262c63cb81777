import { COMMUNITY_URL } from "../../shared/brand.ts";
import { homeLoader, type HomeContent } from "../home/home-content.ts";
import { Hero } from "../home/Hero.tsx";
import { useFlickerKey } from "../lib/flicker.ts";
import { island } from "../lib/island.tsx";
import { homeTexts, type HomeTexts } from "../i18n/parts/home.ts";
import { useMessages, usePart } from "../lib/language.ts";
import { pageMeta, usePageMeta } from "../lib/meta.ts";
import { newestFirst, placedIn, type PreviewPlacement, type PreviewRow, type RouteDefinition } from "../lib/route-module.ts";

export const route = { path: "/", nav: "Home", sitemap: true } satisfies RouteDefinition;

/** The words of the hero and the sections. */
export const texts = [homeTexts];

export const loader = homeLoader;

/** One of the home page's lists (its one read) with the row in its sorted place. */
function placedInHome(part: "collections" | "press"): PreviewPlacement {
  return {
    key: "home",
    place: (current: unknown, row: PreviewRow): HomeContent => {
      const home = (current ?? { stages: [], collections: [], press: [] }) as HomeContent;
      return { ...home, [part]: placedIn(newestFirst)(home[part], row) };
    },
  };
}

export const preview: Record<string, PreviewPlacement> = { featured_collections: placedInHome("collections"), press_quotes: placedInHome("press") };

export interface FeatureGroup {
  name: string;
  cards: { title: string; text: string }[];
}

/** Key features: four groups of three cards, with the spec's group names, in a language's words. */
export function featureGroups(messages: HomeTexts): FeatureGroup[] {
  return ([0, 1, 2, 3] as const).map((group) => ({
    name: messages[`features.${group}.name`],
    cards: ([0, 1, 2] as const).map((card) => ({ title: messages[`features.${group}.${card}.title`], text: messages[`features.${group}.${card}.text`] })),
  }));
}

export const FEATURE_GROUPS: FeatureGroup[] = featureGroups(homeTexts.en);

/** Join Our Community: the three goal tiles, in a language's words. */
export function communityGoals(messages: HomeTexts): { value: string; label: string }[] {
  return [
    { value: "1,000+", label: messages["community.members"] },
    { value: "1k+", label: messages["community.messages"] },
    { value: "50+", label: messages["community.contributors"] },
  ];
}

export const COMMUNITY_GOALS = communityGoals(homeTexts.en);

// Below the fold, and interactive or data-driven: islands with code of their own.
const ProjectProgress = island(() => import("../home/ProjectProgress.tsx"), { minHeight: "32rem" });
const FeaturedCollections = island(() => import("../home/FeaturedCollections.tsx"), { minHeight: "34rem" });
const PressCoverage = island(() => import("../home/PressCoverage.tsx"), { minHeight: "16rem" });

const GROUP_ICONS = ["▣", "◐", "◈", "▤"];

function KeyFeatures() {
  const messages = usePart(homeTexts);
  return (
    <section id="features" className="section" aria-labelledby="features-title" tabIndex={-1}>
      <div className="container">
        <p className="eyebrow">{messages["features.eyebrow"]}</p>
        <h2 id="features-title" className="section-title">
          {messages["features.title"]}
        </h2>
        <div className="feature-groups">
          {featureGroups(messages).map((group, index) => (
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
  const messages = usePart(homeTexts);
  const { "link.newTab": newTab } = useMessages();
  return (
    <section className="section community" aria-labelledby="community-title">
      <div className="container">
        <p className="eyebrow">{messages["community.eyebrow"]}</p>
        <h2 id="community-title" className="section-title">
          {messages["community.title"]}
        </h2>
        <p className="lead">{messages["community.lead"]}</p>
        <ul className="goal-grid">
          {communityGoals(messages).map((goal) => (
            <li key={goal.label} className="goal-tile">
              <strong>{goal.value}</strong> <span>{goal.label}</span>
            </li>
          ))}
        </ul>
        <a className="button button-primary" href={COMMUNITY_URL} target="_blank" rel="noopener noreferrer">
          {messages["hero.discord"]}
          <span className="visually-hidden">{newTab}</span>
        </a>
      </div>
    </section>
  );
}

export default function HomePage() {
  usePageMeta(pageMeta(useMessages(), route.path), route.path);
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
