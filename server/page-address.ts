import { canonicalPath } from "../shared/http/path.ts";
import { pagePath } from "../shared/routes.ts";

/**
 * The one address of a page for a raw request path: percent-decoded, `.` and `..` resolved, repeated
 * and trailing slashes dropped (a language's home page keeps its one: "/ja/"), then percent-encoded one way (the characters a path may carry as they
 * are left as they are). Pages are cached under it and every other spelling is redirected to it, so
 * spellings of one page cannot multiply its copies. Null when the path names no page at all: bad
 * percent-encoding, an encoded slash or backslash, a control character.
 *
 * Letter case is kept: the site's routes and post addresses are lower-case, so another case is
 * simply an address with no page.
 */
export function pageAddress(rawPath: string): string | null {
  const path = canonicalPath(rawPath);
  if (path === null) return null;
  return pagePath(`/${path.split("/").filter((segment) => segment !== "").map(encodeSegment).join("/")}`);
}

/** The query of a request target as a Location header can carry it: bytes beyond ASCII encoded. */
export function headerSafeQuery(query: string): string {
  return query.replace(/[^\x21-\x7e]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
}

function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%(24|26|2B|2C|3A|3B|3D|40)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
