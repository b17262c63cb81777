import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody } from "../../shared/http/http-util.ts";

/**
 * Node request to Web `Request` for lite's `app.fetch`, at `url` (the path the caller matched). The body is read here, under a size limit,
 * so an oversized or endless body is refused (413) before lite buffers it.
 */
export async function toWebRequest(req: IncomingMessage, url: URL, bodyLimit: number): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = req.method ?? "GET";
  const body = method === "GET" || method === "HEAD" ? undefined : await readBody(req, bodyLimit);
  return new Request(url, { method, headers, body: body && body.length > 0 ? new Uint8Array(body) : undefined });
}

/**
 * Lite's answer on the Node response, with `replacedHeaders` (lower-case names) in place of its own.
 * Its answers (REST and Auth) are built whole in memory, so the body is sent whole with its length:
 * headers and body leave in one write, not as a chunked stream.
 */
export async function sendWebResponse(res: ServerResponse, response: Response, method: string, replacedHeaders: Record<string, string> = {}): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    headers[name] = value;
  });
  Object.assign(headers, replacedHeaders);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  if (!response.body || method === "HEAD") {
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  const body = await bodyBytes(response.body);
  headers["content-length"] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body);
}

/**
 * A body's bytes as its stream hands them over: lite's answers are one chunk, which becomes the
 * Buffer without a copy (`arrayBuffer()` gathers and copies it through more steps).
 */
async function bodyBytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return chunks.length === 1 ? Buffer.from(chunks[0]!.buffer, chunks[0]!.byteOffset, chunks[0]!.byteLength) : Buffer.concat(chunks);
}
