import { request as httpRequest } from "node:http";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { tinyPng } from "../support/png.ts";

// Crafted input (NUL, bytes that are not UTF-8, quotes, line breaks, text that is not ASCII) in every
// place a request can carry it: answers are 4xx JSON in the API's error format, never a 5xx, never a
// database's own message, and never a response header that is not valid.

// A valid 1×1 PNG: the backend decodes every image (this hex one had a bad zlib checksum, which libpng refuses).
const PNG = tinyPng();

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  rawHeaders: string[];
  body: string;
}

/** A request sent as written (fetch would refuse some of these headers and re-encode some paths). */
function send(url: string, method: string, path: string, headers: Record<string, string>, body?: Buffer | string): Promise<Reply> {
  const { hostname, port } = new URL(url);
  return new Promise((done, fail) => {
    const length = body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(body)) };
    const req = httpRequest({ hostname, port, method, path, headers: { ...length, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", fail);
    req.end(body);
  });
}

/** Header values as RFC 9110 allows them here: visible ASCII, spaces and tabs, nothing else. */
function expectValidHeaders(reply: Reply, label: string): void {
  for (let i = 1; i < reply.rawHeaders.length; i += 2) {
    expect(reply.rawHeaders[i], `${label}: ${reply.rawHeaders[i - 1]}`).toMatch(/^[\t\x20-\x7e]*$/);
  }
  expect(reply.headers["set-cookie"], label).toBeUndefined();
}

const DATABASE_TEXT = /invalid byte sequence|unsupported Unicode|out of range for|invalid input syntax|22P05|22021|22003|DatabaseError/i;

/** A refusal: 4xx, JSON, and no database message in it. */
function expectRefusedCleanly(reply: Reply, label: string): void {
  expect(reply.status, `${label}: ${reply.body}`).toBeGreaterThanOrEqual(400);
  expect(reply.status, `${label}: ${reply.body}`).toBeLessThan(500);
  expect(String(reply.headers["content-type"]), label).toMatch(/^application\/json/);
  expect(() => JSON.parse(reply.body) as unknown, label).not.toThrow();
  expect(reply.body, label).not.toMatch(DATABASE_TEXT);
  expectValidHeaders(reply, label);
}

let backend: TestBackend;
let asService: Record<string, string>;
const FOLDER = "crafted-input";

beforeAll(async () => {
  backend = await startTestBackend();
  asService = { apikey: backend.serviceKey, Authorization: `Bearer ${backend.serviceKey}` };
  // A picture the image renderer accepts too, so the render routes are among the download routes.
  const picture = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#3a7" } }).png().toBuffer();
  for (const name of ["pixel.png", "snow ☃ \"quoted\".png"]) {
    const uploaded = await send(backend.url, "POST", `/storage/v1/object/assets/${FOLDER}/${encodeURIComponent(name)}`, { ...asService, "Content-Type": "image/png" }, picture);
    expect(uploaded.status, uploaded.body).toBe(200);
  }
});
afterAll(() => backend?.stop());

describe("headers built from request values", () => {
  /** `download` values, percent-encoded as a URL carries them, with what the file must be called. */
  const NAMES: [string, string][] = [
    ["%E2%98%83", "☃"],
    ["caf%C3%A9.png", "café.png"],
    ["a%22b%5C.png", 'a"b\\.png'],
    ["line%0D%0ASet-Cookie%3A%20x%3D1", "line\r\nSet-Cookie: x=1"],
    ["tab%09and%25percent%3B%27quote", "tab\tand%percent;'quote"],
    ["%F0%9F%8E%AE%20game.mp4", "🎮 game.mp4"],
  ];

  it("Content-Disposition names any download as RFC 6266 asks (an ASCII filename, the exact name as filename*), on every download route", async () => {
    const signed = JSON.parse(
      (await send(backend.url, "POST", `/storage/v1/object/sign/assets/${FOLDER}/pixel.png`, { ...asService, "Content-Type": "application/json" }, JSON.stringify({ expiresIn: 600 }))).body,
    ) as { signedURL: string };
    const routes = [
      (query: string) => send(backend.url, "GET", `/storage/v1/object/public/assets/${FOLDER}/pixel.png?${query}`, {}),
      (query: string) => send(backend.url, "HEAD", `/storage/v1/object/public/assets/${FOLDER}/pixel.png?${query}`, {}),
      (query: string) => send(backend.url, "GET", `/storage/v1/object/authenticated/assets/${FOLDER}/pixel.png?${query}`, asService),
      (query: string) => send(backend.url, "GET", `/storage/v1/object/assets/${FOLDER}/pixel.png?${query}`, asService),
      (query: string) => send(backend.url, "GET", `/storage/v1${signed.signedURL}&${query}`, {}),
      (query: string) => send(backend.url, "GET", `/storage/v1/render/image/public/assets/${FOLDER}/pixel.png?width=48&${query}`, {}),
      (query: string) => send(backend.url, "GET", `/storage/v1/render/image/authenticated/assets/${FOLDER}/pixel.png?width=48&${query}`, asService),
    ];
    for (const route of routes) {
      for (const [encoded, name] of NAMES) {
        const reply = await route(`download=${encoded}`);
        expect(reply.status, encoded).toBe(200);
        expectValidHeaders(reply, encoded);
        const disposition = String(reply.headers["content-disposition"]);
        expect(disposition, encoded).toMatch(/^attachment; filename="[\x20-\x21\x23-\x24\x26-\x5b\x5d-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9!#$&+.^_`|~%-]+$/);
        expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1]!), encoded).toBe(name);
      }
    }
  });

  it.each(["object", "render/image"])("an object whose own name is not ASCII is served inline under that name (%s)", async (route) => {
    const reply = await send(backend.url, "GET", `/storage/v1/${route}/public/assets/${FOLDER}/${encodeURIComponent('snow ☃ "quoted".png')}`, {});
    expect(reply.status).toBe(200);
    expectValidHeaders(reply, "inline");
    const disposition = String(reply.headers["content-disposition"]);
    expect(disposition).toMatch(/^inline; filename="snow _ _quoted_.png"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1]!)).toBe('snow ☃ "quoted".png');
  });

  it("a download name with a NUL or bytes that are not UTF-8 is a 400 in Storage's format", async () => {
    for (const encoded of ["a%00b", "%FF%FE", "%ED%A0%80", "%E2%98"]) {
      const reply = await send(backend.url, "GET", `/storage/v1/object/public/assets/${FOLDER}/pixel.png?download=${encoded}`, {});
      expectRefusedCleanly(reply, encoded);
      expect(JSON.parse(reply.body), encoded).toMatchObject({ statusCode: "400", code: "InvalidRequest" });
    }
  });

  it("Auth's redirects never carry a crafted redirect_to into Location, and never fail", async () => {
    for (const redirect of ["%E2%98%83", "http%3A%2F%2Flocalhost%3A5173%2F%0D%0ASet-Cookie%3A%20x%3D1", "http%3A%2F%2Flocalhost%3A5173%2F%22quoted%22", "a%00b", "%FF"]) {
      for (const path of [`/auth/v1/verify?type=recovery&token=x&redirect_to=${redirect}`, `/auth/v1/authorize?provider=github&redirect_to=${redirect}`]) {
        const reply = await send(backend.url, "GET", path, { apikey: backend.anonKey });
        expect(reply.status, path).toBeLessThan(500);
        expectValidHeaders(reply, path);
        if (redirect.includes("%0D") || redirect.includes("%00")) expect(reply.status, path).toBe(400);
      }
    }
  });

  it("a CORS preflight names back only the request headers that are header names", async () => {
    const reply = await send(backend.url, "OPTIONS", "/rest/v1/press_quotes", { Origin: "https://elsewhere.example", "Access-Control-Request-Headers": 'apikey, x-"quoted", x-\u00e9t\u00e9, content-type' });
    expect(reply.status).toBe(204);
    expectValidHeaders(reply, "preflight");
    expect(reply.headers["access-control-allow-headers"]).toBe("apikey, content-type");
  });
});

describe("Storage refuses text Postgres cannot hold, on every route", () => {
  const json = { "Content-Type": "application/json" };
  /** Each Storage route (as storage/http.ts and its areas route them), with `X` where a path segment goes. */
  const PATH_ROUTES: [string, string, Record<string, string>?, string?][] = [
    ["GET", `/object/public/assets/${FOLDER}/X`],
    ["HEAD", `/object/public/assets/${FOLDER}/X`],
    ["GET", "/object/public/X/pixel.png"],
    ["GET", `/object/authenticated/assets/${FOLDER}/X`],
    ["GET", `/object/assets/${FOLDER}/X`],
    ["POST", `/object/assets/${FOLDER}/X`, { "Content-Type": "image/png" }, PNG.toString("latin1")],
    ["PUT", `/object/assets/${FOLDER}/X`, { "Content-Type": "image/png" }, PNG.toString("latin1")],
    ["DELETE", `/object/assets/${FOLDER}/X`],
    ["DELETE", "/object/X", json, JSON.stringify({ prefixes: ["a"] })],
    ["POST", "/object/list/X", json, "{}"],
    ["POST", "/object/list-v2/X", json, "{}"],
    ["GET", `/object/info/assets/${FOLDER}/X`],
    ["GET", `/object/info/public/assets/${FOLDER}/X`],
    ["GET", `/object/info/authenticated/assets/${FOLDER}/X`],
    ["POST", `/object/sign/assets/${FOLDER}/X`, json, JSON.stringify({ expiresIn: 60 })],
    ["POST", "/object/sign/X", json, JSON.stringify({ expiresIn: 60, paths: ["a"] })],
    ["GET", `/object/sign/assets/${FOLDER}/X?token=abc`],
    ["POST", `/object/upload/sign/assets/${FOLDER}/X`],
    ["PUT", `/object/upload/sign/assets/${FOLDER}/X?token=abc`, { "Content-Type": "image/png" }, PNG.toString("latin1")],
    ["GET", "/bucket/X"],
    ["PUT", "/bucket/X", json, JSON.stringify({ public: true })],
    ["DELETE", "/bucket/X"],
    ["POST", "/bucket/X/empty"],
    ["GET", `/render/image/public/assets/${FOLDER}/X?width=10`],
    ["GET", `/render/image/authenticated/assets/${FOLDER}/X?width=10`],
    ["HEAD", "/upload/resumable/X", { "Tus-Resumable": "1.0.0" }],
    ["PATCH", "/upload/resumable/X", { "Tus-Resumable": "1.0.0", "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" }, "x"],
    ["DELETE", "/upload/resumable/X", { "Tus-Resumable": "1.0.0" }],
  ];
  const BAD_SEGMENTS = ["a%00b", "%FF", "%C3%28", "%ED%A0%80"];

  it("a NUL or bytes that are not UTF-8 in a path segment", async () => {
    for (const [method, route, headers, body] of PATH_ROUTES) {
      for (const segment of BAD_SEGMENTS) {
        const path = route.replace("X", segment);
        const reply = await send(backend.url, method, `/storage/v1${path}`, { ...asService, ...headers }, body === undefined ? undefined : Buffer.from(body, "latin1"));
        if (method === "HEAD") {
          expect(reply.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
          expect(reply.status, `${method} ${path}`).toBeLessThan(500);
          expectValidHeaders(reply, `${method} ${path}`);
        } else expectRefusedCleanly(reply, `${method} ${path}`);
      }
    }
  });

  it("a NUL or bytes that are not UTF-8 in a query value or name, on every route", async () => {
    const routes: [string, string][] = [
      ...PATH_ROUTES.filter(([method]) => method !== "HEAD").map(([method, route]) => [method, route.replace("X", "pixel.png")] as [string, string]),
      ["GET", "/bucket"],
      ["POST", "/upload/resumable"],
    ];
    for (const [method, route] of routes) {
      for (const query of ["search=%00", "q%00=1", "search=%FF", "token=%C3%28", "download=%00", "width=%00", "sortColumn=%FF", "limit=%00", "offset=%FF"]) {
        const path = `/storage/v1${route}${route.includes("?") ? "&" : "?"}${query}`;
        const reply = await send(backend.url, method, path, { ...asService, "Tus-Resumable": "1.0.0" });
        expectRefusedCleanly(reply, `${method} ${path}`);
        expect(JSON.parse(reply.body), `${method} ${path}`).toMatchObject({ statusCode: "400" });
      }
    }
  });

  it("a NUL (raw or escaped) or bytes that are not UTF-8 in each JSON body field", async () => {
    const bodies: [string, string, Record<string, unknown>][] = [
      ["POST", "/bucket", { id: "crafted", name: "crafted", public: false }],
      ["PUT", "/bucket/assets", { public: true, allowed_mime_types: ["image/png"], file_size_limit: "1MB" }],
      ["DELETE", "/object/assets", { prefixes: [`${FOLDER}/none.png`] }],
      ["POST", "/object/list/assets", { prefix: FOLDER, search: "pix", limit: 10, offset: 0, sortBy: { column: "name", order: "asc" } }],
      ["POST", "/object/list-v2/assets", { prefix: FOLDER, cursor: "abc", limit: 10, with_delimiter: true, sortBy: { column: "name", order: "asc" } }],
      ["POST", "/object/move", { bucketId: "assets", sourceKey: `${FOLDER}/none.png`, destinationKey: `${FOLDER}/other.png` }],
      ["POST", "/object/copy", { bucketId: "assets", sourceKey: `${FOLDER}/none.png`, destinationKey: `${FOLDER}/other.png`, destinationBucket: "assets" }],
      ["POST", `/object/sign/assets/${FOLDER}/pixel.png`, { expiresIn: 60 }],
      ["POST", "/object/sign/assets", { expiresIn: 60, paths: [`${FOLDER}/pixel.png`] }],
    ];
    /** Every string in the body replaced, one at a time, by `bad`. */
    const variants = (value: unknown, bad: string): unknown[] => {
      if (typeof value === "string") return [bad];
      if (Array.isArray(value)) return value.flatMap((item, i) => variants(item, bad).map((changed) => value.map((other, j) => (i === j ? changed : other))));
      if (value && typeof value === "object") {
        return Object.entries(value).flatMap(([key, item]) => variants(item, bad).map((changed) => ({ ...value, [key]: changed })));
      }
      return [];
    };
    for (const [method, route, body] of bodies) {
      const sent: [string, Buffer][] = [
        ...variants(body, "a\u0000b").map((changed) => [`escaped NUL in ${JSON.stringify(changed)}`, Buffer.from(JSON.stringify(changed))] as [string, Buffer]),
        ...variants(body, "\uFFFF-marker").map((changed) => {
          const text = JSON.stringify(changed);
          const at = Buffer.from(text.slice(0, text.indexOf("\uFFFF-marker")));
          const after = Buffer.from(text.slice(text.indexOf("\uFFFF-marker") + 1));
          return [`raw byte 0xFF in ${text}`, Buffer.concat([at, Buffer.from([0xff]), after])] as [string, Buffer];
        }),
        [`raw NUL byte in ${route}`, Buffer.from(JSON.stringify(body).replace(/:/, ":\u0000"), "latin1")],
      ];
      for (const [label, bytes] of sent) {
        const reply = await send(backend.url, method, `/storage/v1${route}`, { ...asService, ...json }, bytes);
        expectRefusedCleanly(reply, `${method} ${route}: ${label}`);
        expect(JSON.parse(reply.body), label).toMatchObject({ statusCode: "400", code: "InvalidRequest" });
      }
    }
  });

  it("TUS Upload-Metadata that decodes to a NUL or to bytes that are not UTF-8", async () => {
    const base64 = (bytes: Buffer) => bytes.toString("base64");
    for (const objectName of [Buffer.from(`${FOLDER}/a\u0000b.mp4`), Buffer.concat([Buffer.from(`${FOLDER}/`), Buffer.from([0xff, 0xfe]), Buffer.from(".mp4")])]) {
      const metadata = `bucketName ${base64(Buffer.from("assets"))},objectName ${base64(objectName)},contentType ${base64(Buffer.from("video/mp4"))}`;
      const reply = await send(backend.url, "POST", "/storage/v1/upload/resumable", { ...asService, "Tus-Resumable": "1.0.0", "Upload-Length": "10", "Upload-Metadata": metadata });
      expectRefusedCleanly(reply, metadata);
    }
  });

  it("numbers out of range are a 400 saying which, not a database error", async () => {
    for (const query of ["limit=99999999999999999999999", "offset=99999999999999999999999", "limit=2147483648"]) {
      const reply = await send(backend.url, "GET", `/storage/v1/bucket?${query}`, asService);
      expectRefusedCleanly(reply, query);
      expect(JSON.parse(reply.body), query).toMatchObject({ statusCode: "400", message: expect.stringMatching(/^querystring\/(limit|offset) must be <= 2147483647$/) as unknown });
    }
    const listed = await send(backend.url, "POST", "/storage/v1/object/list/assets", { ...asService, ...json }, JSON.stringify({ prefix: FOLDER, limit: 1e300, offset: 1e300 }));
    expect(listed.status).toBe(200);
    expect(JSON.parse(listed.body)).toEqual([]);
    const huge = await send(backend.url, "PUT", "/storage/v1/bucket/assets", { ...asService, ...json }, JSON.stringify({ file_size_limit: "99999999999999999999GB" }));
    expectRefusedCleanly(huge, "file_size_limit");
  });
});
