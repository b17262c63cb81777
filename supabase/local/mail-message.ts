/** A mail as its reader sees it: the headers (names as sent), and the plain-text and HTML parts. */
export interface ParsedMail {
  headers: Record<string, string>;
  text: string;
  html: string;
}

/**
 * Reads an RFC 5322 message as SMTP delivers it: unfolded headers with their encoded words decoded
 * (RFC 2047), and the first text/plain and text/html parts, through multipart nesting and the
 * quoted-printable and base64 transfer encodings. Enough for the mails our own senders write.
 */
export function parseMail(raw: Buffer): ParsedMail {
  const { headers, body } = splitPart(raw.toString("latin1"));
  const found = { text: "", html: "" };
  collectParts(headers, body, found);
  const named: Record<string, string> = {};
  for (const [name, value] of headers) named[name] = decodeWords(Buffer.from(value, "latin1").toString("utf8"));
  return { headers: named, ...found };
}

type HeaderList = [string, string][];

function splitPart(source: string): { headers: HeaderList; body: string } {
  const end = source.search(/\r?\n\r?\n/);
  const head = end === -1 ? source : source.slice(0, end);
  const body = end === -1 ? "" : source.slice(end).replace(/^\r?\n\r?\n/, "");
  const headers: HeaderList = [];
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && headers.length > 0) headers[headers.length - 1]![1] = `${headers[headers.length - 1]![1]} ${line.trim()}`.trim();
    else {
      const colon = line.indexOf(":");
      if (colon > 0) headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
    }
  }
  return { headers, body };
}

const header = (headers: HeaderList, name: string) => headers.find(([key]) => key.toLowerCase() === name)?.[1] ?? "";

function collectParts(headers: HeaderList, body: string, found: { text: string; html: string }): void {
  const type = header(headers, "content-type") || "text/plain";
  const mediaType = type.split(";")[0]!.trim().toLowerCase();
  if (mediaType.startsWith("multipart/")) {
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (!boundary) return;
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      const part = splitPart(section.replace(/^\r?\n/, ""));
      collectParts(part.headers, part.body, found);
    }
    return;
  }
  const key = mediaType === "text/html" ? "html" : mediaType === "text/plain" ? "text" : null;
  if (key === null || found[key] !== "") return;
  found[key] = decodeBody(body, header(headers, "content-transfer-encoding").toLowerCase()).replace(/\r\n/g, "\n").replace(/\n$/, "");
}

/** The part's bytes (held as latin1 characters) as UTF-8 text. */
function decodeBody(body: string, encoding: string): string {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return Buffer.from(quotedPrintable(body), "latin1").toString("utf8");
  return Buffer.from(body, "latin1").toString("utf8");
}

function quotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function decodeWords(value: string): string {
  const decoded = value.replace(/(=\?[^?]+\?[BQ]\?[^?]*\?=)\s+(?==\?)/gi, "$1");
  return decoded.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : Buffer.from(quotedPrintable(text.replace(/_/g, " ")), "latin1").toString("utf8"),
  );
}
