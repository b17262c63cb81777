import { isAbsolute } from "node:path";

/**
 * A storage error as hosted Storage renders it: the status in the body (`statusCode`, a string),
 * Storage's error `code`, an `error` label and a message. Hosted Storage sends every such error with
 * HTTP 400 (500 for its own failures), the real status being the body's; only a route that does not
 * exist answers a real 404.
 */
export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly code: string = error,
    readonly httpStatus: number = status >= 500 ? 500 : 400,
  ) {
    super(message);
  }

  body(): { statusCode: string; code: string; error: string; message: string } {
    return { statusCode: String(this.status), code: this.code, error: this.error, message: this.message };
  }

  static routeNotFound(method: string, url: string): StorageError {
    return new StorageError(404, "Not Found", `Route ${method}:${url} not found`, "InvalidRequest", 404);
  }

  static objectNotFound(): StorageError {
    return new StorageError(404, "not_found", "Object not found", "NoSuchKey");
  }

  static bucketNotFound(): StorageError {
    return new StorageError(404, "Bucket not found", "Bucket not found", "NoSuchBucket");
  }

  static invalidRequest(message: string): StorageError {
    return new StorageError(400, "InvalidRequest", message);
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

/** Stricter than hosted Storage's rule: a bucket is also a folder on disk here. */
export function validateBucketId(id: string): string {
  if (!/^[A-Za-z0-9_-]{1,63}$/.test(id)) throw new StorageError(400, "Invalid Input", "Bucket name invalid", "InvalidBucketName");
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

interface ByteRange {
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
