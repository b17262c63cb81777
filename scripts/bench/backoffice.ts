import { chromium, type Page } from "playwright-core";
import { mediaUsageSources } from "../../shared/media-usage.ts";
import type { RichTextDocument } from "../../shared/rich-text/document.ts";
import { wordCount } from "../../shared/rich-text/render-text.ts";
import { contentTables } from "../content-tables.ts";
import { ADMIN, nodeClient, startTestBackend } from "../../tests/support/backend.ts";
import { CHROMIUM, forgetListParamsOn } from "../../tests/e2e/support/browser.ts";
import { latencyStats, timed, type LatencyStats } from "./api.ts";

export interface BackOfficeBenchResult {
  /** From navigation to a usable sign-in form (the Sign in button drawn), fresh browser context each time. */
  signInPage: LatencyStats;
  /** Assets in the library for the reads below. */
  assets: number;
  /** Page 150 of the media library (24 a page, newest first, with the exact total), as an administrator. */
  deepMediaPage: LatencyStats;
  /** "In use by" for the 24 assets of that page: one media_usage call over every content table. */
  mediaUsage: LatencyStats;
  /** The Press list in Chromium with extra quotes, as an administrator. */
  pressList: PressListTimes;
  /** Opening a post of EDITOR_POST_WORDS words in its editor, as an administrator. */
  editorOpen: EditorOpenTimes;
}

/** From the post's address to its text in the rich editor, its word count drawn under it. */
export interface EditorOpenTimes {
  words: number;
  open: LatencyStats;
}

/** Each step of the Press list, from the action to the answer's rows and range drawn. */
export interface PressListTimes {
  /** Quotes added to the seeded ones for the measurement, and removed after it. */
  extraQuotes: number;
  /** Navigation to /admin/press from an empty page. */
  open: LatencyStats;
  /** "Go to next page". */
  nextPage: LatencyStats;
  /** A click on the Source column's header (ascending, back to the first page). */
  sortBySource: LatencyStats;
  /** Typing a search that one quote matches, the search box's debounce included. */
  search: LatencyStats;
}

const PER_PAGE = 24;
const DEEP_PAGE = 150;
const EXTRA_PRESS_QUOTES = 1000;
/** The post the editor is opened on: as long as the longest posts people write, and then some. */
const EDITOR_POST_WORDS = 5000;
const BROWSER_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking"];

async function signInPageTimes(webUrl: string, runs: number): Promise<LatencyStats> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS });
  const latencies: number[] = [];
  const started = performance.now();
  try {
    for (let run = 0; run < runs; run++) {
      // A context of its own each time: no cached script, as a first visit.
      const context = await browser.newContext();
      const page = await context.newPage();
      const t = performance.now();
      await page.goto(`${webUrl}/admin/login`);
      await page.getByRole("button", { name: "Sign in" }).waitFor();
      latencies.push(performance.now() - t);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return latencyStats(latencies, performance.now() - started);
}

/**
 * The steps of the Press list, `runs` times in one signed-in page, each run from an empty page and the
 * whole unsorted list; `total` is the quotes the list holds, `search` a text one quote matches.
 */
async function pressListStepTimes(webUrl: string, total: number, search: string, runs: number): Promise<Omit<PressListTimes, "extraQuotes">> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`${webUrl}/admin/login`);
    await page.getByRole("textbox", { name: "Email" }).fill(ADMIN.email);
    await page.getByLabel("Password *", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();

    const times = { open: [] as number[], nextPage: [] as number[], sortBySource: [] as number[], search: [] as number[] };
    for (let run = 0; run < runs; run++) {
      // Otherwise react-admin would reopen the list as the last run left it.
      await forgetListParamsOn(page);
      // From an empty page, so that no answer to the list left open is taken for the new one's.
      await page.goto("about:blank");
      times.open.push(await pressListStep(page, () => page.goto(`${webUrl}/admin/press`), `1-25 of ${total}`));
      times.nextPage.push(await pressListStep(page, () => page.getByRole("button", { name: "Go to next page" }).click(), `26-50 of ${total}`));
      times.sortBySource.push(await pressListStep(page, () => page.locator("thead").getByText("Source", { exact: true }).click(), `1-25 of ${total}`));
      times.search.push(await pressListStep(page, () => page.getByPlaceholder("Search quotes...").fill(search), "1-1 of 1"));
    }
    // Each step's throughput is its own: its runs over the time they took.
    const stats = (latencies: number[]) => latencyStats(latencies, latencies.reduce((sum, ms) => sum + ms, 0));
    return { open: stats(times.open), nextPage: stats(times.nextPage), sortBySource: stats(times.sortBySource), search: stats(times.search) };
  } finally {
    await browser.close();
  }
}

/**
 * One step of the list, in ms: the action, the list request it sends, and the rows of its answer
 * drawn in the answer's order with the range (`1-25 of N`) shown.
 */
async function pressListStep(page: Page, action: () => Promise<unknown>, range: string): Promise<number> {
  const started = performance.now();
  const [response] = await Promise.all([
    page.waitForResponse((answer) => answer.url().includes("/rest/v1/press_quotes?") && answer.request().method() === "GET"),
    action(),
  ]);
  if (response.status() >= 300) throw new Error(`press list answered ${response.status()}`);
  const sources = ((await response.json()) as { source: string }[]).map((quote) => quote.source);
  await page.getByText(range, { exact: true }).first().waitFor();
  await page.waitForFunction(
    (expected) => JSON.stringify([...document.querySelectorAll("tbody tr td.column-source")].map((cell) => cell.textContent)) === expected,
    JSON.stringify(sources),
  );
  return performance.now() - started;
}

/**
 * The Press list with 1,000 extra quotes, put in through the app's API as the administrator and taken
 * out after, by a source prefix of their own.
 */
async function pressListTimes(app: { webUrl: string; apiUrl: string }, runs: number): Promise<PressListTimes> {
  const html = await (await fetch(`${app.webUrl}/admin/login`)).text();
  const anonKey = /<meta name="supabase-anon-key" content="([^"]+)"/.exec(html)?.[1] ?? "";
  const admin = nodeClient(app.apiUrl, anonKey);
  const { error } = await admin.auth.signInWithPassword(ADMIN);
  if (error) throw error;
  const { count: before, error: countError } = await admin.from("press_quotes").select("id", { count: "exact", head: true });
  if (countError) throw countError;
  const stamp = Date.now();
  // "000" sorts them before the seeded quotes by source.
  const prefix = `000 Bench ${stamp}`;
  const quotes = Array.from({ length: EXTRA_PRESS_QUOTES }, (_, index) => ({
    quote: `Bench quote number ${index}`,
    source: `${prefix} ${String(index).padStart(4, "0")}`,
    published: index % 2 === 0,
  }));
  const { error: insertError } = await admin.from("press_quotes").insert(quotes);
  if (insertError) throw insertError;
  // The quotes go whether the measurement went through or not; if both fail, the measurement's failure is the one told.
  const measured = await pressListStepTimes(app.webUrl, (before ?? 0) + EXTRA_PRESS_QUOTES, `${stamp} 0777`, runs).then(
    (steps) => ({ steps }),
    (error: unknown) => ({ error }),
  );
  const { error: deleteError } = await admin.from("press_quotes").delete().like("source", `${prefix}%`);
  if ("error" in measured) throw measured.error;
  if (deleteError) throw deleteError;
  return { extraQuotes: EXTRA_PRESS_QUOTES, ...measured.steps };
}

/** A post's document of `words` words: paragraphs of 20, a level-2 heading every 10 paragraphs, some bold and a link. */
function longDocument(words: number) {
  const paragraphs = Array.from({ length: Math.ceil(words / 20) }, (_, index) => {
    const text = Array.from({ length: Math.min(20, words - index * 20) }, (_, word) => `word${index * 20 + word}`);
    return {
      type: "paragraph",
      content: [
        { type: "text", text: `${text.slice(0, 10).join(" ")} ` },
        { type: "text", text: text.slice(10, 15).join(" "), marks: [{ type: index % 2 ? "bold" : "italic" }] },
        { type: "text", text: ` ${text.slice(15).join(" ")}`, marks: index % 7 === 0 ? [{ type: "link", attrs: { href: "/whitepaper" } }] : [] },
      ].map((node) => (node.marks?.length ? node : { type: node.type, text: node.text })),
    };
  });
  const content = paragraphs.flatMap((paragraph, index) => (index % 10 === 0 ? [{ type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: `Part ${index / 10 + 1}` }] }, paragraph] : [paragraph]));
  return { type: "doc", content };
}

/**
 * A post of EDITOR_POST_WORDS words opened in its editor `runs` times from the Blog Posts list: from
 * the click on its title to the editor showing its text and the word count under it (the editor's
 * chunk, TipTap, loaded on the first run only, as it is once per visit). The post is put in through
 * the API as the administrator and deleted after.
 */
export async function editorOpenTimes(app: { webUrl: string; apiUrl: string }, runs: number): Promise<EditorOpenTimes> {
  const html = await (await fetch(`${app.webUrl}/admin/login`)).text();
  const anonKey = /<meta name="supabase-anon-key" content="([^"]+)"/.exec(html)?.[1] ?? "";
  const admin = nodeClient(app.apiUrl, anonKey);
  const { error } = await admin.auth.signInWithPassword(ADMIN);
  if (error) throw error;
  const title = `Bench long post ${Date.now()}`;
  const content = longDocument(EDITOR_POST_WORDS);
  const { data: post, error: insertError } = await admin.from("blog_posts").insert({ title, content, category: "community" }).select("id").single();
  if (insertError) throw insertError;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${app.webUrl}/admin/login`);
    await page.getByRole("textbox", { name: "Email" }).fill(ADMIN.email);
    await page.getByLabel("Password *", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    // The headings' words count too.
    const count = `${wordCount(content as RichTextDocument).toLocaleString("en-US")} words`;
    await page.goto(`${app.webUrl}/admin/blog`);
    const row = page.locator("tbody tr").filter({ hasText: title }).first();
    const dialog = page.getByRole("dialog", { name: "Edit Post" });
    // The clock starts at a click on a row the list shows: the list's own loading is not the editor's.
    await row.waitFor();
    const latencies: number[] = [];
    const started = performance.now();
    for (let run = 0; run < runs; run++) {
      const t = performance.now();
      await row.getByText(title, { exact: true }).click();
      await dialog.getByTestId("rich-text-count").getByText(count).waitFor({ timeout: 30_000 });
      await dialog.getByRole("textbox", { name: /^Content/ }).getByText(`word${EDITOR_POST_WORDS - 1}`).waitFor();
      latencies.push(performance.now() - t);
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "detached" });
    }
    return { words: EDITOR_POST_WORDS, open: latencyStats(latencies, performance.now() - started) };
  } finally {
    await browser.close();
    await admin.from("blog_posts").delete().eq("id", post.id);
  }
}

/**
 * What the back office's heaviest reads cost: the sign-in screen and the Press list with 1,000 extra
 * quotes and a post of 5,000 words opened in the rich editor in Chromium against `npm start`, and, on a backend of its own with 5,000 assets, a deep page
 * of the media library and the "in use by" lookup for it.
 */
export async function benchBackOffice(app: { webUrl: string; apiUrl: string }, requests = 40): Promise<BackOfficeBenchResult> {
  const signInPage = await signInPageTimes(app.webUrl, 10);
  const pressList = await pressListTimes(app, 5);
  const editorOpen = await editorOpenTimes(app, 10);
  const backend = await startTestBackend();
  try {
    await backend.sql(
      `insert into public.media_assets (url, filename, type, size, metadata, created_at)
       select 'https://example.com/bulk/' || n || '.jpg', 'bulk-' || lpad(n::text, 4, '0') || '.jpg', 'image', 1000 + n,
              '{"format": "image/jpeg"}', now() - make_interval(secs => n)
         from generate_series(1, 5000) as n`,
    );
    const admin = await backend.signIn(ADMIN.email, ADMIN.password);
    const from = (DEEP_PAGE - 1) * PER_PAGE;
    let urls: string[] = [];
    const readDeepPage = async () => {
      const { data, count, error } = await admin
        .from("media_assets")
        .select("*", { count: "exact" })
        .order("created_at", { ascending: false })
        .range(from, from + PER_PAGE - 1);
      if (error || data.length !== PER_PAGE || (count ?? 0) < 5000) throw new Error(`unexpected media page: ${error?.message ?? `${data?.length} rows of ${count}`}`);
      urls = data.map((asset) => String(asset.url));
    };
    const sources = mediaUsageSources(await contentTables());
    const readUsage = async () => {
      const { error } = await admin.rpc("media_usage", { urls, sources });
      if (error) throw new Error(`media_usage: ${error.message}`);
    };
    // Warmed first, as the API bench is: the figures are steady reads, not the first plan or page-in.
    for (let i = 0; i < 3; i++) await readDeepPage().then(readUsage);
    const deepMediaPage = await timed(requests, 1, readDeepPage);
    const mediaUsage = await timed(requests, 1, readUsage);
    return { signInPage, assets: 5000, deepMediaPage, mediaUsage, pressList, editorOpen };
  } finally {
    await backend.stop();
  }
}
