import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { BASE_HEADERS } from "./security-headers.ts";

/**
 * Bytes served many times (a built file, a cached page): compressed once per encoding on first
 * demand, with an ETag, so serving a copy costs a lookup and a write.
 */
export class ResponseBody {
  readonly etag: string;
  #gzip: Buffer | null = null;
  #br: Buffer | null = null;

  constructor(
    readonly raw: Buffer,
    readonly contentType: string,
    private readonly compressible: boolean,
  ) {
    this.etag = `"${createHash("sha256").update(raw).digest("base64url").slice(0, 27)}"`;
  }

  send(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>): void {
    const accepts = String(req.headers["accept-encoding"] ?? "");
    let body = this.raw;
    let encoding: string | null = null;
    if (this.compressible && /\bbr\b/.test(accepts)) {
      // Quality 5 of 11: nearly the size of the best, in milliseconds rather than seconds for the back office's bundle.
      this.#br ??= brotliCompressSync(this.raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
      body = this.#br;
      encoding = "br";
    } else if (this.compressible && /\bgzip\b/.test(accepts)) {
      this.#gzip ??= gzipSync(this.raw);
      body = this.#gzip;
      encoding = "gzip";
    }
    const common = { ...BASE_HEADERS, ETag: this.etag, Vary: "Accept-Encoding", ...headers };
    if (status === 200 && req.headers["if-none-match"] === this.etag) {
      res.writeHead(304, common).end();
      return;
    }
    res.writeHead(status, {
      ...common,
      "Content-Type": this.contentType,
      "Content-Length": String(body.length),
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    });
    res.end(req.method === "HEAD" ? undefined : body);
  }
}
