/** A JSON body as the gateway reads it. */
export type Body = Record<string, unknown>;

/** The request with another JSON body (same method, address and headers). */
export function withJsonBody(request: Request, body: Body): Request {
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(body) });
}

/** The response's JSON object body, or null when it has none. */
export async function jsonObject(response: Response): Promise<Body | null> {
  const parsed: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Body) : null;
}
