import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../scripts/build.ts";
import { startApp } from "../support/app-process.ts";

declare module "vitest" {
  export interface ProvidedContext {
    webUrl: string;
    apiUrl: string;
    mailboxUrl: string;
  }
}

/** Browser tests run against `npm start` itself: the production build and the local API. */
export default async function setup(project: TestProject) {
  await ensureBuild({ log: () => {} });
  const app = await startApp();
  project.provide("webUrl", app.webUrl);
  project.provide("apiUrl", app.apiUrl);
  project.provide("mailboxUrl", app.mailboxUrl);
  return () => app.stop();
}
