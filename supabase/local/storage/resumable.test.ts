import { describe, expect, it } from "vitest";
import { parseUploadMetadata } from "./resumable.ts";

const b64 = (text: string) => Buffer.from(text).toString("base64");

describe("TUS Upload-Metadata", () => {
  it("decodes base64 values, keys without a value being empty", () => {
    expect(parseUploadMetadata(`bucketName ${b64("assets")},objectName ${b64("media/é clip.mp4")},flag`)).toEqual({ bucketName: "assets", objectName: "media/é clip.mp4", flag: "" });
    expect(parseUploadMetadata(undefined)).toEqual({});
  });

  it("refuses values that are not base64 or pairs with extra parts", () => {
    expect(() => parseUploadMetadata("bucketName not*base64")).toThrow("Invalid Upload-Metadata header");
    expect(() => parseUploadMetadata(`bucketName ${b64("a")} extra`)).toThrow("Invalid Upload-Metadata header");
  });
});
