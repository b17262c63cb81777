/**
 * Text Postgres cannot store (a NUL character) or that is not text at all (bytes that are not UTF-8)
 * fails deep inside a query; it is refused up front instead, with a message saying where it was.
 */
export function badRequestText(query: URLSearchParams, body: Uint8Array | undefined, contentType: string | null): string | null {
  for (const [name, value] of query) {
    if (name.includes("\0") || value.includes("\0")) return "The query string contains a NUL character";
  }
  if (!body || body.length === 0) return null;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return "The request body is not valid UTF-8 text";
  }
  if (text.includes("\0")) return "The request body contains a NUL character";
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") {
    for (const [name, value] of new URLSearchParams(text)) {
      if (name.includes("\0") || value.includes("\0")) return "The request body contains a NUL character";
    }
    return null;
  }
  if (!text.includes("\\u0000") && !text.includes("\\U0000")) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  return containsNul(parsed) ? "The request body contains a NUL character" : null;
}

function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object") return Object.entries(value).some(([key, item]) => key.includes("\0") || containsNul(item));
  return false;
}

/**
 * The same check for a raw query string (after `?`), read before URLSearchParams would turn bytes
 * that are not UTF-8 into replacement characters and so hide them.
 */
export function badQueryText(rawQuery: string): string | null {
  for (const part of rawQuery.split("&")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part.replace(/\+/g, " "));
    } catch {
      return "The query string is not valid percent-encoded UTF-8";
    }
    if (decoded.includes("\0")) return "The query string contains a NUL character";
  }
  return null;
}
