import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../scripts/build.ts";
import { startApp } from "../support/app-process.ts";
import { createOwnedDatabase, startPostgresCluster } from "../support/postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    webUrl: string;
    apiUrl: string;
    mailboxUrl: string;
    serviceKey: string;
  }
}

/**
 * Browser tests run against `npm start` itself: the production build and the local API. With
 * `RCRT_TEST_DATABASE=postgres`, `npm start` runs with `DATABASE_URL` on an empty database of a
 * cluster of the run's own, bootstrapping, migrating and seeding it itself.
 */
export default async function setup(project: TestProject) {
  await ensureBuild({ log: () => {} });
  const cluster = process.env.RCRT_TEST_DATABASE === "postgres" ? await startPostgresCluster() : null;
  try {
    const app = await startApp({ databaseUrl: cluster ? await createOwnedDatabase(cluster.serverUrl, "rcrt_e2e") : undefined });
    project.provide("webUrl", app.webUrl);
    project.provide("apiUrl", app.apiUrl);
    project.provide("mailboxUrl", app.mailboxUrl);
    project.provide("serviceKey", app.serviceKey);
    return async () => {
      await app.stop();
      await cluster?.stop();
    };
  } catch (error) {
    await cluster?.stop();
    throw error;
  }
}
