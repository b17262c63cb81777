import { useId, useState } from "react";
import type { Language } from "../../shared/languages.ts";
import { useLangOf } from "../lib/language.ts";
import { RichText } from "./RichText.tsx";

/**
 * An accordion (WAI-ARIA pattern): each question is a button in a heading that shows or hides its
 * answer, the HTML of the answer's document (site/lib/rich-text.ts).
 */
export function Faq({ entries }: { entries: { question: string; html: string; lang?: Language }[] }) {
  const id = useId();
  const langOf = useLangOf();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  return (
    <div className="faq">
      {entries.map((entry, index) => {
        const expanded = open.has(index);
        return (
          <div key={entry.question} className="faq-item" data-open={expanded} lang={langOf(entry.lang)}>
            <h3 className="faq-question">
              <button type="button" id={`${id}-q${index}`} aria-expanded={expanded} aria-controls={`${id}-a${index}`} onClick={() => toggle(index)}>
                <span>{entry.question}</span>
                <span className="faq-icon" aria-hidden="true">
                  {expanded ? "−" : "+"}
                </span>
              </button>
            </h3>
            <div id={`${id}-a${index}`} role="region" aria-labelledby={`${id}-q${index}`} className="faq-answer" hidden={!expanded}>
              <RichText className="faq-answer-text" html={entry.html} />
            </div>
          </div>
        );
      })}
    </div>
  );
}
