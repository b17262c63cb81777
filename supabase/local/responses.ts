import type { LogLevel } from "./lite-adapters.ts";

/**
 * Lite answers some malformed requests with a 500 or a non-JSON body where PostgREST and GoTrue
 * answer a JSON error; this puts every such answer in the shape supabase-js reads.
 */
export async function normaliseApiResponse(response: Response, log: (line: string) => void, level: LogLevel = "info"): Promise<Response> {
  if (response.status < 400) return response;
  const type = response.headers.get("content-type") ?? "";
  if (response.status < 500 && type.includes("json")) return withoutInternalNames(response);
  const text = await response.text();
  let body: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
  } catch {
    body = null;
  }
  const status = response.status >= 500 ? 400 : response.status;
  if (response.status >= 500) log(`[api] ${response.status} answered as ${status}${level === "debug" ? `: ${text.slice(0, 300)}` : ""}`);
  const message = typeof body?.message === "string" ? body.message : text.trim() || response.statusText || "Bad request";
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  headers.delete("content-length");
  return withoutInternalNames(
    new Response(JSON.stringify({ code: body?.code ?? "PGRST100", details: body?.details ?? null, hint: body?.hint ?? null, message }), {
      status,
      headers,
    }),
  );
}

/** Schemas behind the API: an error answer names their tables unqualified, never the schema. */
const INTERNAL_QUALIFIED_NAME = /"?\b(?:auth|storage|supabase_migrations|supabase_functions|extensions|pg_catalog|information_schema|graphql|realtime|vault|pgsodium)\b"?\.(?=["A-Za-z_])/g;
const TEXT_FIELDS = ["message", "details", "hint", "msg", "error_description"];

/** The error answer with any schema-qualified name of an internal schema made unqualified. */
async function withoutInternalNames(response: Response): Promise<Response> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, response);
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return new Response(text, response);
  const fields = body as Record<string, unknown>;
  let changed = false;
  for (const field of TEXT_FIELDS) {
    const value = fields[field];
    if (typeof value !== "string") continue;
    const cleaned = value.replace(INTERNAL_QUALIFIED_NAME, "");
    if (cleaned !== value) {
      fields[field] = cleaned;
      changed = true;
    }
  }
  if (!changed) return new Response(text, response);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(fields), { status: response.status, statusText: response.statusText, headers });
}
