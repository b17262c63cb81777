import { Link } from "react-router";
import { BRAND, COMMUNITY_URL, YOUTUBE_CHANNEL_URL } from "../../shared/brand.ts";
import type { MenuLink } from "./Header.tsx";
import { NewsletterForm } from "./NewsletterForm.tsx";

/** The footer: the site's menu but Home (`links`), the community and admin links, and the newsletter box. */
export function Footer({ links }: { links: readonly MenuLink[] }) {
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section className="footer-brand" aria-labelledby="footer-brand-title">
          <h2 id="footer-brand-title" className="footer-title">
            {BRAND}
          </h2>
          <p>The retro media player, rebuilt in silicon: FPGA playback, smart cartridges and a community that owns its media.</p>
          <p>
            <a href={COMMUNITY_URL} target="_blank" rel="noopener noreferrer" className="footer-community">
              Join our Discord community<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        </section>
        <nav aria-label="Footer" className="footer-links">
          <h2 className="footer-title">Explore</h2>
          <ul>
            {links.filter((link) => link.to !== "/").map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            <li>
              <a href={YOUTUBE_CHANNEL_URL} target="_blank" rel="noopener noreferrer">
                YouTube channel<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a href="/admin/login">Admin Portal</a>
            </li>
          </ul>
        </nav>
        <NewsletterForm />
      </div>
      <p className="footer-bottom">
        © {new Date().getUTCFullYear()} {BRAND}. Be kind, rewind.
      </p>
    </footer>
  );
}
