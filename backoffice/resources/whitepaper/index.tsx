import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useRecordContext } from "react-admin";
import whitepaper from "../../../shared/content-types/whitepaper.ts";
import type { Whitepaper } from "../../../shared/content-types/whitepaper.ts";
import { lazyInput, resourceOf } from "../types.ts";
import { newVersionFrom, publishVersion } from "./versions.ts";

function ChangeLog() {
  const record = useRecordContext<Whitepaper>();
  const log = record?.change_log ?? [];
  if (!record || log.length === 0) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="subtitle2" color="text.secondary">
        Change log
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 3, color: "text.secondary", fontSize: 14 }}>
        {log.map((entry, index) => (
          <li key={index}>{entry}</li>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        Saving adds “Updated whitepaper content”.
      </Typography>
    </Box>
  );
}

/** Whitepaper Management: the sections' editor, the change log, publishing through the RPC and a new version from a chosen one. */
export default resourceOf(whitepaper, {
  inputs: {
    sections: lazyInput(async () => (await import("../../components/inputs/SectionsInput.tsx")).SectionsInput),
    change_log: ChangeLog,
  },
  publish: publishVersion,
  copy: newVersionFrom,
});
