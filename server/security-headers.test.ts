import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScripts } from "./security-headers.ts";

describe("Content-Security-Policy", () => {
  const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `));

  it("allows scripts from this origin only when the template has no inline script", () => {
    const csp = contentSecurityPolicy('<html><head><script type="module" src="/assets/site.js"></script></head></html>', "http://localhost:54321");
    expect(directive(csp, "script-src")).toBe("script-src 'self'");
    expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive(csp, "object-src")).toBe("object-src 'none'");
  });

  it("lets the template's own inline scripts run by their hash, and no other", () => {
    const code = "window.__DATA__ = 1;";
    const csp = contentSecurityPolicy(`<script>${code}</script><script src="/a.js"></script>`, "http://localhost:54321");
    const hash = createHash("sha256").update(code).digest("base64");
    expect(directive(csp, "script-src")).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it("lets the apps reach the API for data and images", () => {
    const csp = contentSecurityPolicy("", "https://abc.supabase.co");
    expect(directive(csp, "connect-src")).toContain("https://abc.supabase.co");
    expect(directive(csp, "img-src")).toContain("https://abc.supabase.co");
  });

  it("finds inline scripts but not external ones", () => {
    expect(inlineScripts('<script>a()</script><script type="module" src="/x.js"></script><SCRIPT type="application/json">{"b":1}</SCRIPT>')).toEqual(['a()', '{"b":1}']);
  });
});
