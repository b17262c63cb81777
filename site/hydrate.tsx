import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { metaReader, resolveApiConfig } from "../shared/api-config.ts";
import { splitLanguage } from "../shared/languages.ts";
import { pagePath } from "../shared/routes.ts";
import { App } from "./App.tsx";
import { loadCatalogue } from "./i18n/catalogues.ts";
import { ImageApiContext } from "./lib/image-api.ts";
import { onRecoverableError } from "./lib/recoverable-errors.ts";
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

const path = pagePath(window.location.pathname);
// The page's catalogue first (the default language's is in the app already): hydration must say
// what the server said.
void loadCatalogue(splitLanguage(path).language).then(() => {
  // Hydrate only markup the server rendered for this very address (a query string, such as an updates
  // filter, is rendered in the browser; a draft preview's link is the one query the server renders).
  if (container.dataset.route === path && (window.location.search === "" || serverData.preview) && container.firstElementChild) {
    hydrateRoot(container, app, { onRecoverableError });
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
});
