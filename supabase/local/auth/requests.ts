/** A JSON body as the gateway reads it. */
export type Body = Record<string, unknown>;

/** The request with another JSON body (same method, address and headers). */
export function withJsonBody(request: Request, body: Body): Request {
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(body) });
}

/** The token of an `Authorization: Bearer …` header, if there is one. */
export function bearerToken(request: Request): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
}

/** The response with its body replaced by `body` (as JSON), status and headers kept. */
export function withJson(response: Response, body: unknown): Response {
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify(body), { status: response.status, statusText: response.statusText, headers });
}

/** The response's JSON object body, or null when it has none. */
export async function jsonObject(response: Response): Promise<Body | null> {
  const parsed: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Body) : null;
}
