import { isAbsolute } from "node:path";

/** A storage error in the shape storage-js reads (`statusCode` as a string, `error`, `message`). */
export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  body(): { statusCode: string; error: string; message: string } {
    return { statusCode: String(this.status), error: this.code, message: this.message };
  }
}

/**
 * Object names are keys inside one bucket folder: anything that could leave it (`..`, absolute
 * paths, NUL, backslashes, empty segments) is refused rather than normalised.
 */
export function validateObjectName(name: string): string {
  const invalid = (reason: string) => new StorageError(400, "InvalidKey", `Invalid key: ${reason}`);
  if (name.length === 0) throw invalid("empty");
  if (name.length > 1024) throw invalid("longer than 1024 characters");
  if (name.includes("\0")) throw invalid("contains NUL");
  if (name.includes("\\")) throw invalid("contains a backslash");
  if (isAbsolute(name) || name.startsWith("/")) throw invalid("absolute path");
  const segments = name.split("/");
  if (segments.some((s) => s === "" || s === "." || s === "..")) throw invalid("empty, '.' or '..' segment");
  return name;
}

export function validateBucketId(id: string): string {
  if (!/^[A-Za-z0-9_-]{1,63}$/.test(id)) throw new StorageError(400, "InvalidBucketName", `Invalid bucket name: ${id}`);
  return id;
}

/** `image/*` in a bucket's allowed list accepts every image subtype. */
export function mimeTypeAllowed(mimeType: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const type = mimeType.split(";")[0]!.trim().toLowerCase();
  return allowed.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.endsWith("/*") ? type.startsWith(p.slice(0, -1)) : type === p;
  });
}

export interface ByteRange {
  start: number;
  end: number;
}

/** One `bytes=a-b` range (what browsers send for video); null when absent, "invalid" when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | "invalid" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return "invalid";
  let start: number;
  let end: number;
  if (match[1] === "") {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return "invalid";
  return { start, end };
}
