import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_SUBSCRIBERS, NOT_LIVE_YET, NOT_PUBLISHED, sendRefusal } from "../../shared/publishing.ts";
import { ADMIN, startTestBackend, type TestBackend } from "../support/backend.ts";
import { doc } from "../support/documents.ts";

// The back office offers "Send as newsletter" by shared/publishing.ts sendRefusal: the rule must be
// the database's. For each state a post can be in, the send is refused (RC412) exactly where the
// rule says it cannot be sent, and the counts the rule reads are the database's confirmed subscribers
// and saved segments.

let backend: TestBackend;
let admin: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.signIn(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await backend?.stop();
});

const hour = 3_600_000;
const STATES = [
  { name: "a draft", published: false, publish_at: null, refusal: NOT_PUBLISHED },
  { name: "a draft with a moment past", published: false, publish_at: new Date(Date.now() - hour).toISOString(), refusal: NOT_PUBLISHED },
  { name: "a scheduled post", published: true, publish_at: new Date(Date.now() + hour).toISOString(), refusal: NOT_LIVE_YET },
  { name: "a post whose moment has come", published: true, publish_at: new Date(Date.now() - hour).toISOString(), refusal: null },
  { name: "a live post", published: true, publish_at: null, refusal: null },
] as const;

async function recipients(): Promise<number> {
  const { data, error } = await admin.rpc("newsletter_recipient_count");
  expect(error).toBeNull();
  return data as number;
}

async function segments(): Promise<number> {
  const { data, error } = await admin.from("segments").select("id");
  expect(error).toBeNull();
  return (data as unknown[]).length;
}

describe("Send as newsletter is offered where the database sends", () => {
  it("with nobody confirmed the offer says so; pending and unsubscribed addresses do not count; one confirmed does", async () => {
    await backend.sql("delete from public.newsletter_subscribers");
    await backend.sql("insert into public.newsletter_subscribers (email, status) values ('pending@example.com', 'pending'), ('gone@example.com', 'unsubscribed')");
    expect(await recipients()).toBe(0);
    expect(await segments()).toBe(0);
    expect(sendRefusal({ published: true, publish_at: null }, { subscribers: await recipients(), segments: await segments() })).toBe(NO_SUBSCRIBERS);
    await backend.sql("insert into public.newsletter_subscribers (email, status, confirmed_at) values ('reader@example.com', 'confirmed', now())");
    expect(await recipients()).toBe(1);
    expect(sendRefusal({ published: true, publish_at: null }, { subscribers: await recipients(), segments: await segments() })).toBeNull();
  });

  it("with nobody subscribed but a segment holding a confirmed member of the waitlist, the offer stands and the database sends the post to them", async () => {
    await backend.sql("delete from public.newsletter_subscribers");
    const { data: joined } = await backend.service().rpc("waitlist_signup", { address: "early-bird@example.com", language: "en" });
    expect((await backend.service().rpc("waitlist_confirm", { token: (joined as { token: string }).token })).error).toBeNull();
    const { data: segment, error } = await admin.from("segments").insert({ name: "Confirmed on the waitlist", filter: { waitlist: "confirmed" } }).select("id").single();
    expect(error).toBeNull();
    const segmentId = (segment as { id: string }).id;
    expect(await recipients()).toBe(0);
    const audience = { subscribers: await recipients(), segments: await segments() };
    expect(audience.segments).toBe(1);
    const { data: post } = await admin.from("blog_posts").insert({ title: "To the waitlist", content: doc("Words"), category: "hardware", published: true }).select("id").single();
    expect(sendRefusal({ published: true, publish_at: null }, audience)).toBeNull();
    const sent = await admin.rpc("newsletter_send_post", { post_id: (post as { id: string }).id, segment_id: segmentId });
    expect(sent.error).toBeNull();
    expect(sent.data).toMatchObject({ recipients: 1, segment: "Confirmed on the waitlist" });
    await backend.sql("delete from public.segments where id = $1", [segmentId]);
    await backend.sql("delete from public.waitlist_members where email = 'early-bird@example.com'");
  });

  it.each(STATES.map((state) => [state.name, state] as const))("%s: the rule and the database agree", async (_name, state) => {
    const { data, error } = await admin
      .from("blog_posts")
      .insert({ title: `Offer ${state.name}`, content: doc("Words"), category: "hardware", published: state.published, publish_at: state.publish_at })
      .select("id, published, publish_at")
      .single();
    expect(error).toBeNull();
    const post = data as { id: string; published: boolean; publish_at: string | null };
    if ((await recipients()) === 0) await backend.sql("insert into public.newsletter_subscribers (email, status, confirmed_at) values ('reader@example.com', 'confirmed', now())");
    const count = await recipients();
    expect(count).toBeGreaterThan(0);
    expect(sendRefusal(post, { subscribers: count, segments: await segments() })).toBe(state.refusal);
    const sent = await admin.rpc("newsletter_send_post", { post_id: post.id });
    if (state.refusal === null) {
      expect(sent.error).toBeNull();
      expect((sent.data as { recipients: number }).recipients).toBe(count);
    } else {
      expect(sent.error?.code).toBe("RC412");
    }
  });
});
