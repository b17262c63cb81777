import type { PostgrestClient } from "@supabase/postgrest-js";
import { useState } from "react";
import { BRAND } from "../../shared/brand.ts";
import { escapeHtml } from "../../shared/html-meta.ts";
import type { FaqEntry } from "../../shared/content-types/faq.ts";
import { ContactForm } from "../components/ContactForm.tsx";
import { Faq } from "../components/Faq.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import type { Language } from "../../shared/languages.ts";
import { contactTexts } from "../i18n/parts/contact.ts";
import { useMessages, usePart } from "../lib/language.ts";
import { inLanguage, type Worded } from "../lib/translations.ts";
import { pageMeta, usePageMeta } from "../lib/meta.ts";
import { answered } from "../lib/queries.ts";
import { inOrder, placedIn, useRead, type Loader, type PreviewPlacement, type RouteDefinition } from "../lib/route-module.ts";

export const route = { path: "/contact", nav: "Contact", sitemap: true } satisfies RouteDefinition;

/** The catalogue parts this page shows (its own, and its components'). */
export const texts = [contactTexts];


/** An FAQ entry as the page shows it: its answer's document as HTML, made where it is read (site/lib/rich-text.ts). */
export type FaqShown = Pick<FaqEntry, "id" | "question" | "order"> & Partial<Worded> & { html: string };

async function faqShown(entries: (Pick<FaqEntry, "id" | "question" | "order" | "answer"> & Partial<Worded>)[], db: PostgrestClient): Promise<FaqShown[]> {
  const { documentsHtml } = await import("../lib/rich-text.ts");
  const html = await documentsHtml(db, entries.map((entry) => entry.answer));
  return entries.map(({ id, question, order, lang }, index) => ({ id, question, order, ...(lang && { lang }), html: html[index]! }));
}

export const loader = {
  /** The published FAQ entries in their order, in the page's language where translated. */
  faq: async (db: PostgrestClient, language: Language) =>
    faqShown(await inLanguage(db, "faq_entries", answered<FaqEntry[]>(await db.from("faq_entries").select("id,question,answer,order").eq("published", true).order("order").order("id")), language), db),
} satisfies Loader;

const placeEntry = placedIn(inOrder);
export const preview: Record<string, PreviewPlacement> = {
  faq_entries: { key: "faq", place: async (current, row, db) => placeEntry(current, (await faqShown([row as unknown as FaqEntry], db))[0]!) },
};

export const OFFICE = {
  name: `${BRAND} Labs`,
  street: "1984 Analog Avenue, Suite 240",
  city: "San Francisco, CA 94107",
  country: "United States",
  email: "hello@rcrt.example",
  /** OpenStreetMap embed around the office. */
  mapEmbedUrl:
    "https://www.openstreetmap.org/export/embed.html?bbox=-122.4050%2C37.7700%2C-122.3850%2C37.7820&layer=mapnik&marker=37.7760%2C-122.3950",
  mapLinkUrl: "https://www.openstreetmap.org/?mlat=37.7760&mlon=-122.3950#map=16/37.7760/-122.3950",
};

/** The built-in FAQ, shown while no FAQ entry is published: launch, prices, developers, formats, subscription, shipping, warranty. */
export const FAQ: { question: string; answer: string }[] = [
  {
    question: "When will the RCRT player launch?",
    answer: "We are targeting a launch in Q3 2025, with pre-orders opening in Q2 2025.",
  },
  {
    question: "How much will the player cost?",
    answer: "Our price target for the base player is between $99 and $199.",
  },
  {
    question: "How much do smart cartridges cost?",
    answer: "Cartridges start at $29 for 128GB and go up to $99 for 1TB.",
  },
  {
    question: "Is there a developer program?",
    answer: "Yes. The developer program opens in Q2 2025, with documentation, sample cartridges and filter tooling.",
  },
  {
    question: "Which video formats are supported?",
    answer: "The player decodes H.264, H.265/HEVC, VP9 and AV1 in hardware.",
  },
  {
    question: "Is there a subscription fee?",
    answer: "No. There is no subscription fee: you own your player and your cartridges.",
  },
  {
    question: "Where will you ship?",
    answer: "At launch we ship to the United States, Canada, the United Kingdom, the European Union, Australia and Japan; more regions follow as our distribution grows.",
  },
  {
    question: "What warranty do you offer?",
    answer: "Every player comes with a two-year limited hardware warranty, and cartridges are covered for one year against defects.",
  },
];

/** The map is a third-party page: it loads only when the visitor asks for it. */
function OfficeMap() {
  const [shown, setShown] = useState(false);
  return (
    <div className="map card">
      {shown ? (
        <iframe className="map-frame" src={OFFICE.mapEmbedUrl} title={`Map: ${OFFICE.name}, ${OFFICE.street}, ${OFFICE.city}`} width={600} height={360} loading="lazy" />
      ) : (
        <div className="map-placeholder">
          <span className="map-pin" aria-hidden="true">
            ◎
          </span>
          <button type="button" className="button button-small" onClick={() => setShown(true)}>
            Show map
          </button>
          <p className="map-note">Loads a map from OpenStreetMap.</p>
        </div>
      )}
      <p className="map-link">
        <a href={OFFICE.mapLinkUrl} target="_blank" rel="noopener noreferrer">
          Open in OpenStreetMap<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </div>
  );
}

/** The built-in FAQ as the accordion shows answers: each its one paragraph. */
const BUILT_IN_FAQ = FAQ.map(({ question, answer }) => ({ question, html: `<p>${escapeHtml(answer)}</p>` }));

/** The published FAQ entries in their order, or the built-in list while none is published (or the read fails). */
function useFaqEntries() {
  const faq = useRead(loader, "faq");
  return faq.status === "ready" && faq.data.length > 0 ? faq.data : BUILT_IN_FAQ;
}

export default function ContactPage() {
  usePageMeta(pageMeta(useMessages(), route.path), route.path);
  const words = usePart(contactTexts);
  const faq = useFaqEntries();
  return (
    <>
      <PageHeader eyebrow={words["contact.eyebrow"]} title={words["contact.title"]}>
        <p>{words["contact.lead"]}</p>
      </PageHeader>
      <div className="container contact-layout">
        <section aria-labelledby="form-title">
          <h2 id="form-title" className="section-title small">
            {words["contact.formTitle"]}
          </h2>
          <ContactForm />
        </section>
        <section aria-labelledby="office-title">
          <h2 id="office-title" className="section-title small">
            {words["contact.officeTitle"]}
          </h2>
          <address className="card office">
            <strong>{OFFICE.name}</strong>
            <br />
            {OFFICE.street}
            <br />
            {OFFICE.city}
            <br />
            {OFFICE.country}
            <br />
            <a href={`mailto:${OFFICE.email}`}>{OFFICE.email}</a>
          </address>
          <OfficeMap />
        </section>
      </div>
      <section className="section" aria-labelledby="faq-title">
        <div className="container narrow">
          <h2 id="faq-title" className="section-title">
            {words["contact.faqTitle"]}
          </h2>
          <Faq entries={faq} />
        </div>
      </section>
    </>
  );
}
