// Helpers for the site's component tests: the app at an address, and a stand-in for the network
// (the PostgREST API by table, and the form intake), so components render from real responses.
import { render } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { vi } from "vitest";
import { App } from "./App.tsx";
import { clearData } from "./lib/resource.ts";
import type { HomeContent } from "./home/home-content.ts";
import type { ProjectStage } from "../shared/content-types/progress.ts";

export type TableAnswer = unknown[] | Error | ((url: URL) => unknown[] | Error);
/** What a function (POST /rest/v1/rpc/<name>) answers: its JSON result, or a 500 for an Error. */
export type RpcAnswer = Record<string, unknown> | unknown[] | string | null | Error | (() => unknown[] | Error);

export interface FakeNetwork {
  fetch: ReturnType<typeof vi.fn>;
  /** Bodies posted to the form intake, parsed. */
  forms: URLSearchParams[];
  /** Requests made to each table or function. */
  reads: (table: string) => URL[];
}

/**
 * Stubs global fetch: GET /rest/v1/<table> answers `tables[table]` (rows, or a 500 for an Error; a
 * single-object request gets the first row or null), POST /rest/v1/rpc/<name> answers `tables[name]`,
 * POST / answers `formStatus`.
 */
export function stubNetwork(tables: Record<string, TableAnswer | RpcAnswer> = {}, formStatus: number | (() => number) = 200): FakeNetwork {
  const forms: URLSearchParams[] = [];
  const requests: URL[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost:3000");
    if ((init?.method ?? "GET") === "POST" && url.pathname === "/") {
      forms.push(new URLSearchParams(String(init?.body ?? "")));
      const status = typeof formStatus === "function" ? formStatus() : formStatus;
      return new Response(JSON.stringify(status < 300 ? { ok: true } : { error: "failed" }), { status, headers: { "Content-Type": "application/json" } });
    }
    const rpc = url.pathname.match(/\/rest\/v1\/rpc\/(\w+)$/);
    if (rpc) {
      requests.push(url);
      const given = rpc[1]! in tables ? tables[rpc[1]!] : rpc[1] === "home_page" ? homePage() : new Error(`no function ${rpc[1]}`);
      const answer = typeof given === "function" ? (given as () => unknown)() : given;
      if (answer instanceof Error) return new Response(JSON.stringify({ message: answer.message }), { status: 500, headers: { "Content-Type": "application/json" } });
      return new Response(JSON.stringify(answer), { status: 200, headers: { "Content-Type": "application/json" } });
    }
    const match = url.pathname.match(/\/rest\/v1\/(\w+)$/);
    if (match) {
      requests.push(url);
      const table = match[1]!;
      const entry = (tables[table] ?? []) as TableAnswer;
      const rows = typeof entry === "function" ? entry(url) : entry;
      if (rows instanceof Error) return new Response(JSON.stringify({ message: rows.message }), { status: 500, headers: { "Content-Type": "application/json" } });
      const accept = new Headers(init?.headers).get("Accept") ?? "";
      const body = accept.includes("vnd.pgrst.object") ? (rows[0] ?? null) : rows;
      return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
    }
    return new Response("not found", { status: 404 });
  });
  vi.stubGlobal("fetch", fetchStub);
  return { fetch: fetchStub, forms, reads: (table) => requests.filter((url) => url.pathname.endsWith(`/rest/v1/${table}`) || url.pathname.endsWith(`/rest/v1/rpc/${table}`)) };
}

/** The home page's read (public.home_page), empty lists unless given. */
export function homePage(parts: Partial<HomeContent> = {}): HomeContent & Record<string, unknown> {
  return { stages: [], collections: [], press: [], ...parts };
}

/** The current address, for tests to read: screen.getByTestId("location"). */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return (
    <output hidden data-testid="location">
      {`${pathname}${search}`}
    </output>
  );
}

/**
 * Waits until `check` passes while fake timers hold the clock: Testing Library's findBy and waitFor
 * wait on the faked setTimeout and would never return, so this polls on real timers and runs only the
 * fake timers already due, never moving the fake clock.
 */
export function waitWithClockStill<T>(check: () => T): Promise<T> {
  return vi.waitFor(check, { interval: 0, timeout: 10_000 });
}

/** The whole site (layout and routes) at `path`, with a fresh data cache. */
export function renderSite(path = "/") {
  clearData();
  window.scrollTo = () => {};
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
}

export const STAGES: ProjectStage[] = [
  { id: "h1", name: "Concept & Research", category: "hardware", order: 0, progress: 100, completed: true },
  { id: "h2", name: "FPGA Prototype", category: "hardware", order: 1, progress: 100, completed: true },
  { id: "h3", name: "Cartridge Interface", category: "hardware", order: 2, progress: 60, completed: false },
  { id: "h4", name: "Enclosure Design", category: "hardware", order: 3, progress: 25, completed: false },
  { id: "h5", name: "Manufacturing", category: "hardware", order: 4, progress: 0, completed: false },
  { id: "t1", name: "Tokenomics Design", category: "token", order: 0, progress: 100, completed: true },
  { id: "t2", name: "Smart Contracts", category: "token", order: 1, progress: 70, completed: false },
  { id: "t3", name: "Security Audit", category: "token", order: 2, progress: 15, completed: false },
  { id: "t4", name: "Community Presale", category: "token", order: 3, progress: 0, completed: false },
  { id: "t5", name: "Token Launch", category: "token", order: 4, progress: 0, completed: false },
];

/** A post as post_cards() answers it for the /updates list: its excerpt instead of its content. */
export function postCard(overrides: Partial<Record<string, unknown>> = {}) {
  const card: Record<string, unknown> = post(overrides);
  delete card.content;
  return { excerpt: "After months of late nights the board read a cartridge. What works Playback", ...card };
}

export function post(overrides: Partial<Record<string, unknown>> = {}) {
  return {
    id: "p1",
    title: "FPGA Prototype Boots Its First Cartridge",
    slug: "fpga-prototype-boots-its-first-cartridge",
    content: {
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: "After months of late nights the board read a cartridge." }] },
        { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "What works" }] },
        { type: "bulletList", content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Playback" }] }] }] },
      ],
    },
    image_url: null,
    category: "hardware",
    milestone: "Prototype v1",
    created_at: "2025-01-05T12:00:00Z",
    updated_at: "2025-01-05T12:00:00Z",
    read_time: "2 min read",
    ...overrides,
  };
}
