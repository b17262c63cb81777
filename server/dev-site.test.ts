import { describe, expect, it } from "vitest";
import type { SiteRenderer } from "../site/entry-server.tsx";
import { DevelopmentRenderers } from "./dev-site.ts";

/** Vite as the dev renderer sees it: the module runner hands back one entry until a source changes. */
function fakeVite() {
  const made: string[] = [];
  const entry = () => ({
    createSiteRenderer: async ({ template }: { template: string }) => {
      made.push(template);
      return { template } as unknown as SiteRenderer;
    },
  });
  const state = { entry: entry(), template: "<head></head>" };
  const vite = {
    config: { root: process.cwd() },
    transformIndexHtml: async () => state.template,
    ssrLoadModule: async () => state.entry,
  };
  return { vite, made, editSource: () => (state.entry = entry()), editTemplate: (html: string) => (state.template = html) };
}

describe("the development renderer", () => {
  it("is made once while the sources stay as they are, and again when the entry or the template changes", async () => {
    const { vite, made, editSource, editTemplate } = fakeVite();
    const renderers = new DevelopmentRenderers(vite as never, { api: { url: "http://api", anonKey: "anon" }, origin: "http://site", withApi: (html) => html.replace("</head>", "<meta></head>") });

    const first = await renderers.current("/");
    expect(await renderers.current("/updates/a-post")).toBe(first);
    expect(made).toEqual(["<head><meta></head>"]);

    editSource();
    const afterEdit = await renderers.current("/");
    expect(afterEdit).not.toBe(first);
    expect(await renderers.current("/about")).toBe(afterEdit);

    editTemplate("<head><title>New</title></head>");
    expect(await renderers.current("/")).not.toBe(afterEdit);
    expect(made).toHaveLength(3);
  });

  it("tries again after a renderer failed to start", async () => {
    const { vite } = fakeVite();
    let attempts = 0;
    const failing = { createSiteRenderer: async () => (++attempts === 1 ? Promise.reject(new Error("syntax error")) : ({} as SiteRenderer)) };
    vite.ssrLoadModule = async () => failing as never;
    const renderers = new DevelopmentRenderers(vite as never, { api: { url: "http://api", anonKey: "anon" }, origin: "http://site", withApi: (html) => html });
    await expect(renderers.current("/")).rejects.toThrow("syntax error");
    await expect(renderers.current("/")).resolves.toBeDefined();
    expect(attempts).toBe(2);
  });
});
