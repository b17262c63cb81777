import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderSite, stubNetwork, waitWithClockStill } from "../test-utils.tsx";

/** The form's idempotency key, made in the browser (shared/idempotency-key.ts). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openModal(user: ReturnType<typeof userEvent.setup>) {
  renderSite("/");
  const trigger = within(await screen.findByTestId("hero")).getByRole("button", { name: "Join Waitlist" });
  await user.click(trigger);
  const dialog = await screen.findByRole("dialog", { name: "Join the Waitlist" });
  return { trigger, dialog };
}

describe("waitlist modal", () => {
  it("opens with the email field focused and locks page scrolling", async () => {
    stubNetwork();
    const user = userEvent.setup();
    const { dialog } = await openModal(user);
    expect(within(dialog).getByLabelText("Email address")).toHaveFocus();
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(document.body.style.overflow).toBe("hidden");
  });

  it("submits form-name=waitlist, bot-field and email, thanks, and closes itself 2 s after the frame that shows it, returning focus", async () => {
    const network = stubNetwork();
    const user = userEvent.setup();
    const { trigger, dialog } = await openModal(user);
    await user.type(within(dialog).getByLabelText("Email address"), "fan@example.com");
    // From the submit on, the clock moves only when the test moves it (user-event waits on timers: a plain click).
    vi.useFakeTimers();
    fireEvent.click(within(dialog).getByRole("button", { name: "Join Waitlist" }));
    // The thank-you view moves focus to its close button in the effect that arms the 2 s timer.
    const thanks = await waitWithClockStill(() => {
      const view = screen.getByRole("dialog", { name: "Thank You!" });
      expect(within(view).getByRole("button", { name: "Close" })).toHaveFocus();
      return view;
    });
    expect(thanks).toHaveTextContent("We'll be in touch soon with updates about RCRT.");
    expect(network.forms.map((form) => Object.fromEntries(form))).toEqual([{ "form-name": "waitlist", "bot-field": "", email: "fan@example.com", language: "en", "idempotency-key": expect.stringMatching(UUID) }]);
    // Counted from the next frame: it is on screen for its whole 2 s.
    act(() => vi.advanceTimersToNextFrame());
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(document.body.style.overflow).toBe("");
  });

  it.each([
    ["?ref=0A1B2C3D4E", { ref: "0a1b2c3d4e" }],
    ["?ref=not-a-code", {}],
  ])("a friend's referral code in the page's address goes with the form as ref, and a malformed one does not (%s)", async (search, expected) => {
    window.history.replaceState(null, "", `/${search}`);
    try {
      const network = stubNetwork();
      const user = userEvent.setup();
      const { dialog } = await openModal(user);
      await user.type(within(dialog).getByLabelText("Email address"), "friend@example.com");
      await user.click(within(dialog).getByRole("button", { name: "Join Waitlist" }));
      await screen.findByRole("dialog", { name: "Thank You!" });
      expect(network.forms.map((form) => Object.fromEntries(form))).toEqual([
        { "form-name": "waitlist", "bot-field": "", email: "friend@example.com", language: "en", ...expected, "idempotency-key": expect.stringMatching(UUID) },
      ]);
    } finally {
      window.history.replaceState(null, "", "/");
    }
  });

  it("the thank-you view is not closed before a frame has drawn it, however slow the frames are", async () => {
    stubNetwork();
    const user = userEvent.setup();
    const { dialog } = await openModal(user);
    await user.type(within(dialog).getByLabelText("Email address"), "slow@example.com");
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(globalThis, "requestAnimationFrame").mockImplementation((callback) => frames.push(callback));
    fireEvent.click(within(dialog).getByRole("button", { name: "Join Waitlist" }));
    // Its effect has run once the close button has focus.
    await waitWithClockStill(() => expect(within(screen.getByRole("dialog", { name: "Thank You!" })).getByRole("button", { name: "Close" })).toHaveFocus());
    // No frame yet (a 2x phone drawing the page behind): ten seconds on, it is still there to be drawn.
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole("dialog", { name: "Thank You!" })).toBeInTheDocument();
    expect(frames.length).toBeGreaterThan(0);
    act(() => frames.splice(0).forEach((frame) => frame(performance.now())));
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole("dialog", { name: "Thank You!" })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("a failed submit says so, keeps the email, and trying again can succeed", async () => {
    let status = 500;
    const network = stubNetwork({}, () => status);
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const user = userEvent.setup();
    const { dialog } = await openModal(user);
    await user.type(within(dialog).getByLabelText("Email address"), "fan@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Join Waitlist" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Could not join the waitlist. Please try again.");
    expect(log).toHaveBeenCalled();
    expect(screen.queryByText("Thank You!")).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText("Email address")).toHaveValue("fan@example.com");
    status = 200;
    await user.click(within(dialog).getByRole("button", { name: "Join Waitlist" }));
    await screen.findByRole("dialog", { name: "Thank You!" });
    expect(network.forms.map((form) => form.get("email"))).toEqual(["fan@example.com", "fan@example.com"]);
    // The retry is the same sign-up: it carries the first attempt's key, so the intake stores it once.
    const [first, retry] = network.forms.map((form) => form.get("idempotency-key"));
    expect(first).toMatch(UUID);
    expect(retry).toBe(first);
  });

  it("a post the intake refuses shows its reason (too many submissions)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ error: "Too many submissions from this address. Please try again later." }), { status: 429, headers: { "Content-Type": "application/json" } })),
    );
    const user = userEvent.setup();
    const { dialog } = await openModal(user);
    await user.type(within(dialog).getByLabelText("Email address"), "fan@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Join Waitlist" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Too many submissions from this address. Please try again later.");
    expect(within(dialog).getByRole("button", { name: "Join Waitlist" })).toBeEnabled();
  });

  it("does not post an invalid email", async () => {
    const network = stubNetwork();
    const user = userEvent.setup();
    const { dialog } = await openModal(user);
    await user.type(within(dialog).getByLabelText("Email address"), "not-an-email");
    await user.click(within(dialog).getByRole("button", { name: "Join Waitlist" }));
    expect(within(dialog).getByText("Please enter a valid email address")).toBeInTheDocument();
    expect(network.forms).toHaveLength(0);
  });

  it("Escape closes it and focus returns to the button", async () => {
    stubNetwork();
    const user = userEvent.setup();
    const { trigger } = await openModal(user);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Join the Waitlist" })).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it("the close button closes it", async () => {
    stubNetwork();
    const user = userEvent.setup();
    const { dialog, trigger } = await openModal(user);
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog", { name: "Join the Waitlist" })).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it("traps focus inside while open", async () => {
    stubNetwork();
    const user = userEvent.setup();
    const { dialog } = await openModal(user);
    const email = within(dialog).getByLabelText("Email address");
    const submit = within(dialog).getByRole("button", { name: "Join Waitlist" });
    const close = within(dialog).getByRole("button", { name: "Close" });
    expect(email).toHaveFocus();
    await user.tab();
    expect(submit).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(submit).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(email).toHaveFocus();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });
});
