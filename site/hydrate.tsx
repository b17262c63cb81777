import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { metaReader, resolveApiConfig } from "../shared/api-config.ts";
import { App } from "./App.tsx";
import { ImageApiContext } from "./lib/image-api.ts";
import { primeData, readServerData } from "./lib/resource.ts";

const container = document.getElementById("root")!;
const serverData = readServerData(document);
primeData(serverData, container.dataset.route ?? "");
const app = (
  <StrictMode>
    <BrowserRouter>
      <ImageApiContext value={resolveApiConfig(import.meta.env, metaReader(document)).url}>
        <App />
      </ImageApiContext>
    </BrowserRouter>
  </StrictMode>
);

const path = window.location.pathname.replace(/(.)\/+$/, "$1");
// Hydrate only markup the server rendered for this very address (a query string, such as an updates
// filter, is rendered in the browser; a draft preview's link is the one query the server renders).
if (container.dataset.route === path && (window.location.search === "" || serverData.preview) && container.firstElementChild) {
  hydrateRoot(container, app);
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
