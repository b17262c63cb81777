/**
 * What the product allows in Storage beyond a bucket's own settings (its size limit and allowed
 * types, read from `storage.buckets`): which media types an upload may declare, the check of a file's
 * first bytes against that type, which stored files are shown inline, and the sizes images are
 * rendered at. The product passes its rules in (`startLocalBackend`'s `rules.storage`); there are no
 * defaults here, so the backend cannot drift from them. Hosted Storage has none of these rules: it
 * checks the declared type against the bucket's list only, and renders any size.
 */
export interface StorageRules {
  /** The one media type a declared Content-Type names, normalised as it is stored; null when no upload may declare it (415). */
  mediaType: (declared: string) => string | null;
  /** How many first bytes of a file `uploadRefusal` and `servedInline` are given. */
  sniffBytes: number;
  /** Why a file whose first bytes are `head` may not be stored as `type` (the answer's message), or null when it may. */
  uploadRefusal: (type: string, head: Uint8Array) => string | null;
  /**
   * Why the whole file, once it has arrived (at `path`, `size` bytes, declared `type` as `mediaType`
   * gave it), may not be stored (415 with that message), or null when it may: an image that cannot
   * be shown, whatever its first bytes said.
   */
  fileRefusal: (type: string, path: string, size: number) => Promise<string | null>;
  /** Whether a stored file of `type` (as `mediaType` gave it, null for none) with these first bytes is shown inline; otherwise it is a download. */
  servedInline: (type: string | null, head: Uint8Array) => boolean;
  /** The widths and heights images are rendered at, ascending: another side is rendered at the next one up (the largest at most). */
  renderSides: readonly number[];
  /** The qualities images are rendered at, ascending, snapped up likewise. */
  renderQualities: readonly number[];
}
