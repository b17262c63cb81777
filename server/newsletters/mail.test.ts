import { describe, expect, it } from "vitest";
import { confirmationMail, markdownToEmailHtml, markdownToText, newsletterMail } from "./mail.ts";

const SITE = "https://rcrt.example";
const STORAGE_IMAGE = "https://api.rcrt.example/storage/v1/object/public/assets/media/board.png";

describe("newsletter mail", () => {
  it("renders Markdown as email-safe HTML: inline styles, absolute links, pictures at the mail's width, no raw HTML", () => {
    const html = markdownToEmailHtml(`# Title\n\nSee [the roadmap](/updates/roadmap) and <script>alert(1)</script>.\n\n![The board](${STORAGE_IMAGE})\n\n[bad](javascript:alert(1))`, SITE);
    expect(html).toContain('<h1 style="');
    expect(html).toMatch(/<p style="[^"]+">See <a href="https:\/\/rcrt\.example\/updates\/roadmap" style="[^"]+">the roadmap<\/a>/);
    expect(html).not.toContain("<script");
    expect(html).toContain('src="https://api.rcrt.example/storage/v1/render/image/public/assets/media/board.png?width=600');
    expect(html).not.toContain("javascript:");
    expect(html).not.toMatch(/<(p|h1|a|img)>/);
  });

  it("writes the plain-text part with links spelled out", () => {
    expect(markdownToText("## Next\n\nRead [the notes](/updates/notes).\n\n- one\n- two", SITE)).toBe("Next\n----\n\nRead the notes (https://rcrt.example/updates/notes).\n\n- one\n- two");
  });

  it("titles the mail with the post, links the post and the personal unsubscribe address in both parts", () => {
    const mail = newsletterMail({ subject: "Bus notes", slug: "bus-notes", content: "Hello", image_url: null, image_alt: null }, SITE, `${SITE}/newsletter/unsubscribe?token=abc`);
    expect(mail.subject).toBe("Bus notes");
    expect(mail.html).toContain('href="https://rcrt.example/updates/bus-notes"');
    expect(mail.html).toContain('href="https://rcrt.example/newsletter/unsubscribe?token=abc"');
    expect(mail.text).toContain("Read it on the site: https://rcrt.example/updates/bus-notes");
    expect(mail.text).toContain("Unsubscribe: https://rcrt.example/newsletter/unsubscribe?token=abc");
    expect(confirmationMail(SITE, "t0k3n").text).toContain(`${SITE}/newsletter/confirm?token=t0k3n`);
  });
});
