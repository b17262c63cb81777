import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { resolve } from "node:path";
import { routeDefinitions } from "./scripts/route-definitions.ts";

/** The apps, built one at a time (scripts/build.ts) so they never share a chunk. */
export const APP_ENTRIES = {
  site: resolve(import.meta.dirname, "site/index.html"),
  backoffice: resolve(import.meta.dirname, "backoffice/index.html"),
} as const;

/** The site's server entry (scripts/build.ts builds it for Node; the web tier renders with it). */
export const SITE_SERVER_ENTRY = resolve(import.meta.dirname, "site/entry-server.tsx");

// React Router 7's package exports name only its development build, dev warnings included
// (remix-run/react-router#14102); a build takes the production one that ships beside it.
const REACT_ROUTER_PRODUCTION = resolve(import.meta.dirname, "node_modules/react-router/dist/production");

export default defineConfig(({ command }) => ({
  plugins: [routeDefinitions(), react()],
  resolve: {
    alias:
      command === "build"
        ? [
            { find: /^react-router$/, replacement: `${REACT_ROUTER_PRODUCTION}/index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${REACT_ROUTER_PRODUCTION}/dom-export.mjs` },
          ]
        : [],
  },
  // Every browser the site supports preloads modules itself; the polyfill would cost the entry 0.5 KB.
  build: { outDir: "dist", modulePreload: { polyfill: false } },
}));
