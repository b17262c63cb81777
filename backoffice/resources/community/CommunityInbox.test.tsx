import { describe, expect, it, vi } from "vitest";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Notification, ResourceContextProvider } from "react-admin";
import { renderInAdmin, stubDataProvider } from "../../testing/render.tsx";
import community from "./index.tsx";
import { replyLink } from "./CommunityInbox.tsx";
import type { FormSubmission } from "../../../shared/content-types/community.ts";

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const submissions: (Pick<FormSubmission, "email" | "kind"> & { id: string } & Record<string, unknown>)[] = [
  { id: "s1", kind: "contact", email: "ada+rcrt@example.com", name: "Ada", message: "Hello there", handled: false, created_at: "2026-11-01T10:00:00Z", last_submitted_at: "2026-11-01T10:00:00Z" },
  { id: "s2", kind: "waitlist", email: "bob@example.com", name: null, message: null, handled: true, created_at: "2026-11-02T10:00:00Z", last_submitted_at: "2026-11-20T09:30:00Z" },
  { id: "s3", kind: "newsletter", email: "cy@example.com", name: null, message: null, handled: false, created_at: "2026-11-03T10:00:00Z", last_submitted_at: "2026-11-03T10:00:00Z" },
];

function renderInbox(overrides = {}) {
  const Inbox = community.page!;
  renderInAdmin(
    <ResourceContextProvider value="community">
      <Inbox />
      <Notification />
    </ResourceContextProvider>,
    stubDataProvider({
      getList: (() => Promise.resolve({ data: submissions, total: submissions.length })) as never,
      getMany: ((_resource: string, { ids }: { ids: string[] }) => Promise.resolve({ data: submissions.filter((row) => ids.includes(row.id)) })) as never,
      ...overrides,
    }),
  );
}

describe("community inbox", () => {
  it("a reply link addresses the sender with a subject naming what they sent", () => {
    expect(replyLink({ email: "ada+rcrt@example.com", kind: "contact" })).toBe("mailto:ada%2Brcrt@example.com?subject=Re%3A%20your%20message%20to%20RCRT");
    expect(replyLink({ email: "bob@example.com", kind: "waitlist" })).toBe("mailto:bob@example.com?subject=Re%3A%20your%20waitlist%20sign-up%20to%20RCRT");
  });

  it("a submission opens with Reply by Email", async () => {
    renderInbox();
    await userEvent.click(await screen.findByText("Hello there"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("link", { name: "Reply by Email" })).toHaveAttribute("href", replyLink(submissions[0]!));
  });

  it("a repeated sign-up says when the address signed up again; a single one does not", async () => {
    renderInbox();
    await userEvent.click(await screen.findByText("bob@example.com"));
    expect(within(await screen.findByRole("dialog")).getByText(/^Signed up again Nov 20, 2026/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await userEvent.click(screen.getByText("Hello there"));
    expect(within(await screen.findByRole("dialog")).queryByText(/Signed up again/)).toBeNull();
  });

  /** Selects every row and clicks Mark handled; the data provider's updateMany, to see what it was asked. */
  async function markAllHandled() {
    const updateMany = vi.fn((_resource: string, { ids }: { ids: string[] }) => Promise.resolve({ data: ids }));
    renderInbox({ updateMany });
    await screen.findByText("Hello there");
    await userEvent.click(screen.getAllByRole("checkbox")[0]!);
    await userEvent.click(screen.getByRole("button", { name: "Mark handled" }));
    await screen.findByText("2 submissions marked handled");
    return updateMany;
  }

  it("Mark handled shows the unhandled selected rows handled, counts them, and writes exactly those once the notification closes", async () => {
    const updateMany = await markAllHandled();
    for (const email of ["ada+rcrt@example.com", "bob@example.com", "cy@example.com"]) {
      expect(screen.getByRole("button", { name: `Mark ${email} unhandled` })).toHaveTextContent("Handled ✓");
    }
    // Dismissing the notification ends the Undo window: the write goes out, for the two that change.
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(updateMany).toHaveBeenCalledTimes(1));
    expect(updateMany).toHaveBeenCalledWith("community", expect.objectContaining({ ids: ["s1", "s3"], data: { handled: true } }));
  });

  it("Undo puts the rows back as they were and writes nothing", async () => {
    const updateMany = await markAllHandled();
    expect(screen.getByRole("button", { name: "Mark ada+rcrt@example.com unhandled" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: /undo/i }));
    await screen.findByRole("button", { name: "Mark ada+rcrt@example.com handled" });
    expect(screen.getByRole("button", { name: "Mark cy@example.com handled" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Mark bob@example.com unhandled" })).toBeInTheDocument();
    expect(updateMany).not.toHaveBeenCalled();
  });
});
