import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { drain } from "./drain.ts";
import { listen } from "./http-util.ts";

/** A server whose handler answers /slow only when `release` is called, and anything else at once. */
async function slowServer() {
  let release: () => void = () => {};
  const released = new Promise<void>((done) => (release = done));
  const server = createServer();
  const stops = drain(server, (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === "/slow") {
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.write("first half, ");
      void released.then(() => res.end("second half"));
    } else res.end("quick");
  });
  server.on("request", stops.listener);
  // Requests that reached the server, answered or refused: a test waits for them instead of sleeping.
  let arrived = 0;
  const waiting: { count: number; done: () => void }[] = [];
  server.on("request", () => {
    arrived += 1;
    for (const wait of waiting.filter((wait) => wait.count <= arrived)) wait.done();
  });
  const seen = (count: number) => new Promise<void>((done) => (arrived >= count ? done() : waiting.push({ count, done })));
  const port = await listen(server, 0, "127.0.0.1");
  return { server, port, stops, release, seen };
}

/** A GET on a connection of its own: its status, headers and whole body, or the error met. */
function get(port: number, path: string): Promise<{ status: number; headers: IncomingMessage["headers"]; body: string } | { error: string }> {
  return new Promise((done) => {
    const req = request({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => done({ status: res.statusCode!, headers: res.headers, body }));
      res.on("error", (error) => done({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    });
    req.on("error", (error) => done({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    req.end();
  });
}

/** Two requests on one kept connection, the second sent once `between` is done: everything answered on it. */
function onOneConnection(port: number, first: string, second: string, between: () => Promise<void>): Promise<string> {
  const socket = connect(port, "127.0.0.1");
  const ask = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`;
  let answers = "";
  socket.on("data", (chunk: Buffer) => (answers += chunk.toString()));
  socket.write(ask(first));
  void between().then(() => socket.write(ask(second)));
  return new Promise((done) => socket.on("close", () => done(answers)));
}

describe("drain: a stopping server finishes what it started", () => {
  it("a request in flight at the stop gets its whole answer; stop resolves only after it", async () => {
    const { port, stops, release, seen } = await slowServer();
    const answer = get(port, "/slow");
    await seen(1);
    let stopped = false;
    const stopping = stops.stop().then(() => (stopped = true));
    await new Promise((done) => setTimeout(done, 200));
    expect(stopped).toBe(false);
    release();
    expect(await answer).toMatchObject({ status: 200, body: "first half, second half" });
    await stopping;
    expect(stopped).toBe(true);
  });

  it("a new connection once it stops is refused, never accepted and reset", async () => {
    const { port, stops, release, seen } = await slowServer();
    const inFlight = get(port, "/slow");
    await seen(1);
    const stopping = stops.stop();
    expect(await get(port, "/quick")).toEqual({ error: "ECONNREFUSED" });
    release();
    await inFlight;
    await stopping;
  });

  it("a request that reaches the server on a kept connection once it stops is answered 503 with Retry-After, and the connection closes", async () => {
    const { port, stops, release, seen } = await slowServer();
    let stopping: Promise<void> = Promise.resolve();
    // The connection is busy with the first answer when the stop comes, so it is not closed as idle.
    const answers = onOneConnection(port, "/slow", "/quick", async () => {
      await seen(1);
      stopping = stops.stop();
    });
    await seen(2);
    release();
    const [first, second] = (await answers).split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200[\s\S]*first half, [\s\S]*second half/);
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(second).toMatch(/\r\nRetry-After: 2\r\n/i);
    expect(second).toMatch(/\r\nConnection: close\r\n/i);
    await stopping;
  });

  it("readiness turns false at the signal; during the notice every request is still served, its connection closing after its answer", async () => {
    const { port, stops } = await slowServer();
    expect(stops.ready()).toBe(true);
    const stopping = stops.stop({ announceMs: 300 });
    expect(stops.ready()).toBe(false);
    expect(await get(port, "/quick")).toMatchObject({ status: 200, body: "quick", headers: { connection: "close" } });
    await stopping;
    expect(await get(port, "/quick")).toEqual({ error: "ECONNREFUSED" });
  });

  it("a server that leaves (the local API while the web tier drains) is unready and serves on, each answer with Connection: close, on a kept connection too, until it stops", async () => {
    const { port, stops, release, seen } = await slowServer();
    const kept = onOneConnection(port, "/quick", "/quick", async () => {
      await seen(1);
      stops.leave();
    });
    const [first, second] = (await kept).split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200[\s\S]*\r\nConnection: keep-alive\r\n[\s\S]*quick$/i);
    expect(second).toMatch(/^HTTP\/1\.1 200[\s\S]*\r\nConnection: close\r\n[\s\S]*quick$/i);
    expect(stops.ready()).toBe(false);
    const inFlight = get(port, "/slow");
    await seen(3);
    const stopping = stops.stop();
    release();
    expect(await inFlight).toMatchObject({ status: 200, body: "first half, second half" });
    await stopping;
  });

  it("a request that outlives the deadline is cut at it, and the stop ends", async () => {
    const { port, stops, seen } = await slowServer();
    const never = get(port, "/slow");
    await seen(1);
    const started = Date.now();
    await stops.stop({ deadlineMs: 300 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(await never).toHaveProperty("error");
  });
});
