import type { ReactNode } from "react";

/** A page's header; `lang`: the language of its title where it is not the page's. */
export function PageHeader({ eyebrow, title, children, lang }: { eyebrow: string; title: string; children?: ReactNode; lang?: string }) {
  return (
    <header className="page-header">
      <div className="container">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="page-title" lang={lang}>
          {title}
        </h1>
        {children && <div className="lead">{children}</div>}
      </div>
    </header>
  );
}
