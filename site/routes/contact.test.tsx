import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FAQ } from "./contact.tsx";
import { CONTACT_FAILED, CONTACT_SENT } from "../components/ContactForm.tsx";
import { renderSite, stubNetwork, waitWithClockStill } from "../test-utils.tsx";

/** The form's idempotency key, made in the browser (shared/idempotency-key.ts). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function fill(user: ReturnType<typeof userEvent.setup>) {
  const form = (await screen.findByRole("heading", { name: "Send a Message" })).parentElement!;
  await user.type(within(form).getByLabelText("Name"), "Dana Reyes");
  await user.type(within(form).getByLabelText("Email"), "dana@example.com");
  await user.type(within(form).getByLabelText("Message"), "Can we review a prototype?");
  return form;
}

/** The contact page filled in and sent, the form's post answered with `status`: until the failure shows. */
async function sendFailing(status: number | (() => number)) {
  const network = stubNetwork({}, status);
  vi.spyOn(console, "error").mockImplementation(() => {});
  const user = userEvent.setup();
  renderSite("/contact");
  const form = await fill(user);
  await user.click(within(form).getByRole("button", { name: "Send Message" }));
  await within(form).findByText(CONTACT_FAILED);
  return { network, user, form };
}

describe("contact page", () => {
  it("shows the office address and loads the map only on request", async () => {
    stubNetwork();
    const user = userEvent.setup();
    renderSite("/contact");
    // The first test of the file also waits for the page's lazy chunk to load.
    const office = (await screen.findByRole("heading", { name: "Our Office" }, { timeout: 5000 })).parentElement!;
    expect(within(office).getByText(/Analog Avenue/)).toBeInTheDocument();
    expect(office.querySelector("iframe")).toBeNull();
    await user.click(within(office).getByRole("button", { name: "Show map" }));
    const map = office.querySelector("iframe")!;
    expect(map.getAttribute("src")).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/);
    expect(map).toHaveAttribute("loading", "lazy");
    expect(map).toHaveAttribute("title");
  });

  it("sends form-name=contact with name, email and message; the success message goes after 3 s", async () => {
    const network = stubNetwork();
    const user = userEvent.setup();
    renderSite("/contact");
    const form = await fill(user);
    // From the submit on, the clock moves only when the test moves it (user-event waits on timers: a plain click).
    vi.useFakeTimers();
    fireEvent.click(within(form).getByRole("button", { name: "Send Message" }));
    // The message shows, and the effect after it has armed its timer (nothing else here sets one).
    await waitWithClockStill(() => {
      expect(within(form).getByText(CONTACT_SENT)).toBeInTheDocument();
      expect(vi.getTimerCount()).toBe(1);
    });
    expect(network.forms.map((body) => Object.fromEntries(body))).toEqual([
      { "form-name": "contact", "bot-field": "", name: "Dana Reyes", email: "dana@example.com", message: "Can we review a prototype?", language: "en", "idempotency-key": expect.stringMatching(UUID) },
    ]);
    expect(within(form).getByLabelText("Name")).toHaveValue("");
    act(() => vi.advanceTimersByTime(2999));
    expect(within(form).getByText(CONTACT_SENT)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(within(form).queryByText(CONTACT_SENT)).not.toBeInTheDocument();
  });

  it("says Failed to send message. Please try again. on failure and keeps what was typed", async () => {
    const { form } = await sendFailing(500);
    expect(within(form).queryByText(CONTACT_SENT)).not.toBeInTheDocument();
    expect(within(form).getByLabelText("Name")).toHaveValue("Dana Reyes");
    expect(within(form).getByLabelText("Email")).toHaveValue("dana@example.com");
    expect(within(form).getByLabelText("Message")).toHaveValue("Can we review a prototype?");
  });

  it("a retry after a failure carries the same idempotency key (stored once if the first was stored); the next message gets a new one", async () => {
    let status = 503;
    const { network, user, form } = await sendFailing(() => status);
    status = 200;
    await user.click(within(form).getByRole("button", { name: "Send Message" }));
    await within(form).findByText(CONTACT_SENT);
    await fill(user);
    await user.click(within(form).getByRole("button", { name: "Send Message" }));
    await waitFor(() => expect(network.forms).toHaveLength(3));
    const [first, retry, next] = network.forms.map((body) => body.get("idempotency-key"));
    expect(first).toMatch(UUID);
    expect(retry).toBe(first);
    expect(next).toMatch(UUID);
    expect(next).not.toBe(first);
  });

  it("requires name, email and message", async () => {
    const network = stubNetwork();
    const user = userEvent.setup();
    renderSite("/contact");
    const form = (await screen.findByRole("heading", { name: "Send a Message" })).parentElement!;
    await user.click(within(form).getByRole("button", { name: "Send Message" }));
    expect(within(form).getByText("Name is required")).toBeInTheDocument();
    expect(within(form).getByText("Email is required")).toBeInTheDocument();
    expect(within(form).getByText("Message is required")).toBeInTheDocument();
    expect(within(form).getByLabelText("Name")).toHaveFocus();
    expect(within(form).getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
    expect(network.forms).toHaveLength(0);
  });

  // The form's side of the rule walk (tests/integration/rule-walk.test.ts has the web tier's and the database's).
  it("sends a 7,000-character message whole; 10,001 characters read Message must be at most 10,000 characters and nothing is sent", async () => {
    const network = stubNetwork();
    const user = userEvent.setup();
    renderSite("/contact");
    const form = await fill(user);
    const message = within(form).getByLabelText("Message");
    // Typing 10,000 keys one by one takes minutes in jsdom: the value is set as a paste would.
    fireEvent.change(message, { target: { value: "m".repeat(10_001) } });
    await user.click(within(form).getByRole("button", { name: "Send Message" }));
    expect(within(form).getByText("Message must be at most 10,000 characters")).toBeInTheDocument();
    expect(network.forms).toHaveLength(0);
    fireEvent.change(message, { target: { value: "m".repeat(7_000) } });
    await user.click(within(form).getByRole("button", { name: "Send Message" }));
    await within(form).findByText(CONTACT_SENT);
    expect(network.forms.map((body) => body.get("message")?.length)).toEqual([7_000]);
  });

  it("shows the published FAQ entries the admins edit, in the order the database gives", async () => {
    const network = stubNetwork({
      faq_entries: [
        { id: "b", question: "Do cartridges work offline?", answer: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Yes, " }, { type: "text", text: "always", marks: [{ type: "bold" }] }, { type: "text", text: "." }] }] } },
        { id: "a", question: "Is there a subscription fee?", answer: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "No." }] }] } },
      ],
    });
    const user = userEvent.setup();
    renderSite("/contact");
    const faq = (await screen.findByRole("heading", { name: "Frequently Asked Questions" })).parentElement!;
    await within(faq).findByRole("button", { name: /Do cartridges work offline/ });
    expect(within(faq).getAllByRole("button").map((button) => button.textContent)).toEqual(["Do cartridges work offline?+", "Is there a subscription fee?+"]);
    // Each answer is its document, rendered: bold stays bold.
    await user.click(within(faq).getByRole("button", { name: /Do cartridges work offline/ }));
    expect(within(faq).getByText("always").tagName).toBe("STRONG");
    expect(within(faq).getByRole("region", { name: /Do cartridges work offline/ })).toHaveTextContent("Yes, always.");
    const [read] = network.reads("faq_entries");
    expect(read!.searchParams.get("published")).toBe("eq.true");
    expect(read!.searchParams.get("order")).toBe("order.asc,id.asc");
  });

  it("falls back to the built-in FAQ when none is published or the read fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    stubNetwork({ faq_entries: new Error("down") });
    renderSite("/contact");
    const faq = (await screen.findByRole("heading", { name: "Frequently Asked Questions" })).parentElement!;
    expect(within(faq).getAllByRole("button")).toHaveLength(FAQ.length);
  });

  it("has an FAQ of 8 entries as an accordion: the spec's six, shipping regions and warranty", async () => {
    stubNetwork();
    const user = userEvent.setup();
    renderSite("/contact");
    const faq = (await screen.findByRole("heading", { name: "Frequently Asked Questions" })).parentElement!;
    const questions = within(faq).getAllByRole("button");
    expect(questions).toHaveLength(8);
    expect(FAQ.map((entry) => entry.answer).join(" ")).toMatch(/Q3 2025.*Q2/);
    for (const text of [/Q3 2025/, /\$99 and \$199/, /\$29 for 128GB.*\$99 for 1TB/, /Q2 2025/, /H\.264, H\.265\/HEVC, VP9 and AV1/, /no subscription fee/i, /ship/i, /warranty/i]) {
      expect(FAQ.some((entry) => text.test(entry.answer))).toBe(true);
    }
    const first = questions[0]!;
    expect(first).toHaveAttribute("aria-expanded", "false");
    const answer = document.getElementById(first.getAttribute("aria-controls")!)!;
    expect(answer).not.toBeVisible();
    await user.click(first);
    expect(first).toHaveAttribute("aria-expanded", "true");
    expect(answer).toBeVisible();
    expect(answer).toHaveTextContent("Q3 2025");
    await user.click(first);
    expect(answer).not.toBeVisible();
  });
});
