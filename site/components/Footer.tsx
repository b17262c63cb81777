import { Link } from "./Link.tsx";
import { BRAND, COMMUNITY_URL, YOUTUBE_CHANNEL_URL } from "../../shared/brand.ts";
import { fill } from "../i18n/catalogues.ts";
import { useLocalPath, useMessages } from "../lib/language.ts";
import { menuLabel, type MenuLink } from "./Header.tsx";
import { NewsletterForm } from "./NewsletterForm.tsx";

/** The footer: the site's menu but Home (`links`), the community and admin links, and the newsletter box. */
export function Footer({ links }: { links: readonly MenuLink[] }) {
  const messages = useMessages();
  const localPath = useLocalPath();
  const newTab = <span className="visually-hidden">{messages["link.newTab"]}</span>;
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section className="footer-brand" aria-labelledby="footer-brand-title">
          <h2 id="footer-brand-title" className="footer-title">
            {BRAND}
          </h2>
          <p>{messages["footer.tagline"]}</p>
          <p>
            <a href={COMMUNITY_URL} target="_blank" rel="noopener noreferrer" className="footer-community">
              {messages["footer.community"]}
              {newTab}
            </a>
          </p>
        </section>
        <nav aria-label={messages["footer.menu"]} className="footer-links">
          <h2 className="footer-title">{messages["footer.explore"]}</h2>
          <ul>
            {links.filter((link) => link.to !== "/").map((link) => (
              <li key={link.to}>
                <Link to={localPath(link.to)}>{menuLabel(link, messages)}</Link>
              </li>
            ))}
            <li>
              <a href={YOUTUBE_CHANNEL_URL} target="_blank" rel="noopener noreferrer">
                {messages["footer.youtube"]}
                {newTab}
              </a>
            </li>
            <li>
              <a href="/admin/login">{messages["footer.admin"]}</a>
            </li>
          </ul>
        </nav>
        <NewsletterForm />
      </div>
      <p className="footer-bottom">{fill(messages["footer.bottom"], { year: new Date().getUTCFullYear() })}</p>
    </footer>
  );
}
