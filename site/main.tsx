import { StrictMode, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App.tsx";
import { setHydrating } from "./lib/island.tsx";
import { primeData, readPrerenderedData } from "./lib/resource.ts";
import "./styles.css";

function Root() {
  useEffect(() => setHydrating(false), []);
  return <App />;
}

const container = document.getElementById("root")!;
primeData(readPrerenderedData(document));
const app = (
  <StrictMode>
    <BrowserRouter>
      <Root />
    </BrowserRouter>
  </StrictMode>
);

const path = window.location.pathname.replace(/(.)\/+$/, "$1");
// The server answers paths it has no page for (a post published after the build, a 404) with the
// home page's HTML: hydrate only markup that was rendered for this very address.
if (container.dataset.route === path && window.location.search === "" && container.firstElementChild) {
  setHydrating(true);
  hydrateRoot(container, app);
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
