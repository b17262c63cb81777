import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, useLocation, useNavigationType } from "react-router";
import { describe, expect, it } from "vitest";
import { Link, NavLink } from "./Link.tsx";

/** The router's address and how it got there, for the assertions. */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${useNavigationType()} ${pathname}${search}`}</output>;
}

/**
 * Clicks `element`: whether the click reached the browser's own handling (not prevented by the link),
 * which is then prevented, as jsdom cannot load another document.
 */
function leftToBrowser(element: HTMLElement, init: MouseEventInit = {}): boolean {
  let left = false;
  const after = (event: Event) => {
    left = !event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener("click", after, { once: true });
  fireEvent.click(element, init);
  window.removeEventListener("click", after);
  return left;
}

function renderAt(path: string, links: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {links}
      <Where />
    </MemoryRouter>,
  );
}

describe("the site's links", () => {
  it("are addresses the router follows on a plain click", () => {
    renderAt("/", <Link to="/updates?category=hardware">Hardware</Link>);
    const link = screen.getByRole("link", { name: "Hardware" });
    expect(link).toHaveAttribute("href", "/updates?category=hardware");
    expect(leftToBrowser(link)).toBe(false);
    expect(screen.getByTestId("where")).toHaveTextContent("PUSH /updates?category=hardware");
  });

  it("replace the entry of the page shown when they lead to it", () => {
    renderAt("/updates", <Link to="/updates">Updates</Link>);
    fireEvent.click(screen.getByRole("link", { name: "Updates" }));
    expect(screen.getByTestId("where")).toHaveTextContent("REPLACE /updates");
  });

  it("leave the browser a click with a modifier key, another button or another target", () => {
    renderAt(
      "/",
      <>
        <Link to="/about">About</Link>
        <Link to="/contact" target="_blank">
          Contact
        </Link>
      </>,
    );
    const about = screen.getByRole("link", { name: "About" });
    for (const click of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      expect(leftToBrowser(about, click), JSON.stringify(click)).toBe(true);
    }
    expect(leftToBrowser(screen.getByRole("link", { name: "Contact" }))).toBe(true);
    expect(screen.getByTestId("where")).toHaveTextContent("POP /");
  });

  it("let their own click handler run, and stop if it prevented the default", () => {
    const clicked: string[] = [];
    renderAt(
      "/",
      <Link
        to="/about"
        onClick={(event) => {
          clicked.push("about");
          event.preventDefault();
        }}
      >
        About
      </Link>,
    );
    fireEvent.click(screen.getByRole("link", { name: "About" }));
    expect(clicked).toEqual(["about"]);
    expect(screen.getByTestId("where")).toHaveTextContent("POP /");
  });

  it("mark a menu link current on its own address only, whatever the query", () => {
    renderAt(
      "/ja/updates?category=hardware",
      <>
        <NavLink to="/ja/">Home</NavLink>
        <NavLink to="/ja/updates">Updates</NavLink>
        <NavLink to="/updates">English updates</NavLink>
      </>,
    );
    expect(screen.getByRole("link", { name: "Updates" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
    expect(screen.getByRole("link", { name: "English updates" })).not.toHaveAttribute("aria-current");
  });
});
