import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { build } from "vite";
import { APP_ENTRIES, SITE_SERVER_ENTRY } from "../vite.config.ts";

const ROOT = resolve(import.meta.dirname, "..");
const SOURCES = ["site", "backoffice", "shared", "public", "scripts/build.ts", "scripts/route-definitions.ts", "vite.config.ts", "package-lock.json", "tsconfig.json"];
/** DIST_DIR lets parallel test runs build into folders of their own. */
export const DIST_DIR = resolve(ROOT, process.env.DIST_DIR ?? "dist");
const STAMP = join(DIST_DIR, ".build-stamp");

/** A hash of everything the production build depends on, the VITE_* settings included. */
function sourceHash(): string {
  const hash = createHash("sha256");
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) visit(join(path, entry));
      return;
    }
    hash.update(relative(ROOT, path)).update(readFileSync(path));
  };
  SOURCES.forEach((source) => visit(join(ROOT, source)));
  for (const [key, value] of Object.entries(process.env).sort()) {
    if (key.startsWith("VITE_")) hash.update(`${key}=${value}`);
  }
  return hash.digest("hex");
}

/** Builds both apps unless the last build came from the same sources. Returns whether it built. */
export async function ensureBuild(options: { force?: boolean; log?: (line: string) => void } = {}): Promise<boolean> {
  const log = options.log ?? console.log;
  const hash = sourceHash();
  if (!options.force && existsSync(STAMP) && readFileSync(STAMP, "utf8") === hash) return false;
  log("Building the site and the back office...");
  // A production build whoever calls it: under Vitest NODE_ENV is "test", and Vite would then bundle
  // React's development builds (60 KB more JavaScript on the home page).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await buildApps(log);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  writeFileSync(STAMP, hash);
  return true;
}

async function buildApps(log: (line: string) => void): Promise<void> {
  // One build per app: a chunk shared by both would carry the union of what each uses.
  for (const [index, [name, entry]] of Object.entries(APP_ENTRIES).entries()) {
    await build({
      root: ROOT,
      configFile: join(ROOT, "vite.config.ts"),
      logLevel: "warn",
      build: { outDir: DIST_DIR, emptyOutDir: index === 0, rollupOptions: { input: { [name]: entry } } },
    });
  }
  // The site's server entry, for Node: the web tier renders pages with it on request. No data is
  // read at build time, so a build never holds content that can go stale. React is bundled in, in
  // its production build whatever NODE_ENV the server runs with (its development build renders
  // several times slower).
  await build({
    root: ROOT,
    configFile: join(ROOT, "vite.config.ts"),
    logLevel: "warn",
    ssr: { noExternal: ["react", "react-dom", "react-router", "scheduler"] },
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      ssr: SITE_SERVER_ENTRY,
      outDir: join(DIST_DIR, "server"),
      emptyOutDir: true,
      copyPublicDir: false,
      rollupOptions: {
        output: { entryFileNames: "entry-server.js" },
        // The server loads every page's code anyway: a module that is also imported statically (the
        // draft previews read every content type) staying in its chunk is no loss here.
        onLog(level, entry, handle) {
          if (entry.code !== "INEFFECTIVE_DYNAMIC_IMPORT") handle(level, entry);
        },
      },
    },
  });
  linkPackagesOutsideRoot();
  log("Built the site, the back office and the site's server entry.");
}

/**
 * The server entry imports its packages (react, react-dom, ...) from node_modules, which Node looks
 * for beside it and above. A build placed outside the project (DIST_DIR in a temporary folder, for
 * test runs side by side) gets a link to the project's packages.
 */
function linkPackagesOutsideRoot(): void {
  if (DIST_DIR.startsWith(ROOT + sep)) return;
  const link = join(DIST_DIR, "node_modules");
  rmSync(link, { force: true, recursive: false });
  symlinkSync(join(ROOT, "node_modules"), link, "dir");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await ensureBuild({ force: process.argv.includes("--force") });
}
