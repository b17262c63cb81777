import { Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router";
import { splitLanguage } from "../../shared/languages.ts";
import { isPublicRoute } from "../../shared/routes.ts";
import { useLocalPath, useMessages } from "../lib/language.ts";
import { reportPageView } from "../lib/page-views.ts";
import { leaveFirstView } from "../lib/resource.ts";
import { Footer } from "./Footer.tsx";
import { Header, type MenuLink } from "./Header.tsx";
import { Link } from "./Link.tsx";

function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <span className="tracking-bar" aria-hidden="true" />
      {useMessages()["layout.loadingPage"]}
    </div>
  );
}

/**
 * Fixed header, the page, the floating Return Home button and the footer, whose menus show `links`.
 * The button shows on every page but home, and not on the not-found page, whose own Return Home
 * button is its main action.
 */
export function Layout({ links }: { links: readonly MenuLink[] }) {
  const { pathname, search } = useLocation();
  const messages = useMessages();
  const localPath = useLocalPath();
  const showReturnHome = splitLanguage(pathname).path !== "/" && isPublicRoute(pathname);
  const first = useRef(true);

  // A new page starts at the top, and keyboard and screen-reader users land on its content.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    leaveFirstView();
    window.scrollTo(0, 0);
    document.getElementById("main")?.focus({ preventScroll: true });
    reportPageView(pathname, search);
    // Counted once per page reached: a filter changing the query of the same page is no new view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  // The header, the page and the footer are each a Suspense boundary: on a server-rendered page React
  // hydrates each in slices of a few milliseconds once the shell is done, not all in one long task.
  return (
    <>
      <a className="skip-link" href="#main">
        {messages["layout.skip"]}
      </a>
      <Suspense>
        <Header links={links} />
      </Suspense>
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      {showReturnHome && (
        <Link to={localPath("/")} className="return-home">
          <span aria-hidden="true">⏏</span> <span className="return-home-label">{messages["layout.returnHome"]}</span>
        </Link>
      )}
      <Suspense>
        <Footer links={links} />
      </Suspense>
    </>
  );
}
