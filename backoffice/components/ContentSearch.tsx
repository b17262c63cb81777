import { useEffect, useState } from "react";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useNavigate } from "react-admin";
import { SEARCH_MAX_LENGTH, searchSources, type SearchHit } from "../../shared/content-search.ts";
import { reportError } from "../lib/errors.ts";
import { allConfigs, pathOf } from "../resources/index.ts";
import type { ResourceConfig } from "../resources/types.ts";
import { recordPathOf } from "./recordPath.ts";
import { useAdminDataProvider } from "./useAdminDataProvider.ts";

const SOURCES = searchSources();
const MAX_RESULTS = 20;
const TYPING_PAUSE_MS = 250;

/** A hit with the text it shows of its match (shared/search-snippet.ts, loaded with the first search). */
type ShownHit = SearchHit & { shownSnippet: string | null };

function configOf(hit: SearchHit): ResourceConfig | undefined {
  return allConfigs.find((config) => config.table === hit.source);
}

/** What a hit is called: the row as its screen names it ("RCRT Whitepaper v1.2"), else its first column. */
export function hitTitle(hit: SearchHit, config = configOf(hit)): string {
  const named = config?.recordRepresentation?.(hit.fields);
  return named || String(Object.values(hit.fields)[0] ?? "");
}

/**
 * The app bar's search across content: posts, videos, collections, gallery items, press quotes,
 * whitepaper versions, media and whatever else the registry makes searchable, through the
 * search_content RPC. A combobox: arrows move through the hits, Enter opens one in its screen.
 */
export function ContentSearch() {
  const dataProvider = useAdminDataProvider();
  const navigate = useNavigate();
  const [input, setInput] = useState("");
  const [result, setResult] = useState<{ query: string; hits: ShownHit[]; failed: boolean } | null>(null);
  const query = input.trim();
  const current = query && result?.query === query ? result : null;
  const hits = current?.hits ?? [];
  const loading = Boolean(query) && !current;
  const failed = current?.failed ?? false;

  useEffect(() => {
    if (!query) return;
    let latest = true;
    const timer = setTimeout(() => {
      Promise.all([dataProvider.rpc<SearchHit[]>("search_content", { query, sources: SOURCES, max_results: MAX_RESULTS }), import("../../shared/search-snippet.ts")])
        .then(([found, { hitSnippet }]) => latest && setResult({ query, hits: (found ?? []).map((hit) => ({ ...hit, shownSnippet: hitSnippet(hit) })), failed: false }))
        .catch((error: unknown) => {
          if (!latest) return;
          reportError("Error searching content", error);
          setResult({ query, hits: [], failed: true });
        });
    }, TYPING_PAUSE_MS);
    return () => {
      latest = false;
      clearTimeout(timer);
    };
  }, [query, dataProvider]);

  const open = (hit: SearchHit) => {
    const config = configOf(hit);
    if (!config) return;
    setInput("");
    // A screen of its own (the media grid) shows the hit through its search; lists open it in the editor.
    if (config.page || !config.capabilities.edit) {
      const firstField = Object.values(hit.fields)[0] ?? "";
      navigate(`${pathOf(config)}?filter=${encodeURIComponent(JSON.stringify({ q: firstField }))}`);
      return;
    }
    navigate(recordPathOf(config, hit.id));
  };

  return (
    <Autocomplete<ShownHit, false, false, false>
      options={hits}
      value={null}
      inputValue={input}
      onInputChange={(_, value, reason) => reason !== "reset" && setInput(value)}
      onChange={(_, hit) => hit && open(hit)}
      filterOptions={(options) => options}
      getOptionLabel={(hit) => hitTitle(hit)}
      isOptionEqualToValue={(a, b) => a.source === b.source && a.id === b.id}
      loading={loading}
      loadingText="Searching..."
      noOptionsText={!query ? "Type to search all content" : failed ? "Search failed. Check your connection and try again." : "No content matches your search."}
      blurOnSelect
      clearOnBlur={false}
      // Narrow on a phone, so that the page title beside it keeps room for its longest word.
      sx={{ width: { xs: 128, sm: 280, md: 360 }, mx: { xs: 0.5, sm: 1 }, flexShrink: 0 }}
      slotProps={{ popper: { sx: { minWidth: 360 } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          placeholder="Search content..."
          slotProps={{ htmlInput: { ...params.inputProps, "aria-label": "Search content", maxLength: SEARCH_MAX_LENGTH } }}
          sx={{ bgcolor: "background.paper", borderRadius: 1 }}
        />
      )}
      renderOption={({ key: _key, ...props }, hit) => {
        const config = configOf(hit);
        const title = hitTitle(hit, config);
        const snippet = hit.shownSnippet;
        return (
          <Box component="li" {...props} key={`${hit.source}:${hit.id}`} sx={{ display: "block !important" }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
              {title}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div" noWrap>
              {config?.label ?? hit.source}
              {snippet && snippet !== title ? ` · ${snippet}` : ""}
            </Typography>
          </Box>
        );
      }}
    />
  );
}
