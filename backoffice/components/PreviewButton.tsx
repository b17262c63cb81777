import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import PreviewIcon from "@mui/icons-material/VisibilityOutlined";
import { useGetRecordRepresentation, useRecordContext, useResourceContext, type RaRecord } from "react-admin";
import { DEFAULT_LANGUAGE, languageEntry, pathInLanguage, type Language } from "../../shared/languages.ts";
import { previewLink } from "../../shared/routes.ts";
import type { ResourceConfig } from "../resources/types.ts";
import { useAdminDataProvider } from "./useAdminDataProvider.ts";
import { useReport } from "./useReport.ts";

export const PREVIEW_ERROR = "Error opening preview";

export interface PreviewButtonProps {
  config: Pick<ResourceConfig, "table" | "sitePath">;
  /** The row to preview; the record in context by default (a translation's editor gives its record's). */
  record?: RaRecord;
  /** The language of the page: a translation's preview is the page under its language's prefix (/ja/updates/...). */
  language?: Language;
}

/**
 * Preview: the row's public page on the live site, rendered with the row as it is now (draft or
 * scheduled), through a short-lived preview link the database issues to admins only; in a
 * translation's language, the same page under that language's address.
 */
export function PreviewButton({ config, record: given, language = DEFAULT_LANGUAGE }: PreviewButtonProps) {
  const inContext = useRecordContext();
  const record = given ?? inContext;
  const resource = useResourceContext();
  const representation = useGetRecordRepresentation(resource);
  const dataProvider = useAdminDataProvider();
  const report = useReport();
  if (!record || !config.sitePath) return null;
  const path = pathInLanguage(config.sitePath(record), language);
  const label = language === DEFAULT_LANGUAGE ? `Preview ${String(representation(record))}`.trim() : `Preview in ${languageEntry(language).name}`;

  const open = async () => {
    // The tab opens within the click (a window opened after an await is a blocked popup), then goes
    // to the link once the database has issued it; it gets no handle on this window.
    const tab = window.open("", "_blank");
    if (tab) tab.opener = null;
    try {
      const { token } = await dataProvider.rpc<{ token: string }>("create_preview_link", { target_table: config.table, row_id: record.id });
      if (tab) tab.location.href = previewLink(path, token);
      else window.location.assign(previewLink(path, token));
    } catch (error) {
      tab?.close();
      report(PREVIEW_ERROR, error);
    }
  };

  return (
    <Tooltip title={`Preview on ${path}`}>
      <IconButton size="small" aria-label={label} onClick={() => void open()}>
        <PreviewIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
