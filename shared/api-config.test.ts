// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { metaReader, resolveApiConfig } from "./api-config.ts";

describe("API configuration", () => {
  const meta = (values: Record<string, string>) => (name: string) => values[name] ?? null;

  it("uses the build's VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY when present", () => {
    const config = resolveApiConfig({ VITE_SUPABASE_URL: "https://x.supabase.co", VITE_SUPABASE_ANON_KEY: "k" }, meta({ "supabase-url": "http://other" }));
    expect(config).toEqual({ url: "https://x.supabase.co", anonKey: "k" });
  });

  it("falls back to the local server's meta tags", () => {
    const config = resolveApiConfig({}, meta({ "supabase-url": "http://localhost:6000", "supabase-anon-key": "local" }));
    expect(config).toEqual({ url: "http://localhost:6000", anonKey: "local" });
  });

  it("defaults to the local API address and no key", () => {
    expect(resolveApiConfig({}, meta({}))).toEqual({ url: "http://localhost:54321", anonKey: "" });
    expect(resolveApiConfig({ VITE_SUPABASE_URL: "", VITE_SUPABASE_ANON_KEY: "" }, meta({}))).toEqual({ url: "http://localhost:54321", anonKey: "" });
  });
});

describe("metaReader: the meta tags the local server writes into a page", () => {
  const page = (head: string) => new DOMParser().parseFromString(`<!doctype html><html><head>${head}</head><body></body></html>`, "text/html");

  it("reads the content of the meta tag of that name", () => {
    const read = metaReader(page('<meta name="supabase-url" content="http://localhost:6000"><meta name="supabase-anon-key" content="local-key">'));
    expect(read("supabase-url")).toBe("http://localhost:6000");
    expect(read("supabase-anon-key")).toBe("local-key");
  });

  it("reads null for a tag the page lacks, and for one without content", () => {
    const read = metaReader(page('<meta name="supabase-url">'));
    expect(read("supabase-url")).toBeNull();
    expect(read("supabase-anon-key")).toBeNull();
  });

  it("gives the page's tags to resolveApiConfig in a local build", () => {
    const read = metaReader(page('<meta name="supabase-url" content="http://127.0.0.1:6100"><meta name="supabase-anon-key" content="from-page">'));
    expect(resolveApiConfig({}, read)).toEqual({ url: "http://127.0.0.1:6100", anonKey: "from-page" });
  });
});
