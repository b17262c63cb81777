import { BRAND } from "../../shared/brand.ts";
import { PageHeader } from "../components/PageHeader.tsx";
import { useMessages } from "../lib/language.ts";
import { pageMeta, usePageMeta } from "../lib/meta.ts";
import type { RouteDefinition } from "../lib/route-module.ts";

export const route = { path: "/about", nav: "About", sitemap: true } satisfies RouteDefinition;


const STORY = [
  {
    title: "The Personal Journey",
    paragraphs: [
      "It started with a shoebox of tapes in a parents' attic and a CRT television that still worked. Watching those films again, warts and all, felt nothing like scrolling a streaming catalogue: the picture had texture, and the collection had a history.",
      `${BRAND} is what happened when that feeling met a workbench, an FPGA development board and too many late nights. We wanted a player that honours physical media without asking anyone to give up modern convenience.`,
    ],
  },
  {
    title: "The Media Philosophy",
    paragraphs: [
      "We believe the films and series you love should be yours: on a shelf, in your hand, playable in twenty years without an account, a subscription or a licence server that might disappear.",
      "A cartridge is a promise. Whatever is on it stays on it, and it plays the same way tomorrow as it does today.",
    ],
  },
  {
    title: "Technology Meets Tradition",
    paragraphs: [
      "Under the retro shell is thoroughly modern hardware. Video is decoded on an FPGA, in a fixed pipeline, so every frame leaves the player as soon as it arrives: zero-latency playback, 4K output and hardware decoding of H.264, H.265/HEVC, VP9 and AV1.",
      "The VHS and CRT filter modes are not shaders bolted on at the end. They are stages of that same pipeline, modelled on real decks and real tubes, and they add no delay.",
    ],
  },
  {
    title: "The Blockchain Vision",
    paragraphs: [
      "Every smart cartridge carries an ownership record. You can prove that a cartridge is yours, lend it, sell it or pass it on, and when a cartridge is resold the creators receive their royalties automatically.",
      "The chain is plumbing, not the product: you never need a wallet to press play.",
    ],
  },
  {
    title: "Token Economics",
    paragraphs: [
      `The ${BRAND} token pays for cartridges and royalties and gives holders a say in the project: which features come next, which collections we license and how the community treasury is spent.`,
      "Supply, vesting and the launch schedule are set out in the whitepaper, and every change to them is recorded in its change log.",
    ],
  },
];

const SPECS = [
  { title: "Storage Capacity", items: ["Smart cartridges from 128GB to 1TB", "Collector editions of 256GB, 512GB and 1TB", "Hot-swappable, with instant library indexing"] },
  { title: "Performance", items: ["FPGA video pipeline, zero added latency", "Up to 4K output over HDMI 2.0", "H.264, H.265/HEVC, VP9 and AV1 in hardware"] },
  { title: "Security", items: ["Secure element in every cartridge", "Signed cartridge headers, checked at mount", "Ownership records verified on chain"] },
  { title: "Connectivity", items: ["HDMI 2.0 and composite video out", "Wi-Fi and Ethernet for updates", "USB-C for power and accessories"] },
];

function Schematic({ label, parts }: { label: string; parts: string[] }) {
  return (
    <figure className="schematic">
      <div className="schematic-board" role="img" aria-label={`${label} schematic placeholder: ${parts.join(", ")}`}>
        {parts.map((part) => (
          <span key={part} className="schematic-part">
            {part}
          </span>
        ))}
      </div>
      <figcaption>Schematic placeholder: detailed drawings follow with the hardware reveal.</figcaption>
    </figure>
  );
}

export default function AboutPage() {
  usePageMeta(pageMeta(useMessages(), route.path), route.path);
  return (
    <>
      <PageHeader eyebrow="About" title="Our Story">
        <p>Why a small team set out to build a media player that treats your collection like it matters.</p>
      </PageHeader>
      <div className="container prose-layout">
        {STORY.map((section) => (
          <section key={section.title} className="story-section" aria-labelledby={slug(section.title)}>
            <h2 id={slug(section.title)} className="section-title small">
              {section.title}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 24)}>{paragraph}</p>
            ))}
          </section>
        ))}
      </div>
      <section className="section" aria-labelledby="specs-title">
        <div className="container">
          <h2 id="specs-title" className="section-title">
            Technical Specifications
          </h2>
          <ul className="card-grid four">
            {SPECS.map((spec) => (
              <li key={spec.title} className="card">
                <h3>{spec.title}</h3>
                <ul className="spec-list">
                  {spec.items.map((item) => (
                    <li key={item}>{item}</li>
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
            System Architecture
          </h2>
          <div className="two-columns">
            <section className="card" aria-labelledby="cartridge-design">
              <h3 id="cartridge-design">Cartridge Design</h3>
              <p>A rugged shell around flash storage, a secure element and gold contacts, with a label you can write on.</p>
              <Schematic label="Cartridge Design" parts={["Flash storage", "Secure element", "Gold contacts", "Label"]} />
            </section>
            <section className="card" aria-labelledby="player-architecture">
              <h3 id="player-architecture">Player Architecture</h3>
              <p>The cartridge slot feeds the FPGA decode pipeline, whose filter stages drive the HDMI and composite outputs.</p>
              <Schematic label="Player Architecture" parts={["Cartridge slot", "FPGA decoder", "Filter stages", "HDMI / composite"]} />
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
