import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebServer } from "../../server/web.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { startWebFor } from "../support/web-server.ts";

// The first start: the web tier warms its pages while the backend is still slow to answer (a fresh
// database's first queries). Its reads wait; nothing is logged that a newcomer must decode.

let backend: TestBackend;
let proxy: Server;
let web: WebServer | undefined;
let open: () => void = () => {};
const opened = new Promise<void>((resolve) => (open = resolve));

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  backend = await startTestBackend();
  // The backend as the web tier meets it on a first start: no answer at all until `open()`.
  proxy = createServer((request, response) => {
    void (async () => {
      const sent = await body(request);
      await opened;
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !["host", "connection", "content-length"].includes(name)).map(([name, value]) => [name, String(value)]));
      const answer = await fetch(`${backend.url}${request.url}`, { method: request.method, headers, body: sent.length ? new Uint8Array(sent) : undefined });
      const kept = [...answer.headers].filter(([name]) => !["content-encoding", "content-length", "transfer-encoding", "connection"].includes(name));
      response.writeHead(answer.status, Object.fromEntries(kept));
      response.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  open();
  await web?.stop();
  await new Promise((resolve) => proxy?.close(resolve));
  await backend?.stop();
});

describe("the web tier's first start", () => {
  it("waits quietly while the backend does not answer yet, then serves pages, with no content-version line in its log", async () => {
    const lines: string[] = [];
    const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    web = await startWebFor({ ...backend, url } as TestBackend, { log: (line) => lines.push(line), audience: { enabled: false } });
    // Longer than a content-version read may take (1.5 s): every read the warm-up starts meanwhile times out.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    open();
    await web.warmed;
    const home = await fetch(`http://127.0.0.1:${web.port}/`, { headers: { Accept: "text/html" } });
    expect(home.status).toBe(200);
    expect(lines.filter((line) => /content version/.test(line))).toEqual([]);
  });
});
