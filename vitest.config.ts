import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

/**
 * The database layer: tests of what SQL decides (policies, constraints, functions, triggers) and of
 * limits kept in tables. They run on the real server (the `pg` project), where their callers also
 * meet parallel connections. The embedded engine runs the same Postgres, so the same statements give
 * the same answers there, several times slower. Of these it runs the RLS matrix and the limits, the
 * files where its driver shapes the answer (error names, JSON text), callers of every kind sharing
 * its one connection, its own data directory (conversions on start, a graceful stop), and what the
 * product promises on both engines: documents, excerpts and search, restores and field-level
 * overwrites, translations and the forms' language, the waitlist's line and its rules and its growth
 * figures, people (segments, the import, erasure), a newsletter send carried on by a second
 * instance, a form post sent again with its key stored once (the form intake). Everything else about
 * the local backend (its API, auth, storage, restarts, crowds, the web tier over it) runs on the
 * embedded engine.
 */
const DATABASE_LAYER = [
  "tests/integration/database-*.test.ts",
  "tests/integration/form-intake.test.ts",
  "tests/integration/graceful-stop.test.ts",
  "tests/integration/local-backend-code-guessing.test.ts",
  "tests/integration/local-backend-mfa.test.ts",
];
const SERVER_ONLY = [
  "tests/integration/database-!(rls|limits|constraints|json-columns|rich-text|overlapping-callers|revisions|conflict-overwrite|post-cards|translations|form-languages|newsletters|waitlist|growth|people).test.ts",
  "tests/integration/local-backend-code-guessing.test.ts",
  "tests/integration/local-backend-mfa.test.ts",
];

// Groups run one after another: fast layers first, then the backend on each engine, then the browser.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["shared/**/*.test.ts", "supabase/local/**/*.test.ts", "server/**/*.test.ts", "site/server/**/*.test.ts", "site/i18n/*.test.ts", "tests/support/*.test.ts", "tests/*.test.ts", "scripts/*.test.ts"],
          environment: "node",
          // Vitest's default on 2 cores is one worker, which leaves a core idle for this whole group.
          maxWorkers: 2,
          // Its files leave nothing behind (every spy and stub is restored in its file), so a worker
          // takes file after file without loading their modules anew (measured on 2 cores: the group
          // in 38 s and 65 CPU seconds, against 64 s and 111 with fresh modules for each file). The
          // component group keeps its isolation: run this way, its files took 495 s, where the two
          // groups together take 310, and one failed on what an earlier file left in the DOM.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        plugins: [react()],
        test: {
          name: "component",
          include: ["site/**/*.test.tsx", "backoffice/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["tests/support/setup-dom.ts"],
          testTimeout: 20_000,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: ["tests/integration/postgres-*.test.ts", ...SERVER_ONLY],
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts", "tests/integration/pglite-setup.ts"],
          // expect.poll waits on a condition (a flushed batch, a sent mail): Vitest's 1 s default is
          // shorter than one write on a loaded machine.
          expect: { poll: { timeout: 15_000 } },
          // Several tests start backends of their own (restarts, kill -9, a slow mail server): on a
          // loaded 2-core machine one start alone can take half a minute.
          testTimeout: 150_000,
          hookTimeout: 240_000,
          pool: "forks",
          maxWorkers: 2,
          // Each file starts backends of its own (own data directory, own ports) and keeps no state
          // in the process, so a worker takes file after file without being started anew: the
          // local backend's modules are loaded and PGlite's WebAssembly compiled once per worker,
          // not once per file (measured on 2 cores: the layer's 44 files in 336 CPU seconds, where
          // 37 of them took 546 with a process each).
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // The database layer again, on a real PostgreSQL server with real parallel connections.
          name: "pg",
          include: [...DATABASE_LAYER, "tests/integration/postgres-*.test.ts"],
          environment: "node",
          env: { RCRT_TEST_DATABASE: "postgres" },
          globalSetup: ["tests/integration/global-setup.ts", "tests/integration/postgres-setup.ts"],
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
          maxWorkers: 2,
          // As the integration layer: a worker takes file after file.
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          setupFiles: ["tests/e2e/support/each-test.ts"],
          // expect.poll waits on a condition: Vitest's 1 s default was shorter than one save under load.
          // Each look is a round trip through the browser and its page: four a second, not Vitest's
          // twenty, leave a busy machine to the app that is being waited on.
          expect: { poll: { timeout: 15_000, interval: 250 } },
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
