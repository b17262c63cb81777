// The public site's route table: one route module per page, in site/routes/, each at one address of
// shared/routes.ts and in that list's order (the menus' order). The browser's router, the server
// renderer (entry-server.tsx), sitemap.xml, the menus and draft previews read this table; nothing
// else lists the pages. See docs/adding-a-content-type.md.

import { lazy, type ComponentType } from "react";
import { useLocation, type RouteObject } from "react-router";
import { LANGUAGES, pathInLanguage, type Language } from "../shared/languages.ts";
import { matchRoute, PUBLIC_ROUTES } from "../shared/routes.ts";
import type { MenuLink } from "./components/Header.tsx";
import { Layout } from "./components/Layout.tsx";
import type { RouteDefinition, RouteModule } from "./lib/route-module.ts";

// Every module is imported twice: its `route` export with the app (the bundler keeps that export
// alone, and what it uses: plain data, so a module's top level declares and calls nothing else), and
// the whole module as a chunk of its own, fetched when its page is shown. The home page's too: in the
// app, its code and words were 4 KB of every other page's script budget.
const definitions = import.meta.glob<RouteDefinition>(["./routes/*.tsx", "!./routes/*.test.tsx"], { eager: true, import: "route", query: "?definition" });
const chunks = import.meta.glob<RouteModule>(["./routes/*.tsx", "!./routes/*.test.tsx"]);

export interface SiteRoute {
  definition: RouteDefinition;
  /** Its module, once its chunk has loaded. */
  load(): Promise<RouteModule>;
  /** Its component for the router in a language (a lazy one), which loads the module's catalogue parts in that language first. */
  Page(language: Language): ComponentType;
}

function siteRoute(definition: RouteDefinition, loadChunk: () => Promise<RouteModule>): SiteRoute {
  let loading: Promise<RouteModule> | undefined;
  const load = () => (loading ??= loadChunk());
  const pages = new Map<Language, ComponentType>();
  const Page = (language: Language) => {
    let page = pages.get(language);
    if (!page) {
      page = lazy(async () => {
        const module = await load();
        await Promise.all((module.texts ?? []).map((part) => part.load(language)));
        return { default: module.default };
      });
      pages.set(language, page);
    }
    return page;
  };
  return { definition, load, Page };
}

const byPath = new Map<string, SiteRoute>();
for (const [file, definition] of Object.entries(definitions)) {
  if (byPath.has(definition.path)) throw new Error(`${file}: ${definition.path} has a route module already`);
  byPath.set(definition.path, siteRoute(definition, chunks[file]!));
}

/** In the order of the menus. */
export const SITE_ROUTES: readonly SiteRoute[] = PUBLIC_ROUTES.map(({ path }) => {
  const route = byPath.get(path);
  if (!route) throw new Error(`shared/routes.ts names ${path}, which no module of site/routes/ serves`);
  return route;
});

/** The links of the header and footer menus, in order (`label` in the default language; the menus show their catalogue's). */
export const NAV_LINKS: readonly MenuLink[] = SITE_ROUTES.flatMap(({ definition }) => (definition.nav ? [{ to: definition.path, label: definition.nav }] : []));

const NotFoundPage = lazy(() => import("./components/NotFoundPage.tsx"));

/** The page, or NO SIGNAL where a parameter breaks its rule (React Router's paths cannot say it). */
function Checked({ Page }: { Page: ComponentType }) {
  const { pathname } = useLocation();
  return matchRoute(pathname) ? <Page /> : <NotFoundPage />;
}

/**
 * The site's routes for React Router: the layout around every page, each page at its address in
 * every language (/updates, /ja/updates), and NO SIGNAL for any other path.
 */
export const ROUTER_ROUTES: RouteObject[] = [
  {
    element: <Layout links={NAV_LINKS} />,
    children: [
      ...LANGUAGES.flatMap(({ code }) =>
        SITE_ROUTES.map(({ definition, Page }) => {
          const InLanguage = Page(code);
          return { path: pathInLanguage(definition.path, code), element: definition.path.includes(":") ? <Checked Page={InLanguage} /> : <InLanguage /> };
        }),
      ),
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
