import type { PostgrestClient } from "@supabase/postgrest-js";
import type { FeaturedCollection } from "../../shared/content-types/collections.ts";
import type { PressQuote } from "../../shared/content-types/press.ts";
import type { ProjectStage } from "../../shared/content-types/progress.ts";
import { answered } from "../lib/queries.ts";
import { useRead, type Loader } from "../lib/route-module.ts";
import type { Resource } from "../lib/resource.ts";

export interface HomeContent {
  stages: ProjectStage[];
  collections: FeaturedCollection[];
  press: PressQuote[];
}

/** The home page's one read: stages by category then order, and the published collections and press quotes, newest first (public.home_page). */
export const homeLoader = {
  home: async (db: PostgrestClient) => answered<HomeContent>(await db.rpc("home_page")),
} satisfies Loader;

/** One of the home page's lists; the sections below the fold share the one read. */
export function useHomeContent<K extends keyof HomeContent>(part: K): Resource<HomeContent[K]> {
  const home = useRead(homeLoader, "home");
  return home.status === "ready" ? { status: "ready", data: home.data[part], reload: home.reload } : home;
}
