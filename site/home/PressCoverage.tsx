import { IMAGE_BOXES, imageAlt } from "../../shared/images.ts";
import type { PressQuote } from "../../shared/content-types/press.ts";
import type { Language } from "../../shared/languages.ts";
import { Picture } from "../components/Picture.tsx";
import { homeTexts } from "../i18n/parts/home.ts";
import { useLangOf, usePart } from "../lib/language.ts";
import { useHomeContent } from "./home-content.ts";

/** Press Coverage when no quote is published: two static quotes with their source. */
export const STATIC_QUOTES: Pick<PressQuote, "id" | "quote" | "source" | "logo_url" | "logo_alt" | "logo_decorative">[] = [
  {
    id: "static-quote-1",
    quote: "The most exciting thing to happen to physical media in twenty years.",
    source: "Retro Gaming Monthly",
    logo_url: null,
  },
  {
    id: "static-quote-2",
    quote: "An FPGA player that makes every film feel like Saturday night at the video store.",
    source: "Hardware Chronicle",
    logo_url: null,
  },
];

/** Press Coverage: published quotes with their source and logo, or the spec's two static quotes. */
export default function PressCoverage() {
  const press = useHomeContent("press");
  const messages = usePart(homeTexts);
  const langOf = useLangOf();
  const quotes = press.status === "ready" && press.data.length > 0 ? press.data : STATIC_QUOTES;
  return (
    <section className="section press" aria-labelledby="press-title">
      <div className="container">
        <p className="eyebrow">{messages["press.eyebrow"]}</p>
        <h2 id="press-title" className="section-title">
          {messages["press.title"]}
        </h2>
        <ul className="quote-grid">
          {quotes.map((quote) => (
            <li key={quote.id} lang={langOf("lang" in quote ? (quote.lang as Language | undefined) : undefined)}>
              <figure className="quote card">
                {quote.logo_url && (
                  <Picture
                    className="quote-logo"
                    src={quote.logo_url}
                    {...IMAGE_BOXES.pressLogo}
                    sizes="160px"
                    alt={imageAlt(quote.logo_alt, quote.logo_decorative, `${quote.source} logo`)}
                  />
                )}
                <blockquote>
                  <p>“{quote.quote}”</p>
                </blockquote>
                <figcaption>— {quote.source}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
