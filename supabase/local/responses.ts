/**
 * Lite answers some malformed requests with a 500 or a non-JSON body where PostgREST and GoTrue
 * answer a JSON error; this puts every such answer in the shape supabase-js reads.
 */
export async function normaliseApiResponse(response: Response, log: (line: string) => void): Promise<Response> {
  if (response.status < 400) return response;
  const type = response.headers.get("content-type") ?? "";
  if (response.status < 500 && type.includes("json")) return response;
  const text = await response.text();
  let body: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
  } catch {
    body = null;
  }
  const status = response.status >= 500 ? 400 : response.status;
  if (response.status >= 500) log(`[api] ${response.status} answered as ${status}: ${text.slice(0, 300)}`);
  const message = typeof body?.message === "string" ? body.message : text.trim() || response.statusText || "Bad request";
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  headers.delete("content-length");
  return new Response(JSON.stringify({ code: body?.code ?? "PGRST100", details: body?.details ?? null, hint: body?.hint ?? null, message }), {
    status,
    headers,
  });
}
