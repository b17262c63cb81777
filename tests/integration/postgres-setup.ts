import type { TestProject } from "vitest/node";
import { prepareTemplate, startPostgresCluster } from "../support/postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresServerUrl: string;
  }
}

/** One PostgreSQL cluster for the whole `pg` project, with the migrated template its databases copy. */
export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster();
  try {
    await prepareTemplate(cluster.serverUrl);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  project.provide("postgresServerUrl", cluster.serverUrl);
  return () => cluster.stop();
}
