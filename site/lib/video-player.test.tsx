import { describe, expect, it } from "vitest";
import { facadePlayable, playerElement } from "./video-player.ts";

const facade = (data: Record<string, string>) => {
  const link = document.createElement("a");
  Object.assign(link.dataset, data);
  return link;
};

describe("a rendered video facade, played in place", () => {
  it("plays a YouTube id in the privacy-enhanced player, and our own file in a <video> that starts with its controls", () => {
    expect(facadePlayable(facade({ youtubeId: "dQw4w9WgXcQ" }))).toEqual({ kind: "iframe", src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0" });
    const file = facadePlayable(facade({ videoFile: "https://api.example/storage/v1/object/public/assets/media/boot.mp4" }))!;
    expect(file).toEqual({ kind: "file", src: "https://api.example/storage/v1/object/public/assets/media/boot.mp4" });
    const video = playerElement(file, "Boot") as HTMLVideoElement;
    expect(video.tagName).toBe("VIDEO");
    expect([video.src, video.controls, video.autoplay, video.className]).toEqual([file.src, true, true, "video-frame"]);
    const frame = playerElement(facadePlayable(facade({ youtubeId: "dQw4w9WgXcQ" }))!, "First boot") as HTMLIFrameElement;
    expect([frame.tagName, frame.title, frame.allow, frame.allowFullscreen]).toEqual(["IFRAME", "First boot", "accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture", true]);
  });

  it("leaves anything else to its link: no id, a malformed id, a page that is not a video file", () => {
    for (const data of [{}, { youtubeId: "javascript:alert(1)" }, { youtubeId: "short" }, { videoFile: "https://example.com/page" }, { videoFile: "javascript:alert(1)//.mp4" }] as Record<string, string>[]) {
      expect(facadePlayable(facade(data)), JSON.stringify(data)).toBeNull();
    }
  });
});
