import type { ApiConfig } from "../../shared/api-config.ts";
import { checkImageStructure, IMAGE_HEAD_BYTES, IMAGE_TAIL_BYTES, imageRefusal, REASONS, rendererWarning } from "../../shared/image-check.ts";
import { SNIFF_BYTES, uploadRefusal } from "../../shared/media-types.ts";

export type ProgressListener = (fraction: number) => void;

export interface UploadTarget {
  api: ApiConfig;
  bucket: string;
  path: string;
  accessToken: string;
  /** Replace the object at `path` (same URL) instead of refusing a taken name. */
  upsert?: boolean;
}

/** Files above this go through the resumable (TUS) endpoint, in chunks of this size, as Supabase recommends. */
export const RESUMABLE_THRESHOLD = 6 * 1024 * 1024;
/** After a dropped connection the upload asks the server how much arrived, then goes on from there. */
export const RESUME_DELAYS_MS = [0, 1000, 3000, 5000, 10000, 20000];

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

function objectUrl({ api, bucket, path }: UploadTarget): string {
  return `${api.url}/storage/v1/object/${bucket}/${path.split("/").map(encodeURIComponent).join("/")}`;
}

function headers(target: UploadTarget, file: Blob): Record<string, string> {
  return {
    apikey: target.api.anonKey,
    Authorization: `Bearer ${target.accessToken}`,
    "Content-Type": declaredType(file),
    "x-upsert": String(target.upsert ?? false),
    "cache-control": "max-age=3600",
  };
}

/** Storage sends most refusals as HTTP 400 and names the real status in the body's statusCode. */
function failure(status: number, text: string): UploadError {
  let message = text || `Upload failed with status ${status}`;
  try {
    const body = JSON.parse(text) as { message?: string; error?: string; statusCode?: string };
    message = body.message ?? body.error ?? message;
    status = Number(body.statusCode) || status;
  } catch {
    // not JSON: keep the text
  }
  return new UploadError(message, status);
}

/** The declared type of a file as it is sent (what Storage checks its bytes against). */
function declaredType(file: Blob): string {
  return file.type || "application/octet-stream";
}

/**
 * Why Storage would refuse the file, found from its bytes before any is sent, or null. Hosted
 * Storage checks only the declared type, so this check is what keeps a text file named .png, or an
 * image that cannot be shown, out of a hosted project's library; the local backend also makes it itself.
 */
export async function checkFileContent(file: Blob): Promise<UploadError | null> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const refusal = uploadRefusal(declaredType(file), head) ?? (await imageFault(file));
  return refusal === null ? null : new UploadError(refusal, 415);
}

/** The structure of an image file (its ends), read without the whole file. */
async function structureOf(file: Blob) {
  const [head, tail] = await Promise.all([file.slice(0, IMAGE_HEAD_BYTES).arrayBuffer(), file.slice(Math.max(0, file.size - IMAGE_TAIL_BYTES)).arrayBuffer()]);
  return checkImageStructure(declaredType(file), new Uint8Array(head), new Uint8Array(tail), file.size);
}

/**
 * Why an image cannot be shown, or null: its structure, then the browser's own decoder, which is what
 * would show it (an image the browser cannot draw is a broken tile wherever it is used).
 */
async function imageFault(file: Blob): Promise<string | null> {
  const type = declaredType(file);
  if (!type.startsWith("image/")) return null;
  const structure = await structureOf(file);
  if (!structure.ok) return structure.refusal;
  return (await decodes(file, type)) ? null : imageRefusal(type, REASONS.undecodable);
}

/** Whether the browser decodes the image; true where there is no decoder (Node), which leaves the structure check. */
async function decodes(file: Blob, type: string): Promise<boolean> {
  // Chromium's createImageBitmap takes no SVG: an <img> decodes it (blob: images are allowed by the CSP).
  if (type === "image/svg+xml" || typeof createImageBitmap !== "function") {
    if (typeof Image !== "function" || typeof URL.createObjectURL !== "function" || typeof Image.prototype.decode !== "function") return true;
    const image = new Image();
    const url = URL.createObjectURL(file);
    try {
      image.src = url;
      await image.decode();
      return true;
    } catch {
      return false;
    } finally {
      URL.revokeObjectURL(url);
    }
  }
  try {
    // A small bitmap: the whole file is decoded, but no full-size copy of its pixels is kept.
    const bitmap = await createImageBitmap(file, { resizeWidth: 16, resizeHeight: 16 });
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}

/** A warning for an image larger than Storage's renderer takes (uploaded all the same), or null. */
export async function imageWarning(file: Blob): Promise<string | null> {
  if (!declaredType(file).startsWith("image/")) return null;
  const structure = await structureOf(file);
  return structure.ok ? rendererWarning(structure.dimensions, file.size) : null;
}

/**
 * Uploads one file to Storage with progress, once its bytes are seen to be its type: in the browser,
 * files above RESUMABLE_THRESHOLD resumably (they survive a dropped connection), smaller ones in one
 * request.
 */
export async function uploadFile(target: UploadTarget, file: Blob, onProgress?: ProgressListener): Promise<void> {
  const refused = await checkFileContent(file);
  if (refused) throw refused;
  return typeof XMLHttpRequest !== "undefined" && file.size > RESUMABLE_THRESHOLD ? uploadResumable(target, file, onProgress) : uploadWithProgress(target, file, onProgress);
}

/** The TUS endpoint through tus-js-client (loaded only when a large file comes). */
async function uploadResumable(target: UploadTarget, file: Blob, onProgress?: ProgressListener): Promise<void> {
  const { Upload } = await import("tus-js-client");
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: `${target.api.url}/storage/v1/upload/resumable`,
      headers: { apikey: target.api.anonKey, Authorization: `Bearer ${target.accessToken}`, "x-upsert": String(target.upsert ?? false) },
      metadata: { bucketName: target.bucket, objectName: target.path, contentType: declaredType(file), cacheControl: "3600" },
      chunkSize: RESUMABLE_THRESHOLD,
      retryDelays: RESUME_DELAYS_MS,
      // Each upload has a new random path: nothing to find again after a reload.
      storeFingerprintForResuming: false,
      onProgress: (sent, total) => onProgress?.(total > 0 ? sent / total : 0),
      onSuccess: () => {
        onProgress?.(1);
        resolve();
      },
      onError: (error) => {
        const response = "originalResponse" in error ? error.originalResponse : null;
        reject(response ? failure(response.getStatus(), response.getBody()) : new UploadError("Network error during upload", 0));
      },
    });
    upload.start();
  });
}

/**
 * Uploads one file to Storage in one request, with progress. supabase-js has no progress callback, so this posts the
 * file itself (the same request storage-js makes: POST /storage/v1/object/{bucket}/{path}, raw body)
 * through XMLHttpRequest where there is one (browsers), and through fetch elsewhere (Node tests).
 */
export function uploadWithProgress(target: UploadTarget, file: Blob, onProgress?: ProgressListener): Promise<void> {
  if (typeof XMLHttpRequest === "undefined") {
    return fetch(objectUrl(target), { method: "POST", headers: headers(target, file), body: file }).then(async (response) => {
      if (!response.ok) throw failure(response.status, await response.text());
      onProgress?.(1);
    });
  }
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", objectUrl(target));
    for (const [name, value] of Object.entries(headers(target, file))) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve();
      } else reject(failure(request.status, request.responseText));
    };
    request.onerror = () => reject(new UploadError("Network error during upload", 0));
    request.onabort = () => reject(new UploadError("Upload cancelled", 0));
    request.send(file);
  });
}

/** `media/{random}.{ext}`: the extension from the file name, else from the MIME subtype. */
export function mediaPath(file: { name: string; type: string }, random: string = crypto.randomUUID()): string {
  const fromName = /\.([a-z0-9]{1,10})$/i.exec(file.name)?.[1];
  const fromType = /^[a-z]+\/([a-z0-9]{1,10})/i.exec(file.type)?.[1];
  const ext = (fromName ?? fromType ?? "bin").toLowerCase();
  return `media/${random}.${ext}`;
}

/** The storage path of an asset from its public URL: media/{last URL segment}. */
export function mediaPathFromUrl(url: string): string {
  let last = "";
  try {
    last = new URL(url).pathname.split("/").filter(Boolean).pop() ?? "";
  } catch {
    last = url.split("?")[0]!.split("/").filter(Boolean).pop() ?? "";
  }
  return `media/${decodeURIComponent(last)}`;
}
