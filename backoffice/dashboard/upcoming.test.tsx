import { describe, expect, it } from "vitest";
import { schedulableConfigs, upcomingEntries } from "./upcoming.ts";
import { resourceConfig } from "../resources/index.ts";

const blog = resourceConfig("blog");
const press = resourceConfig("press");
const progress = resourceConfig("progress");
const whitepaper = resourceConfig("whitepaper");

describe("upcoming", () => {
  const now = Date.parse("2026-11-24T08:00:00Z");

  it("merges every table's scheduled rows, soonest first; drafts, past and unscheduled rows are left out", () => {
    const entries = upcomingEntries(
      [
        {
          config: blog,
          rows: [
            { id: "b1", title: "Later post", published: true, publish_at: "2026-11-26T08:00:00Z" },
            { id: "b2", title: "Draft post", published: false, publish_at: "2026-11-25T08:00:00Z" },
            { id: "b3", title: "Live post", published: true, publish_at: "2026-11-20T08:00:00Z" },
            { id: "b4", title: "At once", published: true, publish_at: null },
          ],
        },
        { config: press, rows: [{ id: "q1", quote: "Great", source: "Weekly", published: true, publish_at: "2026-11-25T08:00:00Z" }] },
        { config: whitepaper, rows: [{ id: "w1", title: "RCRT Whitepaper", version: "2.0", published: true, publish_at: "2026-11-24T09:00:00Z" }] },
      ],
      now,
    );
    expect(entries.map((entry) => [entry.config.name, entry.id, entry.title])).toEqual([
      ["whitepaper", "w1", "RCRT Whitepaper v2.0"],
      ["press", "q1", "Weekly"],
      ["blog", "b1", "Later post"],
    ]);
  });

  it("looks in the tables that can be scheduled", () => {
    const names = schedulableConfigs([blog, press, progress, whitepaper]).map((config) => config.name);
    expect(names).toEqual(["blog", "press", "whitepaper"]);
  });
});
