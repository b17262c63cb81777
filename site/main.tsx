import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App.tsx";
import { primeData, readPrerenderedData } from "./lib/resource.ts";
import "./styles.css";

const container = document.getElementById("root")!;
primeData(readPrerenderedData(document));
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

const path = window.location.pathname.replace(/(.)\/+$/, "$1");
// Hydrate only markup rendered for this very address: the server answers a post published after the
// build with the empty shell, and an unknown path with the prerendered 404 page.
if (container.dataset.route === path && window.location.search === "" && container.firstElementChild) {
  hydrateRoot(container, app);
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
