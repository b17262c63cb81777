import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../scripts/build.ts";
import { handedApp, startJourneyApp, type JourneyApp } from "./support/journey-app.ts";

declare module "vitest" {
  export interface ProvidedContext {
    webUrl: string;
    apiUrl: string;
    mailboxUrl: string;
    serviceKey: string;
  }
}

/**
 * Browser tests run against `npm start` itself (`support/journey-app.ts`): the one a caller handed
 * over (a lane of `npm test`, which keeps it across its runs), or one started for this run.
 */
export default async function setup(project: TestProject) {
  const provide = (app: JourneyApp) => {
    project.provide("webUrl", app.webUrl);
    project.provide("apiUrl", app.apiUrl);
    project.provide("mailboxUrl", app.mailboxUrl);
    project.provide("serviceKey", app.serviceKey);
  };
  const handed = handedApp();
  if (handed) return provide(handed);
  await ensureBuild({ log: () => {} });
  const { app, stop } = await startJourneyApp();
  provide(app);
  return stop;
}
