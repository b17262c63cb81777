import { ensureBuild } from "../../scripts/build.ts";

/** The web tier renders pages with the site's built server entry: build once before the layer runs. */
export default async function setup() {
  await ensureBuild({ log: () => {} });
}
