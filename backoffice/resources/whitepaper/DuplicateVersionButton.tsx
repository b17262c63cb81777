import { useState } from "react";
import Button from "@mui/material/Button";
import ContentCopyIcon from "@mui/icons-material/ContentCopyOutlined";
import { useNotify, useRefresh } from "react-admin";
import type { Whitepaper } from "../../../shared/types.ts";
import { useAdminDataProvider } from "../../components/useAdminDataProvider.ts";
import { useReport } from "../../components/useReport.ts";

/**
 * "Duplicate as New Version": the duplicate_whitepaper RPC makes a draft from the published version
 * (its sections, the next version number) in one transaction; the new draft opens in the editor.
 */
export function DuplicateVersionButton({ openEditor }: { openEditor(id: string): void }) {
  const dataProvider = useAdminDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const report = useReport();
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="outlined"
      startIcon={<ContentCopyIcon />}
      disabled={pending}
      onClick={() => {
        setPending(true);
        dataProvider
          .rpc<Whitepaper>("duplicate_whitepaper", {})
          .then((draft) => {
            notify(`Version ${draft.version} started from the published version`, { type: "info" });
            refresh();
            openEditor(draft.id);
          })
          .catch((error: unknown) => report("Error duplicating whitepaper", error))
          .finally(() => setPending(false));
      }}
    >
      Duplicate as New Version
    </Button>
  );
}
