import { PageHeader } from "../components/PageHeader.tsx";
import { fill } from "../i18n/catalogues.ts";
import { aboutTexts } from "../i18n/parts/about.ts";
import type { PartTexts } from "../i18n/parts.ts";
import { useMessages, usePart } from "../lib/language.ts";
import { pageMeta, usePageMeta } from "../lib/meta.ts";
import type { RouteDefinition } from "../lib/route-module.ts";

export const route = { path: "/about", nav: "About", sitemap: true } satisfies RouteDefinition;

export const texts = [aboutTexts];

type AboutTexts = PartTexts<typeof aboutTexts.en>;

/** The story's sections, each a title and two paragraphs (`about.<section>.title`, `.0`, `.1`). */
const STORY = ["journey", "philosophy", "technology", "blockchain", "token"] as const;
/** The technical specifications: four cards of three items. */
const SPECS = ["storage", "performance", "security", "connectivity"] as const;

/** A heading's id: from its English title, the same in every language. */
const headingId = (section: (typeof STORY)[number]) => slug(aboutTexts.en[`about.${section}.title`]);

function Schematic({ part, words }: { part: "cartridge" | "player"; words: AboutTexts }) {
  const parts = ([0, 1, 2, 3] as const).map((index) => words[`about.${part}.${index}`]);
  const name = words[`about.${part}.title`];
  return (
    <figure className="schematic">
      <div className="schematic-board" role="img" aria-label={fill(words["about.schematic.label"], { name, parts: parts.join(words["about.schematic.separator"]) })}>
        {parts.map((item) => (
          <span key={item} className="schematic-part">
            {item}
          </span>
        ))}
      </div>
      <figcaption>{words["about.schematic.caption"]}</figcaption>
    </figure>
  );
}

export default function AboutPage() {
  const messages = useMessages();
  const words = usePart(aboutTexts);
  usePageMeta(pageMeta(messages, route.path), route.path);
  return (
    <>
      <PageHeader eyebrow={words["about.eyebrow"]} title={messages["title:/about"]}>
        <p>{words["about.lead"]}</p>
      </PageHeader>
      <div className="container prose-layout">
        {STORY.map((section) => (
          <section key={section} className="story-section" aria-labelledby={headingId(section)}>
            <h2 id={headingId(section)} className="section-title small">
              {words[`about.${section}.title`]}
            </h2>
            <p>{words[`about.${section}.0`]}</p>
            <p>{words[`about.${section}.1`]}</p>
          </section>
        ))}
      </div>
      <section className="section" aria-labelledby="specs-title">
        <div className="container">
          <h2 id="specs-title" className="section-title">
            {words["about.specs"]}
          </h2>
          <ul className="card-grid four">
            {SPECS.map((spec) => (
              <li key={spec} className="card">
                <h3>{words[`about.${spec}.title`]}</h3>
                <ul className="spec-list">
                  {([0, 1, 2] as const).map((item) => (
                    <li key={item}>{words[`about.${spec}.${item}`]}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section" aria-labelledby="architecture-title">
        <div className="container">
          <h2 id="architecture-title" className="section-title">
            {words["about.architecture"]}
          </h2>
          <div className="two-columns">
            <section className="card" aria-labelledby="cartridge-design">
              <h3 id="cartridge-design">{words["about.cartridge.title"]}</h3>
              <p>{words["about.cartridge.text"]}</p>
              <Schematic part="cartridge" words={words} />
            </section>
            <section className="card" aria-labelledby="player-architecture">
              <h3 id="player-architecture">{words["about.player.title"]}</h3>
              <p>{words["about.player.text"]}</p>
              <Schematic part="player" words={words} />
            </section>
          </div>
        </div>
      </section>
    </>
  );
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
