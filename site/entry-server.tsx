// The prerender step's entry (scripts/prerender.ts builds it for Node): the same App, rendered to
// HTML for one address with the data fetched at build time. Lazy pages and islands are awaited.
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import { App } from "./App.tsx";
import { primeData } from "./lib/resource.ts";

export { createDb } from "./lib/db.ts";
export { setPurifier } from "../shared/markdown.ts";
export { postKey, queries, ROUTE_QUERIES } from "./lib/queries.ts";

export async function renderPage(url: string, data: Record<string, unknown>): Promise<string> {
  primeData(data);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
    // No outlined boundaries: they would need inline scripts (the CSP allows none) to show.
    { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => console.error(`prerender ${url}:`, error) },
  );
  let html = "";
  for await (const chunk of prelude) html += typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
  return html;
}
