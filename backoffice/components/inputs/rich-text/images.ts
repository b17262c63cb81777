import type { Editor } from "@tiptap/core";
import { useCallback, useState } from "react";
import type { MediaAsset } from "../../../../shared/content-types/media.ts";
import { IMAGE_SIDE_MAX } from "../../../../shared/rich-text/document.ts";
import type { MediaUpload } from "../../../lib/data-provider.ts";
import { useAdminDataProvider } from "../../useAdminDataProvider.ts";
import { useReport } from "../../useReport.ts";
import { PICKER_UPLOAD_ERROR } from "../MediaUrlInput.tsx";

/**
 * Puts a block where the writer is, never in place of anything: at the end of the selection (after
 * selected words, or after the block that is selected, such as a picture just dropped whose fields
 * were being filled), or at `at` (where a file was dropped).
 */
export function insertBlock(editor: Editor, block: object, at?: number): void {
  const { selection, doc } = editor.state;
  editor.chain().focus().insertContentAt(Math.min(at ?? selection.to, doc.content.size), block).run();
}

/** The image block of a media library asset: its address as the library stores it (host-relative for our files), and its own alt text. */
export function imageOf(asset: Pick<MediaAsset, "url" | "alt_text">, size: { width: number; height: number } | null = null) {
  const fits = (side: number) => Number.isInteger(side) && side >= 1 && side <= IMAGE_SIDE_MAX;
  return {
    type: "image",
    attrs: { src: asset.url, alt: asset.alt_text ?? "", caption: null, ...(size && fits(size.width) && fits(size.height) ? size : { width: null, height: null }) },
  };
}

/** A picture file's own width and height (reserved on the page so nothing moves); null where the browser cannot tell. */
async function sizeOf(file: File): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap !== "function") return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

export const isImageFile = (file: File) => file.type.startsWith("image/");

/**
 * Picture files dropped, pasted or chosen: each uploaded to the media library the way its own upload
 * does (data provider: Storage, then the media_assets row), then inserted where it was put.
 */
export function useImageUpload() {
  const dataProvider = useAdminDataProvider();
  const report = useReport();
  const [uploading, setUploading] = useState(0);
  const upload = useCallback(
    async (editor: Editor, files: readonly File[], at?: number) => {
      const images = files.filter(isImageFile);
      if (images.length === 0) return false;
      setUploading((count) => count + images.length);
      let position = at;
      for (const file of images) {
        try {
          const [{ data: asset }, size] = await Promise.all([dataProvider.create("media", { data: { file } satisfies MediaUpload }), sizeOf(file)]);
          if (editor.isDestroyed) return true;
          insertBlock(editor, imageOf(asset as MediaAsset, size), position);
          // The next file goes after this one.
          if (position !== undefined) position = Math.min(position, editor.state.doc.content.size) + 1;
        } catch (error) {
          report(PICKER_UPLOAD_ERROR, error);
        } finally {
          setUploading((count) => count - 1);
        }
      }
      return true;
    },
    [dataProvider, report],
  );
  return { upload, uploading };
}
