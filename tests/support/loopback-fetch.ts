import { request } from "node:http";

/**
 * A `fetch` whose connections leave from `localAddress`, one of the loopback addresses 127.0.0.0/8
 * (all of them are the local host on Linux): the backend sees a client of its own, so a test of
 * per-client limits starts from a count of its own. Plain HTTP only; redirects are not followed
 * (as `redirect: "manual"`), which is how tests look at Auth's links.
 */
export function fetchFrom(localAddress: string): typeof fetch {
  return async (input, init) => {
    const outgoing = new Request(input, init);
    const url = new URL(outgoing.url);
    const body = outgoing.body ? Buffer.from(await outgoing.arrayBuffer()) : undefined;
    const headers: Record<string, string> = Object.fromEntries(outgoing.headers);
    if (body) headers["content-length"] = String(body.length);
    return new Promise<Response>((resolve, reject) => {
      const sent = request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: outgoing.method, headers, localAddress }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("error", reject);
        incoming.on("end", () => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, item);
          }
          const status = incoming.statusCode ?? 500;
          const nullBody = [101, 204, 205, 304].includes(status);
          resolve(new Response(nullBody ? null : Buffer.concat(chunks), { status, headers: responseHeaders }));
        });
      });
      sent.on("error", reject);
      sent.end(body);
    });
  };
}
