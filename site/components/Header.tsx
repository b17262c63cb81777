import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { BRAND } from "../../shared/brand.ts";
import type { MessageKey, Messages } from "../i18n/en.ts";
import { useLocalPath, useMessages } from "../lib/language.ts";
import { useEarlyTap } from "../lib/use-early-tap.ts";
import { useScrollLock } from "../lib/scroll-lock.ts";
import { LanguageSwitcher } from "./LanguageSwitcher.tsx";
import { Link, NavLink } from "./Link.tsx";

function Logo() {
  return (
    <Link to={useLocalPath()("/")} className="logo" aria-label={useMessages()["header.home"]}>
      <span className="logo-mark" aria-hidden="true" />
      <span className="logo-text">{BRAND}</span>
    </Link>
  );
}

/** A link of the site's menus: a site path, and its label in the default language. */
export interface MenuLink {
  to: string;
  label: string;
}

/** A menu link's label in the page's language (its catalogue's `menu:<path>`). */
export function menuLabel(link: MenuLink, messages: Messages): string {
  return messages[`menu:${link.to}` as MessageKey] ?? link.label;
}

/**
 * The fixed header: the desktop menu, and on small screens a slide-in menu that locks page scrolling
 * while open. It closes with its button, the backdrop, Escape and any navigation. A link is marked
 * current (aria-current, highlighted) on its own page only: a post, a not-found page under a menu
 * page's path or a page of the web tier's own is no menu destination, and marks none.
 */
export function Header({ links }: { links: readonly MenuLink[] }) {
  const { pathname, search } = useLocation();
  const messages = useMessages();
  const localPath = useLocalPath();
  const here = `${pathname}${search}`;
  // Opened at one address: any navigation closes the menu (and so unlocks scrolling).
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === here;
  const setOpen = (value: boolean) => setOpenedAt(value ? here : null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useScrollLock(open);
  useEarlyTap("menu", toggle);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpenedAt(null);
        toggle.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  // The menu sits beside the header, not in it: the header's backdrop-filter would make it the
  // containing block of the fixed panel.
  return (
    <>
      <header className="site-header">
        <div className="header-inner">
          <Logo />
          <nav className="desktop-nav" aria-label={messages["header.mainMenu"]}>
            <ul>
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={localPath(link.to)}>
                    {menuLabel(link, messages)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <LanguageSwitcher />
          <button
            ref={toggle}
            type="button"
            className="menu-toggle"
            aria-expanded={open}
            aria-controls="mobile-menu"
            data-early-tap="menu"
            onClick={() => setOpen(!open)}
          >
            <span className="menu-icon" aria-hidden="true" />
            <span className="visually-hidden">{open ? messages["header.closeMenu"] : messages["header.openMenu"]}</span>
          </button>
        </div>
      </header>
      <div className="menu-backdrop" data-open={open} onClick={close} aria-hidden="true" />
      <div
        ref={panel}
        id="mobile-menu"
        className="mobile-menu"
        data-open={open}
        inert={!open}
        aria-hidden={!open}
        role={open ? "dialog" : undefined}
        aria-modal={open ? true : undefined}
        aria-label={messages["header.menu"]}
      >
        <button type="button" className="menu-close" onClick={close}>
          <span aria-hidden="true">✕</span>
          <span className="visually-hidden">{messages["header.closeMenu"]}</span>
        </button>
        <nav aria-label={messages["header.mobileMenu"]}>
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={localPath(link.to)} onClick={() => setOpen(false)}>
                  {menuLabel(link, messages)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  );
}
