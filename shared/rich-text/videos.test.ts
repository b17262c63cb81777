import { describe, expect, it } from "vitest";
import { VIDEO_ROW_COLUMNS, videoIdsOf, videoSources, type VideoRow } from "./videos.ts";

const A = "d0000000-0000-4000-8000-00000000000a";
const B = "d0000000-0000-4000-8000-00000000000b";
const C = "D0000000-0000-4000-8000-00000000000C";
const API = "https://project.supabase.co";

const doc = (...content: unknown[]) => ({ type: "doc", content });
const video = (attrs: Record<string, unknown>, content?: unknown[]) => ({ type: "video", attrs, ...(content ? { content } : {}) });
/** `node` inside `levels` blockquotes, one inside the other: it is then at level `levels + 2` (the document is 1). */
const deep = (levels: number, node: unknown) => {
  let wrapped = node;
  for (let level = 0; level < levels; level++) wrapped = { type: "blockquote", content: [wrapped] };
  return doc(wrapped);
};

describe("videoIdsOf: the rows of the videos table the documents name", () => {
  it("finds each video of the videos table, at any level and in every document, each once, in the order first named", () => {
    const first = doc({ type: "paragraph", content: [{ type: "text", text: "intro" }] }, video({ videoId: B, title: "b" }), { type: "blockquote", content: [video({ videoId: A, title: "a" })] });
    const second = doc({ type: "bulletList", content: [{ type: "listItem", content: [video({ videoId: C, title: "c" })] }] }, video({ videoId: B, title: "b again" }));
    expect(videoIdsOf([first, second])).toEqual([B, A, C]);
  });

  it("names none for a document without videos, or with YouTube videos only", () => {
    expect(videoIdsOf([doc({ type: "paragraph", content: [{ type: "text", text: "no video" }] })])).toEqual([]);
    expect(videoIdsOf([doc(video({ youtubeId: "dQw4w9WgXcQ", title: "YouTube" }))])).toEqual([]);
    expect(videoIdsOf([])).toEqual([]);
  });

  it("leaves out a videoId that is not a row's id, and one that is not text", () => {
    const ids = videoIdsOf([doc(video({ videoId: "not-a-uuid", title: "x" }), video({ videoId: `${A} `, title: "x" }), video({ videoId: 7, title: "x" }), video({ videoId: null }), { type: "video" }, video({ videoId: B }))]);
    expect(ids).toEqual([B]);
  });

  it("takes anything that is not a document as naming no video", () => {
    expect(videoIdsOf([null, "text", 42, [video({ videoId: A })], { content: [video({ videoId: A })] }, doc(video({ videoId: B }))])).toEqual([B]);
  });

  it("reads a video's own attributes, not nodes inside it (a video holds none)", () => {
    expect(videoIdsOf([doc(video({ videoId: A, title: "a" }, [video({ videoId: B, title: "inside" })]))])).toEqual([A]);
    expect(videoIdsOf([doc(video({ title: "no id" }, [video({ videoId: B, title: "inside" })]))])).toEqual([]);
  });

  it("finds a video down to level 20 of a document, as the renderers show it, and none deeper", () => {
    expect(videoIdsOf([deep(18, video({ videoId: A, title: "at 20" }))])).toEqual([A]);
    expect(videoIdsOf([deep(19, video({ videoId: A, title: "at 21" }))])).toEqual([]);
  });
});

describe("videoSources: rows as the renderers take them", () => {
  const row = (id: string, video_url: string, thumbnail_url: string | null): VideoRow => ({ id, title: `Title ${id.slice(-1)}`, video_url, thumbnail_url });

  it("keys each row by its id, with its title, and our own files on the API's address", () => {
    const sources = videoSources([row(A, "/storage/v1/object/public/media/a.mp4", "/storage/v1/object/public/media/a.jpg"), row(B, "https://videos.example.com/b.mp4", null)], `${API}/`);
    expect([...sources.keys()]).toEqual([A, B]);
    expect(sources.get(A)).toEqual({ title: "Title a", url: `${API}/storage/v1/object/public/media/a.mp4`, thumbnail: `${API}/storage/v1/object/public/media/a.jpg` });
    expect(sources.get(B)).toEqual({ title: "Title b", url: "https://videos.example.com/b.mp4", thumbnail: null });
  });

  it("leaves another site's thumbnail as it is", () => {
    expect(videoSources([row(A, "https://videos.example.com/a.mp4", "https://img.example.com/a.jpg")], API).get(A)?.thumbnail).toBe("https://img.example.com/a.jpg");
  });

  it("takes rows read with VIDEO_ROW_COLUMNS: the columns it names are those it shows a video from", () => {
    // As a REST read answers `select=${VIDEO_ROW_COLUMNS}`: each named column, and no other.
    const values: Record<string, string> = { id: A, title: "Read", video_url: "/storage/v1/object/public/media/r.mp4", thumbnail_url: "/storage/v1/object/public/media/r.jpg" };
    const read = Object.fromEntries(VIDEO_ROW_COLUMNS.split(",").map((column) => [column, values[column]])) as unknown as VideoRow;
    expect(videoSources([read], API).get(A)).toEqual({ title: "Read", url: `${API}/storage/v1/object/public/media/r.mp4`, thumbnail: `${API}/storage/v1/object/public/media/r.jpg` });
  });

  it("gives an empty map for no rows", () => {
    expect(videoSources([], API).size).toBe(0);
  });
});
