/**
 * The path a router will actually serve for a raw request path: percent-decoded per segment, repeated
 * slashes collapsed, `.` and `..` segments resolved (as WHATWG URL parsing does before any router sees
 * them). Null when the path cannot be read as text a router would match: bad percent-encoding, an
 * encoded slash or backslash, or a control character.
 *
 * Rate limits and access rules match on this form (lower-cased for comparison), so an encoded, doubled
 * or dotted variant of a limited path is limited too.
 */
export function canonicalPath(rawPath: string): string | null {
  const segments: string[] = [];
  for (const raw of rawPath.split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    // eslint-disable-next-line no-control-regex -- control characters are what is refused here
    if (/[/\\\u0000-\u001f\u007f]/.test(segment)) return null;
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join("/")}${rawPath.endsWith("/") && segments.length > 0 ? "/" : ""}`;
}

/** True when the canonical `path` is `route`, compared without regard to case or a trailing slash. */
export function pathIs(path: string, route: string): boolean {
  return path.toLowerCase().replace(/\/$/, "") === route.toLowerCase();
}

/** True when the canonical `path` is `prefix` or below it, compared without regard to case. */
export function pathUnder(path: string, prefix: string): boolean {
  const lower = path.toLowerCase();
  const base = prefix.toLowerCase();
  return lower === base || lower.startsWith(`${base}/`);
}
