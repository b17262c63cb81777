import { useLocation } from "react-router";
import { LANGUAGES, pathInLanguage, splitLanguage } from "../../shared/languages.ts";
import { useSiteLanguage } from "../lib/language.ts";

/**
 * The page in each language, each link named in its own language: the same content at the other
 * language's address (/updates/x and /ja/updates/x). A full page load, which brings that language's
 * catalogue with the page; the current language is marked, not linked.
 */
export function LanguageSwitcher() {
  const { language, messages } = useSiteLanguage();
  const { pathname, search } = useLocation();
  const { path } = splitLanguage(pathname);
  return (
    <nav className="language-switcher" aria-label={messages["switcher.label"]}>
      <ul>
        {LANGUAGES.map(({ code, nativeName }) => (
          <li key={code}>
            {code === language ? (
              <span lang={code} aria-current="page">
                {nativeName}
              </span>
            ) : (
              <a href={`${pathInLanguage(path, code)}${search}`} hrefLang={code} lang={code}>
                {nativeName}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
