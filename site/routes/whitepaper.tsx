import type { PostgrestClient } from "@supabase/postgrest-js";
import { formatDate } from "../../shared/format.ts";
import type { Whitepaper } from "../../shared/content-types/whitepaper.ts";
import { sortSections } from "../../shared/whitepaper.ts";
import { PageHeader } from "../components/PageHeader.tsx";
import { RichText } from "../components/RichText.tsx";
import { LoadError, Loading } from "../components/States.tsx";
import { DEFAULT_LANGUAGE, languageEntry, type Language } from "../../shared/languages.ts";
import { fill } from "../i18n/catalogues.ts";
import { whitepaperTexts } from "../i18n/parts/whitepaper.ts";
import { useLangOf, useMessages, usePart } from "../lib/language.ts";
import { inLanguage, type Worded } from "../lib/translations.ts";
import { pageMeta, usePageMeta } from "../lib/meta.ts";
import { answered } from "../lib/queries.ts";
import { useRead, type Loader, type PreviewPlacement, type RouteDefinition } from "../lib/route-module.ts";

export const route = { path: "/whitepaper", nav: "Whitepaper", sitemap: true } satisfies RouteDefinition;

/** The catalogue parts this page shows. */
export const texts = [whitepaperTexts];


/**
 * A version as the page shows it: its sections in order with their documents as HTML
 * (site/lib/rich-text.ts), and its date written out. Made where it is read (the server; the browser
 * only when it reads the page itself), so the page's code neither loads the renderer nor makes a date
 * formatter as it starts.
 */
export interface WhitepaperShown extends Pick<Whitepaper, "id" | "title" | "version" | "created_at" | "change_log">, Partial<Worded> {
  date: string;
  sections: { title: string; html: string }[];
}

/** `paper` as the page in `language` shows it (its date written in that language). */
async function shown(paper: Whitepaper & Partial<Worded>, db: PostgrestClient, language: Language = DEFAULT_LANGUAGE): Promise<WhitepaperShown> {
  const { documentsHtml } = await import("../lib/rich-text.ts");
  const { id, title, version, created_at, change_log, lang } = paper;
  const ordered = sortSections(paper.sections ?? []);
  const html = await documentsHtml(db, ordered.map((section) => section.content));
  const sections = ordered.map((section, index) => ({ title: section.title, html: html[index]! }));
  return { id, title, version, created_at, change_log, lang, date: formatDate(created_at, languageEntry(language).locale), sections };
}

export const loader = {
  /** The published version with the highest version (version_key orders 1.10 above 1.9). */
  whitepaper: async (db: PostgrestClient, language: Language) => {
    const paper = answered<Whitepaper | null>(
      await db
        .from("whitepaper")
        .select("id,title,version,published,created_at,sections,change_log")
        .eq("published", true)
        .order("version_key", { ascending: false })
        .limit(1)
        .maybeSingle(),
    );
    return paper && shown((await inLanguage(db, "whitepaper", [paper], language))[0]!, db, language);
  },
} satisfies Loader;

// One published version: the previewed row is the page's.
export const preview: Record<string, PreviewPlacement> = { whitepaper: { key: "whitepaper", place: (_current, row, db) => shown(row as unknown as Whitepaper, db) } };

export const WHITEPAPER_MISSING = whitepaperTexts.en["whitepaper.missing"];

function anchor(title: string, index: number): string {
  return `section-${index + 1}-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}`;
}

/** The published whitepaper with the highest version: its sections in order and its change log. */
export default function WhitepaperPage() {
  const messages = useMessages();
  const words = usePart(whitepaperTexts);
  usePageMeta(pageMeta(messages, route.path), route.path);
  const langOf = useLangOf();
  const paper = useRead(loader, "whitepaper");

  if (paper.status !== "ready" || !paper.data) {
    return (
      <>
        <PageHeader eyebrow={words["whitepaper.eyebrow"]} title={messages["title:/whitepaper"]} />
        <div className="container narrow">
          {paper.status === "loading" && <Loading>{words["whitepaper.loading"]}</Loading>}
          {paper.status === "error" && <LoadError message={words["whitepaper.failed"]} onRetry={paper.reload} />}
          {paper.status === "ready" && <p className="state coming-soon-text">{words["whitepaper.missing"]}</p>}
        </div>
      </>
    );
  }

  const { title, version, created_at, date, sections, change_log, lang } = paper.data;
  return (
    <>
      <PageHeader eyebrow={words["whitepaper.eyebrow"]} title={title} lang={langOf(lang)}>
        <p className="post-meta">
          <span className="badge badge-milestone">{fill(words["whitepaper.version"], { version })}</span>
          <time dateTime={created_at}>{date}</time>
        </p>
      </PageHeader>
      {/* The content's words say their language (English where untranslated); the page's own are the page's. */}
      <div className="container whitepaper-layout">
        <nav className="toc card" aria-label={words["whitepaper.contents"]}>
          <h2 className="toc-title">{words["whitepaper.contents"]}</h2>
          <ol lang={langOf(lang)}>
            {sections.map((section, index) => (
              <li key={anchor(section.title, index)}>
                <a href={`#${anchor(section.title, index)}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="prose">
          {sections.map((section, index) => (
            <section key={anchor(section.title, index)} id={anchor(section.title, index)} lang={langOf(lang)} aria-labelledby={`${anchor(section.title, index)}-title`}>
              <h2 id={`${anchor(section.title, index)}-title`}>
                <span className="section-number">{String(index + 1).padStart(2, "0")}</span> {section.title}
              </h2>
              <RichText className="section-body" html={section.html} />
            </section>
          ))}
          {(change_log ?? []).length > 0 && (
            <section className="change-log" aria-labelledby="change-log-title">
              <h2 id="change-log-title">{words["whitepaper.changeLog"]}</h2>
              <ul lang={langOf(lang)}>
                {(change_log ?? []).map((entry, position) => (
                  <li key={position}>{entry}</li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
    </>
  );
}
