import { describe, expect, it, vi } from "vitest";
import { configure, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ResourceContextProvider } from "react-admin";
import { ResourceList } from "../components/ResourceList.tsx";
import { renderInAdmin, stubDataProvider } from "../testing/render.tsx";
import { resourceConfig } from "../resources/index.ts";
import { NO_SUBSCRIBERS, NOT_LIVE_YET, NOT_PUBLISHED } from "../../shared/publishing.ts";
import { SEND_LABEL } from "./SendNewsletterButton.tsx";

// "Send as newsletter" is offered only where the send can succeed: a live post and at least one
// confirmed subscriber. Elsewhere the button is inactive and its tooltip says why.

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const later = new Date(Date.now() + 86_400_000).toISOString();
const post = (id: string, title: string, published: boolean, publish_at: string | null) => ({ id, title, slug: id, content: "Words", category: "hardware", milestone: null, image_url: null, read_time: "1 min read", published, publish_at, created_at: "2026-01-01T00:00:00Z" });
const posts = [post("p1", "Draft post", false, null), post("p2", "Scheduled post", true, later), post("p3", "Live post", true, null)];

function renderBlogList(recipients: number, segments: { id: string; name: string }[] = []) {
  const rpc = vi.fn((name: string) => Promise.resolve(name === "newsletter_recipient_count" ? recipients : true));
  const rows = (resource: string) => (resource === "segments" ? segments : posts);
  renderInAdmin(
    <ResourceContextProvider value="blog">
      <ResourceList config={resourceConfig("blog")} />
    </ResourceContextProvider>,
    stubDataProvider({ getList: ((resource: string) => Promise.resolve({ data: rows(resource), total: rows(resource).length })) as never, rpc: rpc as never }),
  );
  return rpc;
}

async function sendButton(title: string) {
  const row = (await screen.findByText(title)).closest("tr")!;
  return within(row).findByRole("button", { name: `${SEND_LABEL}: ${title}` });
}

async function reasonShown(button: HTMLElement, reason: string) {
  await userEvent.hover(button);
  expect((await screen.findByText(reason)).closest("[role=tooltip]")).not.toBeNull();
  await userEvent.unhover(button);
}

describe("Send as newsletter in the posts list", () => {
  it("a live post with confirmed subscribers is offered the send; a draft and a scheduled post say why they cannot be sent, and open nothing", async () => {
    const rpc = renderBlogList(2);
    const live = await sendButton("Live post");
    expect(live).not.toHaveAttribute("aria-disabled");
    for (const [title, reason] of [["Draft post", NOT_PUBLISHED], ["Scheduled post", NOT_LIVE_YET]] as const) {
      const button = await sendButton(title);
      expect(button).toHaveAttribute("aria-disabled", "true");
      await reasonShown(button, reason);
      await userEvent.click(button);
      expect(screen.queryByRole("dialog")).toBeNull();
    }
    // One count for the whole list.
    expect(rpc.mock.calls.filter(([name]) => name === "newsletter_recipient_count")).toHaveLength(1);
  });

  it("with no confirmed subscriber, even a live post says so instead of offering the send", async () => {
    renderBlogList(0);
    const button = await sendButton("Live post");
    await vi.waitFor(() => expect(button).toHaveAttribute("aria-disabled", "true"));
    await reasonShown(button, NO_SUBSCRIBERS);
    await userEvent.click(button);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
