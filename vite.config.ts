import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
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

const MAIN = resolve(import.meta.dirname, "site/main.tsx");
const HYDRATE = resolve(import.meta.dirname, "site/hydrate.tsx");
const ROUTES = resolve(import.meta.dirname, "site/routes");
/** The pages' modules (site/route-table.tsx loads each as a chunk of its own). */
const ROUTE_MODULES = readdirSync(ROUTES)
  .filter((name) => name.endsWith(".tsx") && !name.endsWith(".test.tsx"))
  .map((name) => join(ROUTES, name));

type ModuleGraph = (id: string) => { importedIds: readonly string[] } | null;

/** Every module `from` imports statically, however deep, itself included. */
function staticImports(from: string, getModuleInfo: ModuleGraph): Set<string> {
  const found = new Set<string>();
  const pending = getModuleInfo(from) ? [from] : [];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

/**
 * The site's app (site/hydrate.tsx and every module it imports statically, but what the entry,
 * site/main.tsx, has already) as one chunk, `app`. Left to itself the bundler splits off each such
 * module that a page's chunk or a language's catalogue imports too (React, the router, the
 * catalogue, a few lines of shared/), and every page then loads them anyway, as more files of worse
 * compression: about 2 KB of the home page's script budget.
 */
function appChunk(id: string, getModuleInfo: ModuleGraph): string | null {
  const app = staticImports(HYDRATE, getModuleInfo);
  // What every page's module imports (the page's head, its reads) too: as chunks of their own they
  // would be more requests on every page.
  const [first, ...others] = ROUTE_MODULES.map((file) => staticImports(file, getModuleInfo));
  for (const imported of first ?? []) if (others.every((imports) => imports.has(imported))) app.add(imported);
  for (const inEntry of staticImports(MAIN, getModuleInfo)) app.delete(inEntry);
  return app.has(id) ? "app" : null;
}

/**
 * React Router's production build without the parts the site never uses. Its module makes its
 * components and contexts with top-level calls (`React.forwardRef(...)`, `React.createContext(...)`,
 * `React.memo(...)`) and names each for React's developer tools (`Form.displayName = "Form"`); the
 * bundler must keep whatever a top-level statement might have effects on, so every one of them (the
 * data router's Form and its submission code, the RSC error handler, ...) reached the app: 1.3 KB of
 * every page's script budget. The calls are marked pure and the names dropped, so what nothing imports
 * goes.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: "rcrt:react-router-tree-shaking",
    apply: "build",
    transform: {
      filter: { id: /node_modules\/react-router\/dist\/production\/.*\.mjs$/ },
      handler(code) {
        const shakeable = code
          .replace(/^(\s*(?:var|let|const) \w+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, "$1/* @__PURE__ */ $2")
          .replace(/^\s*\w+\.displayName = "[^"]*";$/gm, "");
        return { code: shakeable, map: null };
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [routeDefinitions(), reactRouterTreeShaking(), react()],
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
  build: {
    outDir: "dist",
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              debugName: "app",
              includeDependenciesRecursively: false,
              name: (id: string, context: { getModuleInfo: ModuleGraph }) => appChunk(id, (module) => context.getModuleInfo(module)),
            },
          ],
        },
      },
    },
  },
}));
