import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState, type ChangeEvent } from "react";
import { importRowsOf, type ImportRow, type ParsedImport } from "../../shared/people.ts";
import { useAdminDataProvider } from "../components/useAdminDataProvider.ts";
import { useReport } from "../components/useReport.ts";
import { PEOPLE_TEXTS } from "./texts.ts";

const T = PEOPLE_TEXTS.import;

export interface ImportResult {
  received: number;
  accepted: number;
  created: number;
  subscribed: number;
  kept_unsubscribed: number;
  errors: { row: number; message: string }[];
}

const FILE_PROBLEMS: Record<Exclude<ParsedImport["problem"], null>, string> = {
  "no email column": T.noEmailColumn,
  "no rows": T.noRows,
  "too many rows": T.tooManyRows,
};

/**
 * An administrator imports a CSV file (people_import): the file is read here, its rows sent at once;
 * the database reports each row it refused, and writes nothing of those. Consent needs its source.
 */
export function ImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const dataProvider = useAdminDataProvider();
  const report = useReport();
  const [file, setFile] = useState<{ name: string; rows: ImportRow[]; problem: string | null } | null>(null);
  const [consent, setConsent] = useState(false);
  const [source, setSource] = useState("");
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const close = () => {
    setFile(null);
    setConsent(false);
    setSource("");
    setResult(null);
    onClose();
  };
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = "";
    if (!chosen) return;
    const parsed = importRowsOf(await chosen.text());
    setResult(null);
    setFile({ name: chosen.name, rows: parsed.rows, problem: parsed.problem ? FILE_PROBLEMS[parsed.problem] : null });
  };
  const missingSource = consent && source.trim() === "";
  const run = async () => {
    if (!file) return;
    setPending(true);
    try {
      setResult(await dataProvider.rpc<ImportResult>("people_import", { rows: file.rows, consent, source: source.trim() || null }));
      onImported();
    } catch (error) {
      report(T.failed, error);
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="people-import">
      <DialogTitle id="people-import">{T.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{T.help}</DialogContentText>
        <Button component="label" variant="outlined">
          {T.file}
          <input hidden type="file" accept=".csv,text/csv" onChange={(event) => void choose(event)} data-testid="people-import-file" />
        </Button>
        {file && (
          <Typography variant="body2" sx={{ mt: 1 }} role="status">
            {file.problem ?? T.read(file.rows.length, file.name)}
          </Typography>
        )}
        <FormControlLabel sx={{ mt: 2, display: "flex" }} control={<Checkbox checked={consent} onChange={(event) => setConsent(event.target.checked)} />} label={T.consent} />
        <FormHelperText sx={{ mt: 0 }}>{T.consentHelp}</FormHelperText>
        <TextField
          fullWidth
          margin="normal"
          label={T.source}
          value={source}
          onChange={(event) => setSource(event.target.value)}
          required={consent}
          error={missingSource}
          helperText={missingSource ? T.sourceRequired : T.sourceHelp}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        {result && (
          <Box sx={{ mt: 1 }} role="status" aria-live="polite">
            <Alert severity={result.errors.length ? "warning" : "success"}>
              {T.result(result.accepted, result.created, result.subscribed)}
              {result.kept_unsubscribed > 0 && ` ${T.keptUnsubscribed(result.kept_unsubscribed)}`}
            </Alert>
            {result.errors.length > 0 && (
              <Box sx={{ mt: 1 }}>
                <Typography variant="body2">{T.errors(result.errors.length)}</Typography>
                <Box component="ul" sx={{ maxHeight: 200, overflow: "auto", pl: 3, my: 0.5 }}>
                  {result.errors.map((error) => (
                    <li key={error.row}>{T.errorLine(error.row, error.message)}</li>
                  ))}
                </Box>
              </Box>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{PEOPLE_TEXTS.close}</Button>
        <Button variant="contained" disabled={pending || !file || file.problem !== null || missingSource || result !== null} onClick={() => void run()}>
          {T.run}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
