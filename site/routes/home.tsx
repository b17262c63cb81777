import { COMMUNITY_URL } from "../../shared/brand.ts";
import { homeLoader, type HomeContent } from "../home/home-content.ts";
import { Hero } from "../home/Hero.tsx";
import { useFlickerKey } from "../lib/flicker.ts";
import { island } from "../lib/island.tsx";
import { useMessages } from "../lib/language.ts";
import { pageMeta, usePageMeta } from "../lib/meta.ts";
import { newestFirst, placedIn, type PreviewPlacement, type PreviewRow, type RouteDefinition } from "../lib/route-module.ts";

// The home page is in the app's entry (site/route-table.tsx), not a chunk of its own.

export const route = { path: "/", nav: "Home", sitemap: true } satisfies RouteDefinition;


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

/** Key features: four groups of three cards, with the spec's group names. */
export const FEATURE_GROUPS: FeatureGroup[] = [
  {
    name: "FPGA Advantage",
    cards: [
      { title: "Zero-Latency Playback", text: "Video is decoded in dedicated hardware, line by line: press play and the picture is there." },
      { title: "Hardware Decoding", text: "H.264, H.265/HEVC, VP9 and AV1 run in the FPGA fabric, not on a busy CPU." },
      { title: "4K Output", text: "Up to 4K over HDMI 2.0, with pixel-exact scaling for older sources." },
    ],
  },
  {
    name: "Video Filters & Modes",
    cards: [
      { title: "VHS Mode", text: "Tracking wobble, chroma bleed and tape noise, tuned from real decks." },
      { title: "CRT Mode", text: "Scanlines, shadow masks and phosphor glow of consumer TVs and broadcast monitors." },
      { title: "Clean Mode", text: "Switch the filters off for a sharp, modern picture whenever you like." },
    ],
  },
  {
    name: "Blockchain Integration",
    cards: [
      { title: "Verified Ownership", text: "Each smart cartridge carries an ownership record you can prove and pass on." },
      { title: "Automated Royalties", text: "Resales pay creators their share automatically, without a middleman." },
      { title: "Token Governance", text: "RCRT holders vote on features, cartridge releases and the roadmap." },
    ],
  },
  {
    name: "Media Library Experience",
    cards: [
      { title: "Smart Cartridges", text: "From 128GB to 1TB: your films and series on a cartridge you can hold." },
      { title: "Instant Browsing", text: "Browse by decade, genre or cartridge, with search that answers as you type." },
      { title: "Shelf-Worthy Design", text: "A collection that looks as good on the shelf as it plays on screen." },
    ],
  },
];

/** Join Our Community: the three goal tiles. */
export const COMMUNITY_GOALS: { value: string; label: string }[] = [
  { value: "1,000+", label: "community members" },
  { value: "1k+", label: "Discord messages" },
  { value: "50+", label: "project contributors" },
];

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
