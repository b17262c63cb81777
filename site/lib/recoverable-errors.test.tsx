import { act, cleanup } from "@testing-library/react";
import { Suspense, use } from "react";
import { hydrateRoot } from "react-dom/client";
import { prerenderToNodeStream } from "react-dom/static";
import { afterEach, describe, expect, it, vi } from "vitest";
import { onRecoverableError, SERVER_RENDER_FAILED } from "./recoverable-errors.ts";

// A part of a page the server gave up on (here, a read that fails on the server only) is rendered by
// the browser: noted as a warning, not reported as an error; a real mismatch is still an error.

function Quote({ read }: { read: () => Promise<string> }) {
  return <p>{use(read())}</p>;
}

async function serverHtml(element: React.ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element, { onError: () => SERVER_RENDER_FAILED });
  let html = "";
  for await (const chunk of prelude) html += typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
  return html;
}

afterEach(cleanup);

describe("recoverable errors while hydrating", () => {
  it("a part the server could not render is rendered in the browser with a warning and no error", async () => {
    const failing = Promise.reject(new Error("the read timed out"));
    failing.catch(() => undefined);
    const page = (read: () => Promise<string>) => (
      <main>
        <h1>Updates</h1>
        <Suspense fallback={<p>Loading</p>}>
          <Quote read={read} />
        </Suspense>
      </main>
    );
    const html = await serverHtml(page(() => failing));
    expect(html).toContain(`data-dgst="${SERVER_RENDER_FAILED}"`);
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = html;
    // jsdom has no reportError: React reports there on the console, as the handler does.
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const resolved = Promise.resolve("Cartridges ship in March");
    await act(async () => {
      hydrateRoot(container, page(() => resolved), { onRecoverableError });
    });
    expect(container.querySelector("p")?.textContent).toBe("Cartridges ship in March");
    expect(warned).toHaveBeenCalledWith("A part of this page was rendered in the browser: the server could not render it in time.");
    expect(errors).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it("any other recoverable error is reported as an error", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    const mismatch = new Error("Hydration failed because the server rendered text didn't match the client.");
    const otherDigest = Object.assign(new Error("another digest"), { digest: "something-else" });
    onRecoverableError(mismatch);
    onRecoverableError(otherDigest);
    expect(errors.mock.calls).toEqual([[mismatch], [otherDigest]]);
    expect(warned).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
