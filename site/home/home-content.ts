import { db } from "../lib/db.ts";
import { queries, type HomeContent } from "../lib/queries.ts";
import { useResource, type Resource } from "../lib/resource.ts";

/** One of the home page's lists; the three sections share one read (public.home_page). */
export function useHomeContent<K extends keyof HomeContent>(part: K): Resource<HomeContent[K]> {
  const home = useResource("home", () => queries.home(db()));
  return home.status === "ready" ? { status: "ready", data: home.data[part], reload: home.reload } : home;
}
