import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dispatch, type Route } from "./router.ts";

/** A raw request line, as a client may send it (fetch would normalise the target). */
function send(port: number, target: string, method = "GET"): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ port, method, path: target, headers: { host: `localhost:${port}` } }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the web tier's router", () => {
  let server: Server;
  let port: number;
  const routes: Route[] = [
    { matches: (req, { path }) => req.method === "POST" && path === "/", handle: (_req, res) => void res.end("form") },
    { matches: (_req, { path }) => path.startsWith("/api/"), handle: (_req, res, { path, query }) => void res.end(`api ${path} ${query}`) },
    { matches: (_req, { path }) => path.startsWith("/api/team"), handle: (_req, res) => void res.end("never: an earlier entry matches") },
    { matches: () => true, handle: (_req, res, { path }) => void res.end(`page ${path}`) },
  ];

  beforeAll(async () => {
    server = createServer((req, res) => void dispatch(routes, req, res));
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

  it("hands a request to the first entry that matches, with its path and query", async () => {
    expect(await send(port, "/", "POST")).toEqual({ status: 200, body: "form" });
    expect(await send(port, "/")).toEqual({ status: 200, body: "page /" });
    expect(await send(port, "/api/team/members?x=1")).toEqual({ status: 200, body: "api /api/team/members ?x=1" });
    expect(await send(port, "//evil.example/a")).toEqual({ status: 200, body: "page //evil.example/a" });
    expect(await send(port, "http://localhost/updates?page=2")).toEqual({ status: 200, body: "page /updates" });
  });

  it("refuses a target that is not a path with 400", async () => {
    const refused = await send(port, "*", "OPTIONS");
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toEqual({ error: "The request target must be a path" });
  });
});
