import { startApp } from "../../support/app-process.ts";
import { createOwnedDatabase, startPostgresCluster } from "../../support/postgres.ts";

/** What a browser journey needs to know of the app it drives. */
export interface JourneyApp {
  webUrl: string;
  apiUrl: string;
  mailboxUrl: string;
  serviceKey: string;
}

/**
 * The environment variable that hands a running app to a Vitest run of the journeys, as JSON
 * (`npm test` starts one app per lane and runs the lane's files against it in turn).
 */
export const JOURNEY_APP_VARIABLE = "RCRT_E2E_APP";

/**
 * `npm start` itself for the journeys: the production build and the local API. With
 * `RCRT_TEST_DATABASE=postgres`, `npm start` runs with `DATABASE_URL` on an empty database of a
 * cluster of its own, bootstrapping, migrating and seeding it itself. The build must exist.
 */
export async function startJourneyApp(): Promise<{ app: JourneyApp; stop: () => Promise<void> }> {
  const cluster = process.env.RCRT_TEST_DATABASE === "postgres" ? await startPostgresCluster() : null;
  try {
    const started = await startApp({ databaseUrl: cluster ? await createOwnedDatabase(cluster.serverUrl, "rcrt_e2e") : undefined });
    const { webUrl, apiUrl, mailboxUrl, serviceKey } = started;
    return {
      app: { webUrl, apiUrl, mailboxUrl, serviceKey },
      async stop() {
        await started.stop();
        await cluster?.stop();
      },
    };
  } catch (error) {
    await cluster?.stop();
    throw error;
  }
}

/** The app a caller handed over in JOURNEY_APP_VARIABLE, or null. */
export function handedApp(env: NodeJS.ProcessEnv = process.env): JourneyApp | null {
  const handed = env[JOURNEY_APP_VARIABLE];
  return handed ? (JSON.parse(handed) as JourneyApp) : null;
}
