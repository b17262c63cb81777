import { errors, jwtVerify, SignJWT } from "jose";
import { sendJson } from "../../../shared/http/http-util.ts";
import type { Caller } from "../caller.ts";
import { StorageError, validateObjectName } from "./objects.ts";
import type { StorageService } from "./service.ts";
import { incomingFile, readJsonBody, sendObject, type StorageArea } from "./area.ts";

/** How long a signed upload URL stays valid (hosted's default). */
const UPLOAD_URL_SECONDS = 2 * 3600;
/** The longest download URL hosted Storage signs (JWTs expire before the year 10000, so it bounds seconds). */
const MAX_EXPIRES_IN = 100 * 365 * 24 * 3600;

type Scope = "download" | "upload";
interface SignedToken {
  url: string;
  scope: Scope;
  owner?: string;
  upsert?: boolean;
}

/**
 * Signed URLs, as hosted Storage makes them: a short JWT naming one object (`bucket/name`) and what
 * it allows, signed with the project's secret. A download URL is handed out only for an object the
 * caller may read, an upload URL only for a name the caller may write; whoever holds the URL may
 * then do that one thing without a session.
 */
export function signedUrlRoutes(storage: StorageService, jwtSecret: string): StorageArea {
  const key = new TextEncoder().encode(jwtSecret);
  const sign = (token: SignedToken, seconds: number) =>
    new SignJWT({ ...token }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setIssuedAt().setExpirationTime(Math.floor(Date.now() / 1000) + seconds).sign(key);

  async function verify(token: string | null, url: string, scope: Scope): Promise<SignedToken> {
    if (!token) throw StorageError.invalidRequest("querystring must have required property 'token'");
    let payload: Partial<SignedToken>;
    try {
      payload = (await jwtVerify(token, key, { algorithms: ["HS256"] })).payload as Partial<SignedToken>;
    } catch (error) {
      throw new StorageError(400, "InvalidJWT", error instanceof errors.JWTExpired ? "jwt expired" : "invalid signature");
    }
    if (payload.scope !== scope) throw new StorageError(400, "InvalidSignature", `Token is not scoped for ${scope}`);
    if (payload.url !== url) throw new StorageError(400, "InvalidSignature", "Invalid signature");
    return payload as SignedToken;
  }

  return async ({ req, res, url, method, segments, caller }) => {
    const upload = segments[0] === "upload" && segments[1] === "sign";
    if (segments[0] !== "sign" && !upload) return false;
    const [bucketId, ...nameParts] = segments.slice(upload ? 2 : 1);
    if (!bucketId) return false;
    const name = nameParts.join("/");
    const objectUrl = `${bucketId}/${name}`;

    if (upload) {
      if (nameParts.length === 0) return false;
      validateObjectName(name);
      if (method === "POST") {
        const who = await caller();
        const upsert = req.headers["x-upsert"] === "true";
        await storage.checkUpload(who, bucketId, name, upsert);
        const token = await sign({ owner: ownerOf(who), url: objectUrl, upsert, scope: "upload" }, UPLOAD_URL_SECONDS);
        return void sendJson(res, 200, { url: `/object/upload/sign/${objectUrl}?token=${token}`, token });
      }
      if (method === "PUT") {
        const granted = await verify(url.searchParams.get("token"), objectUrl, "upload");
        // Written with the rights of the URL's grant, as the service role on the granter's behalf.
        const writer: Caller = { role: "service_role", claims: { role: "service_role", ...(granted.owner ? { sub: granted.owner } : {}) } };
        await storage.upload(writer, bucketId, name, granted.upsert === true, () => incomingFile(req));
        return void sendJson(res, 200, { Key: objectUrl });
      }
      return false;
    }

    if (nameParts.length > 0 && (method === "GET" || method === "HEAD")) {
      await verify(url.searchParams.get("token"), objectUrl, "download");
      return void (await sendObject(storage, req, res, "signed", bucketId, name));
    }
    if (method !== "POST") return false;
    const body = ((await readJsonBody(req)) ?? {}) as Record<string, unknown>;
    const expiresIn = validExpiry(body.expiresIn);
    const who = await caller();
    if (nameParts.length > 0) {
      await storage.find(who, bucketId, name);
      const token = await sign({ url: objectUrl, scope: "download" }, expiresIn);
      return void sendJson(res, 200, { signedURL: `/object/sign/${objectUrl}?token=${token}` });
    }
    const paths = body.paths;
    if (!Array.isArray(paths) || paths.some((path) => typeof path !== "string")) throw StorageError.invalidRequest("body must have required property 'paths'");
    const readable = await storage.readableNames(who, bucketId, paths as string[]);
    const signed = await Promise.all(
      (paths as string[]).map(async (path) =>
        readable.has(path)
          ? { error: null, path, signedURL: `/object/sign/${bucketId}/${path}?token=${await sign({ url: `${bucketId}/${path}`, scope: "download" }, expiresIn)}` }
          : { error: "Either the object does not exist or you do not have access to it", path, signedURL: null },
      ),
    );
    return void sendJson(res, 200, signed);
  };
}

function validExpiry(value: unknown): number {
  const seconds = typeof value === "number" && Number.isFinite(value) ? Math.floor(value) : NaN;
  if (!Number.isSafeInteger(seconds) || seconds < 1 || seconds > MAX_EXPIRES_IN) throw new StorageError(400, "InvalidParameter", "Invalid Parameter expiresIn");
  return seconds;
}

function ownerOf(caller: Caller): string | undefined {
  return typeof caller.claims.sub === "string" ? caller.claims.sub : undefined;
}
