import { describe, expect, it } from "vitest";
import { parseMail } from "./mail-message.ts";

describe("the local mailbox's reading of an SMTP message", () => {
  it("reads a multipart message back: unfolded, decoded headers and both parts", () => {
    const raw = Buffer.from(
      [
        "Subject: =?UTF-8?Q?Caf=C3=A9_notes?=",
        "List-Unsubscribe:",
        " <https://rcrt.example/newsletter/unsubscribe?token=abc>",
        'Content-Type: multipart/alternative; boundary="b1"',
        "",
        "--b1",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: quoted-printable",
        "",
        "Caf=C3=A9 =",
        "ok",
        "--b1",
        "Content-Type: text/html; charset=utf-8",
        "Content-Transfer-Encoding: base64",
        "",
        Buffer.from("<p>Café</p>").toString("base64"),
        "--b1--",
        "",
      ].join("\r\n"),
    );
    expect(parseMail(raw)).toEqual({
      headers: { Subject: "Café notes", "List-Unsubscribe": "<https://rcrt.example/newsletter/unsubscribe?token=abc>", "Content-Type": 'multipart/alternative; boundary="b1"' },
      text: "Café ok",
      html: "<p>Café</p>",
    });
  });
});
