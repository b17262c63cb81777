import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COMMUNITY_URL } from "../../shared/brand.ts";
import { renderSite, stubNetwork } from "../test-utils.tsx";
import { NEWSLETTER_DONE, NEWSLETTER_FAILED } from "./NewsletterForm.tsx";

/** The form's idempotency key, made in the browser (shared/idempotency-key.ts). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const locked = () => document.documentElement.style.overflow === "hidden" && document.body.style.overflow === "hidden";

describe("layout", () => {
  beforeEach(() => {
    stubNetwork();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("has a fixed header with the main menu linking every public route", () => {
    renderSite("/");
    const nav = screen.getByRole("navigation", { name: "Main" });
    const hrefs = within(nav)
      .getAllByRole("link")
      .map((link) => link.getAttribute("href"));
    expect(hrefs).toEqual(["/", "/about", "/updates", "/gallery", "/youtube", "/whitepaper", "/contact"]);
    expect(within(nav).getByRole("link", { name: "Videos" })).toHaveAttribute("href", "/youtube");
  });

  it("marks a menu link current on its own page only, and none on a page that is no menu destination", async () => {
    const currentLinks = () => document.querySelectorAll("nav a[aria-current]");
    const view = renderSite("/updates");
    const main = screen.getByRole("navigation", { name: "Main" });
    expect(within(main).getByRole("link", { name: "Updates" })).toHaveAttribute("aria-current", "page");
    expect([...currentLinks()].map((link) => link.getAttribute("href"))).toEqual(["/updates", "/updates"]);
    view.unmount();
    // Not found under a menu page's path, and not found anywhere.
    for (const path of ["/about/more", "/updates/Not_A_Slug", "/nowhere"]) {
      const other = renderSite(path);
      await screen.findByRole("heading", { name: "NO SIGNAL - PAGE NOT FOUND" }, { timeout: 5000 });
      expect(currentLinks(), path).toHaveLength(0);
      other.unmount();
    }
  });

  describe("mobile menu", () => {
    it("locks page scrolling while open and unlocks with the close button", async () => {
      const user = userEvent.setup();
      renderSite("/about");
      const toggle = screen.getByRole("button", { name: "Open menu" });
      expect(toggle).toHaveAttribute("aria-expanded", "false");
      expect(locked()).toBe(false);
      await user.click(toggle);
      expect(toggle).toHaveAttribute("aria-expanded", "true");
      expect(locked()).toBe(true);
      const menu = screen.getByRole("dialog", { name: "Menu" });
      await user.click(within(menu).getByRole("button", { name: "Close menu" }));
      expect(locked()).toBe(false);
      expect(toggle).toHaveAttribute("aria-expanded", "false");
      expect(toggle).toHaveFocus();
    });

    it("unlocks on Escape", async () => {
      const user = userEvent.setup();
      renderSite("/about");
      await user.click(screen.getByRole("button", { name: "Open menu" }));
      expect(locked()).toBe(true);
      await user.keyboard("{Escape}");
      expect(locked()).toBe(false);
    });

    it("a tap recorded before the app ran opens it once, when the app starts; later taps are the app's", async () => {
      window.rcrtEarlyTaps = ["menu", "menu", "other"];
      try {
        renderSite("/about");
        const toggle = screen.getByRole("button", { name: "Close menu", expanded: true });
        expect(screen.getByRole("dialog", { name: "Menu" })).toHaveAttribute("data-open", "true");
        expect(toggle).not.toHaveAttribute("aria-busy");
        // Taken and no longer recorded: what is left belongs to other buttons.
        expect(window.rcrtEarlyTaps).toEqual(["other"]);
      } finally {
        delete window.rcrtEarlyTaps;
      }
    });

    it("closes and unlocks on navigation", async () => {
      const user = userEvent.setup();
      renderSite("/about");
      await user.click(screen.getByRole("button", { name: "Open menu" }));
      const menu = screen.getByRole("dialog", { name: "Menu" });
      expect(menu).toHaveAttribute("data-open", "true");
      await user.click(within(menu).getByRole("link", { name: "Contact" }));
      await screen.findByRole("heading", { level: 1, name: "Get in Touch" });
      expect(locked()).toBe(false);
      expect(menu).toHaveAttribute("data-open", "false");
    });
  });

  it("reports each page reached in the app to the web tier, not the first one, which the server counted", async () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal("navigator", Object.assign(Object.create(navigator), { sendBeacon }));
    const user = userEvent.setup();
    renderSite("/");
    expect(sendBeacon).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Gallery" }));
    await waitFor(() => expect(sendBeacon).toHaveBeenCalledWith("/api/views", JSON.stringify({ path: "/gallery" })));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it("shows the floating Return Home button on every page but home", async () => {
    const { unmount } = renderSite("/");
    expect(screen.queryByRole("link", { name: /Return Home/ })).not.toBeInTheDocument();
    unmount();
    renderSite("/gallery");
    expect(await screen.findByRole("link", { name: /Return Home/ })).toHaveAttribute("href", "/");
  });

  it("shows one Return Home button on the not-found page: its own", async () => {
    renderSite("/no-such-page");
    await screen.findByRole("heading", { name: "NO SIGNAL - PAGE NOT FOUND" });
    expect(screen.getAllByRole("link", { name: /Return Home/ })).toHaveLength(1);
  });

  it.each([
    ["/", "Retro FPGA Media Player | RCRT"],
    ["/about", "Our Story | RCRT"],
    ["/updates", "Updates | RCRT"],
    ["/gallery", "Gallery | RCRT"],
    ["/youtube", "Videos | RCRT"],
    ["/contact", "Contact | RCRT"],
    ["/whitepaper", "Whitepaper | RCRT"],
    ["/no-such-page", "Page Not Found | RCRT"],
  ])("%s sets the document title %s and a meta description", async (path, title) => {
    renderSite(path);
    await waitFor(() => expect(document.title).toBe(title));
    const description = document.head.querySelector('meta[name="description"]')?.getAttribute("content") ?? "";
    expect(description.length).toBeGreaterThan(30);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toMatch(/^https?:\/\//);
  });

  it("footer: community link and Admin Portal link to /admin/login", () => {
    renderSite("/");
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: "Admin Portal" })).toHaveAttribute("href", "/admin/login");
    expect(within(footer).getByRole("link", { name: /Join our Discord community/ })).toHaveAttribute("href", COMMUNITY_URL);
  });

  it("footer newsletter signs up (form newsletter) and asks to confirm by mail, as double opt-in is", async () => {
    const network = stubNetwork();
    const user = userEvent.setup();
    renderSite("/");
    const footer = screen.getByRole("contentinfo");
    await user.type(within(footer).getByLabelText("Email address"), "reader@example.com");
    await user.click(within(footer).getByRole("button", { name: "Subscribe" }));
    await within(footer).findByText("Almost done: check your inbox and click the link to confirm.");
    expect(within(footer).queryByText(/subscribed|thanks for subscribing/i)).not.toBeInTheDocument();
    expect(network.forms).toHaveLength(1);
    expect(Object.fromEntries(network.forms[0]!)).toEqual({ "form-name": "newsletter", "bot-field": "", email: "reader@example.com", language: "en", "idempotency-key": expect.stringMatching(UUID) });
  });

  it("footer newsletter says so when subscribing fails", async () => {
    stubNetwork({}, 500);
    vi.spyOn(console, "error").mockImplementation(() => {});
    const user = userEvent.setup();
    renderSite("/");
    const footer = screen.getByRole("contentinfo");
    await user.type(within(footer).getByLabelText("Email address"), "reader@example.com");
    await act(() => user.click(within(footer).getByRole("button", { name: "Subscribe" })));
    await within(footer).findByText(NEWSLETTER_FAILED);
    expect(within(footer).queryByText(NEWSLETTER_DONE)).not.toBeInTheDocument();
  });
});
