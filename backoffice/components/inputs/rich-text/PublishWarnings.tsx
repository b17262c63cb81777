import { useEffect, useMemo, useState } from "react";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import { useWatch } from "react-hook-form";
import type { BlogPost } from "../../../../shared/content-types/blog.ts";
import type { MediaAsset } from "../../../../shared/content-types/media.ts";
import { publicationStatus } from "../../../../shared/publishing.ts";
import { ownReferences, publishProblems, type ExistingPages, type Origins } from "../../../../shared/rich-text/publish-checks.ts";
import type { RichTextDocument } from "../../../../shared/rich-text/document.ts";
import { IMAGE_SETTINGS } from "../../../lib/images.ts";
import { useAdminDataProvider } from "../../useAdminDataProvider.ts";

/** Our pages are this site's (the back office is served by it), our files the API's. */
const ORIGINS: Origins = { site: typeof window === "undefined" ? null : window.location.origin, api: IMAGE_SETTINGS.apiUrl };

/** Waits for typing to pause before asking what exists. */
const SETTLE_MS = 600;

/** A PostgREST `in` list: each value quoted, as addresses hold dots and slashes. */
const inList = (values: readonly string[]) => `(${values.map((value) => `"${value.replace(/["\\]/g, "\\$&")}"`).join(",")})`;

/**
 * While the form is set to publish: pictures and links of ours in the document that no longer exist
 * (a deleted file, a post unpublished or renamed, a page that is gone), each named, read from the
 * API as they are now. Publishing still goes ahead: the alt text rule is the one that refuses.
 */
export function PublishWarnings({ document }: { document: RichTextDocument | null }) {
  const publishing = useWatch({ name: "published" }) === true;
  const dataProvider = useAdminDataProvider();
  const references = useMemo(() => ownReferences(document, ORIGINS), [document]);
  const key = JSON.stringify(references);
  const [existing, setExisting] = useState<{ key: string; pages: ExistingPages } | null>(null);

  useEffect(() => {
    if (!publishing || (references.posts.length === 0 && references.media.length === 0)) return;
    let live = true;
    const timer = setTimeout(() => {
      const posts = references.posts.length
        ? dataProvider.getList<BlogPost>("blog", { filter: { "slug@in": inList(references.posts) }, pagination: { page: 1, perPage: references.posts.length }, sort: { field: "id", order: "ASC" } })
        : Promise.resolve({ data: [] as BlogPost[] });
      const media = references.media.length
        ? dataProvider.getList<MediaAsset>("media", { filter: { "url@in": inList(references.media) }, pagination: { page: 1, perPage: references.media.length }, sort: { field: "id", order: "ASC" } })
        : Promise.resolve({ data: [] as MediaAsset[] });
      Promise.all([posts, media])
        .then(([found, files]) => {
          if (!live) return;
          const visible = found.data.filter((post) => publicationStatus(post).kind === "published").map((post) => post.slug);
          setExisting({ key, pages: { posts: new Set(visible), media: new Set(files.data.map((file) => file.url)) } });
        })
        // Nothing to warn of when the check itself cannot run: publishing is not held up by it.
        .catch((error: unknown) => console.error("Checking the document's links failed", error));
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `key` stands for `references`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [publishing, key, dataProvider]);

  if (!publishing) return null;
  // Until the answer comes, what the document names is taken to exist (only pages that are none are said).
  const pages = existing?.key === key ? existing.pages : { posts: new Set(references.posts), media: new Set(references.media) };
  const { warnings } = publishProblems([document], pages, ORIGINS);
  if (warnings.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mt: 1 }} data-testid="publish-warnings">
      <AlertTitle>Check before publishing</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: 20 }}>
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </Alert>
  );
}
