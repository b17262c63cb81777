import { describe, expect, it } from "vitest";
import { LOCAL_API_URL, resolveApiConfig } from "./api-config.ts";

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

  it("defaults to the local API address", () => {
    expect(resolveApiConfig({}, meta({})).url).toBe(LOCAL_API_URL);
  });
});
