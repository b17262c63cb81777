import { isStoragePath, storedAssetUrl } from "../images.ts";
import { matchRoute, POST_ROUTE } from "../routes.ts";
import { MAX_DEPTH } from "./document.ts";
import { asNode, childrenOf, marksOf, stringAttr, type LooseNode } from "./nodes.ts";

// What a rich text must be before visitors see it (and when it counts as empty). An image without alt text refuses publishing (the
// database refuses such a published row too); a picture or a link to one of our own pages that is
// gone is a warning: the person publishing may know better (a post about to be published, say).

/** Why publishing is refused while an image has no alt text. */
export const ALT_TEXT_REQUIRED = "Add alt text to every image before publishing";

/** References a document makes to things of ours that may no longer exist. */
export interface OwnReferences {
  /** Slugs of posts linked to (/updates/{slug}). */
  posts: string[];
  /** Our Storage files shown or linked to, in their stored (host-relative) form. */
  media: string[];
  /** Links to paths on the site that are no page of it. */
  unknownPages: string[];
}

/** What exists now, read at publish time by the caller. */
export interface ExistingPages {
  /** Slugs of posts visitors can read. */
  posts: ReadonlySet<string>;
  /** Stored addresses of the media library's files. */
  media: ReadonlySet<string>;
}

export interface PublishProblems {
  /** Publishing is refused while there is one. */
  errors: string[];
  /** Said before publishing; publishing goes ahead if the person confirms. */
  warnings: string[];
}

/**
 * Where our own site and files are: a link on one of these origins is one of our pages, and an
 * address on the API's origin is one of our files. A path on the site ("/about") is always ours.
 */
export interface Origins {
  site?: string | null;
  api?: string | null;
}

/** Every node of a document, as read without trusting it (nothing below MAX_DEPTH). */
function* nodesOf(document: unknown): Generator<LooseNode> {
  const root = asNode(document);
  if (!root) return;
  const stack: { node: LooseNode; depth: number }[] = [{ node: root, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    yield node;
    if (depth < MAX_DEPTH) for (const child of childrenOf(node, depth).reverse()) stack.push({ node: child, depth: depth + 1 });
  }
}

const originOf = (address: string | null | undefined): string | null => (address && URL.canParse(address) ? new URL(address).origin : null);

/** A Storage file of ours in its stored form, or null for any other address. */
function ownFile(address: string, origins: Origins): string | null {
  if (isStoragePath(address)) return address;
  const stored = storedAssetUrl(address);
  return stored !== address && originOf(address) === originOf(origins.api) ? stored : null;
}

/** The path on our site a link goes to, or null when it leaves the site. */
function ownPath(href: string, origins: Origins): string | null {
  if (href.startsWith("/")) return href;
  const site = originOf(origins.site);
  return site && originOf(href) === site ? new URL(href).pathname : null;
}

/** How many images of a document have no alt text (blank counts as none). */
export function imagesWithoutAlt(document: unknown): number {
  let count = 0;
  for (const node of nodesOf(document)) if (node.type === "image" && !stringAttr(node, "alt")?.trim()) count++;
  return count;
}

/** The posts, files and pages of ours a document points to, each once, in reading order. */
export function ownReferences(document: unknown, origins: Origins = {}): OwnReferences {
  const posts = new Set<string>();
  const media = new Set<string>();
  const unknownPages = new Set<string>();
  const linkTo = (href: string) => {
    const file = ownFile(href, origins);
    if (file) return void media.add(file);
    const path = ownPath(href, origins);
    if (path === null) return;
    const page = path.split(/[?#]/, 1)[0]!;
    const route = matchRoute(page);
    if (!route) unknownPages.add(page);
    else if (route.path === POST_ROUTE) posts.add(route.params.slug!);
  };
  for (const node of nodesOf(document)) {
    if (node.type === "image") {
      const src = stringAttr(node, "src");
      const file = src ? ownFile(src, origins) : null;
      if (file) media.add(file);
    }
    for (const mark of marksOf(node)) if (mark.type === "link") linkTo(mark.href);
  }
  return { posts: [...posts], media: [...media], unknownPages: [...unknownPages] };
}

const fileName = (stored: string) => decodeURIComponent(stored.split(/[?#]/, 1)[0]!.split("/").pop() ?? stored);

/**
 * What stands in the way of publishing these documents (a post's content, a whitepaper's sections):
 * images without alt text (errors), and pictures or links of ours that no longer exist (warnings),
 * each named. `existing` is what the caller read for `ownReferences` of the same documents.
 */
export function publishProblems(documents: readonly unknown[], existing: ExistingPages, origins: Origins = {}): PublishProblems {
  const missingAlt = documents.reduce<number>((sum, document) => sum + imagesWithoutAlt(document), 0);
  const errors = missingAlt > 0 ? [`${ALT_TEXT_REQUIRED}: ${missingAlt === 1 ? "1 image has" : `${missingAlt} images have`} none.`] : [];
  const warnings = new Set<string>();
  for (const document of documents) {
    const references = ownReferences(document, origins);
    for (const page of references.unknownPages) warnings.add(`The link to ${page} goes to no page of the site.`);
    for (const slug of references.posts) if (!existing.posts.has(slug)) warnings.add(`The link to /updates/${slug} goes to a post that is not published or no longer exists.`);
    for (const file of references.media) if (!existing.media.has(file)) warnings.add(`The file ${fileName(file)} is no longer in the media library.`);
  }
  return { errors, warnings: [...warnings] };
}
