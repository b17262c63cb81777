import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Reads a whole small body, refusing more than `limit` bytes with 413 instead of buffering it. */
export async function readBody(req: IncomingMessage, limit = DEFAULT_BODY_LIMIT): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw new BodyError(413, `Request body larger than ${limit} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      req.resume();
      throw new BodyError(413, `Request body larger than ${limit} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function readJsonBody(req: IncomingMessage, limit?: number): Promise<unknown> {
  const raw = (await readBody(req, limit)).toString("utf8");
  if (raw.trim() === "") return null;
  try {
    return JSON.parse(raw);
  } catch {
    throw new BodyError(400, "Request body is not valid JSON");
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

const IDLE_CONNECTION_MS = 65_000;

/** Listens on `port` (0 for a free one) and resolves with the port taken. */
export function listen(server: Server, port: number, host: string): Promise<number> {
  // A client keeps an idle connection for a little less than the server's hint (Node's default: 5 s)
  // and then reuses it. When both timers are overdue at once (an event loop busy for seconds, as a
  // test's in-process database can make it), the server's may close the socket under a request just
  // sent, which then fails with ECONNRESET. Idle connections are kept far longer than any such pause.
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = IDLE_CONNECTION_MS + 1000;
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => {
      server.off("error", fail);
      done((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Stops accepting and drops every connection at once, a request in flight included: for a server
 * with nothing worth waiting for (a start that failed, a test's own). A serving server stops through
 * drain.ts, which lets its requests in flight finish.
 */
export function closeServer(server: Server): Promise<void> {
  return new Promise((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
}
