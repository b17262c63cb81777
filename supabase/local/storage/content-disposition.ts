/**
 * RFC 6266: a plain ASCII name as `filename`; any other name as RFC 5987 `filename*` (UTF-8,
 * percent-encoded) after an ASCII `filename` for clients that read only that. A header so carries no
 * text that is not ASCII or that could end it early (quotes, backslashes, control characters); a
 * lone surrogate, which encodeURIComponent refuses, becomes U+FFFD.
 */
export function contentDisposition(type: "inline" | "attachment", fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  if (fallback === fileName) return `${type}; filename="${fileName}"`;
  const encoded = encodeURIComponent(fileName.replace(/[\uD800-\uDFFF]/gu, "\uFFFD")).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
