import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";

// The site's links to its own pages. React Router's Link and NavLink bring its framework mode's
// prefetching and view transitions with them (2.8 KB of every page's script budget); the site's links
// are plain addresses of its own pages, followed by the router on a plain click.

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** A site address, such as "/updates" or "/ja/updates?category=hardware". */
  to: string;
}

/** A click the browser would follow in this tab: the main button, no modifier key, no other target. */
function followsInPlace(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return !event.defaultPrevented && event.button === 0 && (!target || target === "_self") && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}

/** A link to a site page: the router follows it (a link to the page shown replaces it in the history). */
export function Link({ to, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!followsInPlace(event, target)) return;
        event.preventDefault();
        void navigate(to, { replace: to === `${pathname}${search}${hash}` });
      }}
    />
  );
}

/** A menu link: marked current (aria-current="page") on its own page only. */
export function NavLink(props: LinkProps) {
  const { pathname } = useLocation();
  const current = pathname.toLowerCase() === props.to.split(/[?#]/)[0]!.toLowerCase();
  return <Link {...props} aria-current={current ? "page" : undefined} />;
}
