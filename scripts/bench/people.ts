import { ensureBuild } from "../build.ts";
import { ADMIN, type TestBackend } from "../../tests/support/backend.ts";
import { openBrowser } from "../../tests/e2e/support/browser.ts";
import { startWebFor } from "../../tests/support/web-server.ts";

export interface PeopleBenchResult {
  /** People in the list (every address of the lists): the total the first page shows. */
  people: number;
  /** Openings of /admin/people in Chromium, signed in as an administrator. */
  runs: number;
  /** From navigation to the first page's total drawn ("100,004 people"): the app's start, its 25 people and the total. */
  browserP50Ms: number;
  browserMaxMs: number;
  /** From navigation to the screen's heading drawn, before its people arrive: what the back office's start takes. */
  screenP50Ms: number;
  /** The screen's request alone: people_page (25 people and the total) through the local API as an administrator. */
  apiP50Ms: number;
  apiP95Ms: number;
}

const percentile = (sorted: number[], p: number) => Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(2));

/**
 * People's first page with its total (backoffice/people/PeoplePage.tsx, people_page in
 * supabase/schemas/15_people.sql) on a backend whose lists are already filled: in Chromium on the
 * production build as an administrator, from navigation to the total drawn, and the screen's
 * request alone through the API.
 */
export async function benchPeopleFirstPage(backend: TestBackend, runs = 10, apiCalls = 40): Promise<PeopleBenchResult> {
  await backend.sql("vacuum analyze public.people");
  const [{ n: people }] = (await backend.sql<{ n: number }>("select count(*)::integer as n from public.people")) as [{ n: number }];
  const admin = await backend.signIn(ADMIN.email, ADMIN.password);
  const apiTimes: number[] = [];
  for (let call = 0; call < apiCalls + 5; call++) {
    const started = performance.now();
    const { error } = await admin.rpc("people_page", { filter: {}, search: null, page_size: 25, page_offset: 0 });
    if (error) throw new Error(`people_page: ${error.message}`);
    if (call >= 5) apiTimes.push(performance.now() - started);
  }
  await ensureBuild();
  const web = await startWebFor(backend);
  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${web.url}/admin/login`);
    await page.getByRole("textbox", { name: "Email" }).fill(ADMIN.email);
    await page.getByLabel("Password *", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    const total = `${people.toLocaleString("en-US")} people`;
    const browserTimes: number[] = [];
    const screenTimes: number[] = [];
    // Two openings first: the scripts in the browser's cache, as for an administrator at work.
    for (let run = 0; run < runs + 2; run++) {
      const started = performance.now();
      await page.goto(`${web.url}/admin/people`);
      await page.getByRole("heading", { name: "People", level: 1 }).waitFor({ timeout: 60_000 });
      const drawn = performance.now();
      await page.getByTestId("people-total").getByText(total, { exact: true }).waitFor({ timeout: 60_000 });
      if (run >= 2) {
        browserTimes.push(performance.now() - started);
        screenTimes.push(drawn - started);
      }
    }
    browserTimes.sort((a, b) => a - b);
    screenTimes.sort((a, b) => a - b);
    apiTimes.sort((a, b) => a - b);
    return {
      people,
      runs,
      browserP50Ms: percentile(browserTimes, 50),
      browserMaxMs: percentile(browserTimes, 100),
      screenP50Ms: percentile(screenTimes, 50),
      apiP50Ms: percentile(apiTimes, 50),
      apiP95Ms: percentile(apiTimes, 95),
    };
  } finally {
    await browser.close();
    await web.stop();
  }
}
