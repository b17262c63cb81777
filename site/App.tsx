import { use, useMemo } from "react";
import { useLocation, useRoutes } from "react-router";
import { splitLanguage } from "../shared/languages.ts";
import { loadCatalogue, loadedCatalogue } from "./i18n/catalogues.ts";
import { LanguageContext } from "./lib/language.ts";
import { ROUTER_ROUTES } from "./route-table.tsx";

/** The site's routes, in the language of the address (its prefix) with that language's catalogue. */
export function App() {
  const routes = useRoutes(ROUTER_ROUTES);
  const { language } = splitLanguage(useLocation().pathname);
  // Loaded before the page is rendered or hydrated (entry-server.tsx, hydrate.tsx); `use` waits only
  // for a language reached in the browser.
  const messages = loadedCatalogue(language) ?? use(loadCatalogue(language));
  const value = useMemo(() => ({ language, messages }), [language, messages]);
  return <LanguageContext value={value}>{routes}</LanguageContext>;
}
