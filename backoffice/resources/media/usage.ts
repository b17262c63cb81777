import { useCallback, useEffect, useState } from "react";
import { CONTENT_TABLES } from "../../../shared/content-tables.ts";
import { mediaUsageSources, usesByUrl, type MediaUse } from "../../../shared/media-usage.ts";
import type { MediaAsset } from "../../../shared/content-types/media.ts";
import { assetAddress } from "../../lib/images.ts";
import { useAdminDataProvider } from "../../components/useAdminDataProvider.ts";
import { allConfigs } from "../index.ts";

export interface MediaUsage {
  state: "pending" | "done" | "error";
  of(url: string): MediaUse[];
}

const NONE: MediaUse[] = [];

/** Where the assets shown are used: one `media_usage` call for the whole page of URLs. */
export function useMediaUsage(urls: string[]): MediaUsage {
  const dataProvider = useAdminDataProvider();
  const key = urls.join("\n");
  const [result, setResult] = useState<{ key: string; state: MediaUsage["state"]; uses: Map<string, MediaUse[]> }>({ key: "", state: "pending", uses: new Map() });
  useEffect(() => {
    if (key === "") return;
    let current = true;
    dataProvider.rpc<MediaUse[]>("media_usage", { urls: key.split("\n"), sources: mediaUsageSources(CONTENT_TABLES) }).then(
      (uses) => current && setResult({ key, state: "done", uses: usesByUrl(uses) }),
      () => current && setResult({ key, state: "error", uses: new Map() }),
    );
    return () => {
      current = false;
    };
  }, [dataProvider, key]);
  const fresh = result.key === key;
  const of = useCallback((url: string) => (fresh ? (result.uses.get(url) ?? NONE) : NONE), [fresh, result]);
  return { state: fresh ? result.state : "pending", of };
}

/** A use's kind (a content table's route name) as its screen is labelled in the sidebar. */
export function useUseLabel(): (kind: string) => string {
  return useCallback((kind: string) => allConfigs.find((config) => config.name === kind)?.label ?? kind, []);
}

/** Where to show an asset: after a replacement the URL is the same, so the browser is told it changed. */
export function assetDisplayUrl(asset: Pick<MediaAsset, "url" | "metadata">): string {
  const replacedAt = (asset.metadata as { replaced_at?: unknown } | null)?.replaced_at;
  const url = assetAddress(asset.url);
  return typeof replacedAt === "string" ? `${url}${url.includes("?") ? "&" : "?"}v=${encodeURIComponent(replacedAt)}` : url;
}
