import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

// A file of its own: the setting is read when the module loads, so this test loads it again.
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const STORAGE = "http://127.0.0.1:54321/storage/v1/object/public/assets/media/cover.jpg";

describe("the image transformations setting", () => {
  it("with VITE_IMAGE_TRANSFORMATIONS=off a Storage image is the stored file, at one size", async () => {
    vi.stubEnv("VITE_IMAGE_TRANSFORMATIONS", "off");
    vi.resetModules();
    const { Picture: PictureWithoutTransformations } = await import("./Picture.tsx");
    render(<PictureWithoutTransformations src={STORAGE} width={640} height={400} widths={[320, 640]} sizes="100vw" alt="Stored" />);
    const image = screen.getByRole("img", { name: "Stored" });
    expect(image).toHaveAttribute("src", STORAGE);
    expect(image).not.toHaveAttribute("srcset");
  });
});
