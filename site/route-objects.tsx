import { lazy, type ComponentType } from "react";
import { useLocation, type RouteObject } from "react-router";
import { matchRoute, PUBLIC_ROUTES, type SiteRoute } from "../shared/routes.ts";
import { Layout } from "./components/Layout.tsx";
import type { QueryName } from "./lib/queries.ts";
import { HomePage } from "./pages/HomePage.tsx";

// The router's routes, from the route table (shared/routes.ts): each entry's page is its module in
// pages/. Home is in the entry; every other page is a lazy chunk (the home route's JavaScript budget).

const lazyPages = import.meta.glob<{ default: ComponentType }>(["./pages/*Page.tsx", "!./pages/HomePage.tsx"]);

function pageComponent(page: string): ComponentType {
  if (page === "HomePage") return HomePage;
  const load = lazyPages[`./pages/${page}.tsx`];
  if (!load) throw new Error(`The route table names a page that site/pages/ does not have: ${page}`);
  return lazy(load);
}

const NotFoundPage = pageComponent("NotFoundPage");

/** The page, or NO SIGNAL where a parameter breaks its rule (React Router's paths cannot say it). */
function Checked({ Page }: { Page: ComponentType }) {
  const { pathname } = useLocation();
  return matchRoute(pathname) ? <Page /> : <NotFoundPage />;
}

/** The site's routes for React Router: the layout around every page, and NO SIGNAL for any other path. */
export const SITE_ROUTES: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...PUBLIC_ROUTES.map((route) => {
        const Page = pageComponent(route.page);
        return { path: route.path, element: "params" in route ? <Checked Page={Page} /> : <Page /> };
      }),
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

/** The reads the server renders a route from; the route table names only queries that exist. */
export function routeReads(route: SiteRoute): readonly QueryName[] {
  return route.data;
}
