import type { PostgrestClient } from "@supabase/postgrest-js";
import type { FeaturedCollection } from "../../shared/content-types/collections.ts";
import type { PressQuote } from "../../shared/content-types/press.ts";
import type { ProjectStage } from "../../shared/content-types/progress.ts";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/languages.ts";
import { answered } from "../lib/queries.ts";
import type { Worded } from "../lib/translations.ts";
import { useRead, type Loader } from "../lib/route-module.ts";
import type { Resource } from "../lib/resource.ts";

export interface HomeContent {
  stages: ProjectStage[];
  collections: FeaturedCollection[];
  press: PressQuote[];
}

/** The home page's lists, each item in the page's language where it is translated (`lang` says which). */
export type HomeContentShown = { [K in keyof HomeContent]: (HomeContent[K][number] & Partial<Worded>)[] };

/**
 * The home page's one read: stages by category then order, and the published collections and press
 * quotes, newest first (public.home_page); in another language, with their translations laid over.
 */
export const homeLoader = {
  home: async (db: PostgrestClient, language: Language): Promise<HomeContentShown> => {
    const home = answered<HomeContent>(await db.rpc("home_page"));
    if (language === DEFAULT_LANGUAGE) return home;
    // Loaded here, not with the app: the default language's home page never lays a translation.
    const { inLanguage } = await import("../lib/translations.ts");
    const [stages, collections, press] = await Promise.all([
      inLanguage(db, "project_stages", home.stages, language),
      inLanguage(db, "featured_collections", home.collections, language),
      inLanguage(db, "press_quotes", home.press, language),
    ]);
    return { stages, collections, press };
  },
} satisfies Loader;

/** One of the home page's lists; the sections below the fold share the one read. */
export function useHomeContent<K extends keyof HomeContent>(part: K): Resource<HomeContentShown[K]> {
  const home = useRead(homeLoader, "home");
  return home.status === "ready" ? { status: "ready", data: home.data[part], reload: home.reload } : home;
}
