import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import LinearProgress from "@mui/material/LinearProgress";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TablePagination from "@mui/material/TablePagination";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { downloadCSV, Title, useNotify } from "react-admin";
import { filterProblem, isTag, NEWSLETTER_STATES, normaliseTag, peopleCsv, WAITLIST_STATES, type PeopleFilter, type PersonRow } from "../../shared/people.ts";
import { PageHeader } from "../components/PageHeader.tsx";
import { useAdminDataProvider } from "../components/useAdminDataProvider.ts";
import { useReport } from "../components/useReport.ts";
import { formatWhen } from "./format.ts";
import { ImportDialog } from "./ImportDialog.tsx";
import { PersonDialog } from "./PersonDialog.tsx";
import { PEOPLE_TEXTS } from "./texts.ts";

const T = PEOPLE_TEXTS;
const EXPORT_PAGE = 1000;

interface Segment {
  id: string;
  name: string;
  filter: PeopleFilter;
}
interface SegmentSize {
  id: string;
  name: string;
  size: number;
}
interface Page {
  total: number;
  rows: PersonRow[];
}

/** The conditions as the form holds them: text fields as typed, turned into a filter only when valid. */
interface Conditions {
  waitlist: string;
  top: string;
  newsletter: string;
  tag: string;
  language: string;
  contacted: string;
  imported: string;
}
const NO_CONDITIONS: Conditions = { waitlist: "", top: "", newsletter: "", tag: "", language: "", contacted: "", imported: "" };

function filterOf(conditions: Conditions): PeopleFilter {
  const filter: PeopleFilter = {};
  if (conditions.waitlist) filter.waitlist = conditions.waitlist as PeopleFilter["waitlist"];
  if (/^\d+$/.test(conditions.top)) filter.waitlist_top = Number(conditions.top);
  if (conditions.newsletter) filter.newsletter = conditions.newsletter as PeopleFilter["newsletter"];
  if (conditions.tag.trim()) filter.tag = normaliseTag(conditions.tag);
  if (conditions.language.trim()) filter.language = conditions.language.trim();
  if (conditions.contacted) filter.contacted = conditions.contacted === "yes";
  if (conditions.imported) filter.imported = conditions.imported === "yes";
  return filter;
}

function conditionsOf(filter: PeopleFilter): Conditions {
  const yesNo = (value: boolean | undefined) => (value === undefined ? "" : value ? "yes" : "no");
  return {
    waitlist: filter.waitlist ?? "",
    top: filter.waitlist_top === undefined ? "" : String(filter.waitlist_top),
    newsletter: filter.newsletter ?? "",
    tag: filter.tag ?? "",
    language: filter.language ?? "",
    contacted: yesNo(filter.contacted),
    imported: yesNo(filter.imported),
  };
}

/** Waits until typing stops before a value is used (a search box, a number). */
function useSettled<V>(value: V, delay = 300): V {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

function Choice({ label, value, onChange, choices }: { label: string; value: string; onChange: (value: string) => void; choices: readonly { id: string; name: string }[] }) {
  return (
    <TextField select size="small" fullWidth={false} label={label} value={value} onChange={(event) => onChange(event.target.value)} sx={{ minWidth: 150 }} slotProps={SHOW_EMPTY_CHOICE}>
      <MenuItem value="">{T.filters.any}</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A select shows its empty choice ("Any", "Everyone") by name rather than as a blank field. */
const SHOW_EMPTY_CHOICE = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

const YES_NO = [
  { id: "yes", name: T.filters.yes },
  { id: "no", name: T.filters.no },
];

/** Save as a new segment, or rename one: a name, unique among segments. */
function NameDialog({ title, help, initial, open, onClose, onSave }: { title: string; help?: string; initial: string; open: boolean; onClose: () => void; onSave: (name: string) => Promise<void> }) {
  const [name, setName] = useState(initial);
  const [pending, setPending] = useState(false);
  const save = async () => {
    setPending(true);
    try {
      await onSave(name.trim());
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="segment-name">
      <DialogTitle id="segment-name">{title}</DialogTitle>
      <DialogContent>
        {help && <DialogContentText>{help}</DialogContentText>}
        <TextField autoFocus fullWidth margin="dense" label={T.segments.name} value={name} onChange={(event) => setName(event.target.value)} slotProps={{ htmlInput: { maxLength: 80 } }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.cancel}</Button>
        <Button variant="contained" disabled={pending || name.trim() === ""} onClick={() => void save()}>
          {T.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What a failed segment save says: a taken name plainly, anything else with the database's words. */
function isNameTaken(error: unknown): boolean {
  const body = (error as { body?: { code?: string } } | null)?.body;
  return body?.code === "23505" || /segments_name_key|duplicate key/.test(String((error as { message?: string } | null)?.message ?? ""));
}

/**
 * People: every address of the lists as one person (administrators only; the database shows
 * editors none). A page of 25 with the total, search by address, conditions or a saved segment,
 * segments saved, renamed and deleted, a person's detail (tags, timeline, erasure), import and export.
 */
export function PeoplePage() {
  const dataProvider = useAdminDataProvider();
  const report = useReport();
  const notify = useNotify();
  const [search, setSearch] = useState("");
  const [conditions, setConditions] = useState<Conditions>(NO_CONDITIONS);
  const [segmentId, setSegmentId] = useState("");
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const [naming, setNaming] = useState<"save" | "rename" | null>(null);
  const [removing, setRemoving] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exported, setExported] = useState<number | null>(null);

  const settledSearch = useSettled(search);
  const filterKey = useSettled(JSON.stringify(filterOf(conditions)));
  const filter = useMemo(() => JSON.parse(filterKey) as PeopleFilter, [filterKey]);
  const problem = filterProblem(filter);
  const changed = useCallback(() => setVersion((value) => value + 1), []);
  const closePerson = useCallback(() => setOpen(null), []);

  const { data: saved } = useQuery({
    queryKey: ["segments", version],
    queryFn: async () => {
      const [list, counted] = await Promise.all([
        dataProvider.getList<Segment>("segments", { pagination: { page: 1, perPage: 500 }, sort: { field: "name", order: "ASC" }, filter: {} }),
        dataProvider.rpc<SegmentSize[]>("segment_sizes", {}),
      ]);
      return { segments: list.data, sizes: Object.fromEntries(counted.map((entry) => [entry.id, entry.size])) as Record<string, number> };
    },
  });
  const segments = saved?.segments ?? [];
  const sizes = saved?.sizes ?? {};
  const segment = segments.find((candidate) => candidate.id === segmentId);
  const listed = useQuery({
    queryKey: ["people_page", filterKey, settledSearch, page, perPage, version],
    queryFn: () => dataProvider.rpc<Page>("people_page", { filter, search: settledSearch, page_size: perPage, page_offset: page * perPage }),
    enabled: !problem,
    placeholderData: keepPreviousData,
  });
  const answer = listed.data;
  const loading = listed.isFetching;
  const failed = listed.isError;

  const setCondition = (key: keyof Conditions) => (value: string) => {
    setConditions((previous) => ({ ...previous, [key]: value }));
    setSegmentId("");
    setPage(0);
  };
  const chooseSegment = (id: string) => {
    setSegmentId(id);
    setConditions(conditionsOf(segments.find((candidate) => candidate.id === id)?.filter ?? {}));
    setPage(0);
  };
  const saveSegment = async (name: string) => {
    try {
      if (naming === "rename" && segment) {
        await dataProvider.update<Segment>("segments", { id: segment.id, data: { name }, previousData: segment });
      } else {
        const { data } = await dataProvider.create<Segment>("segments", { data: { name, filter: filterOf(conditions) } });
        setSegmentId(data.id);
      }
      notify(T.segments.saved, { type: "success", messageArgs: { _: T.segments.saved } });
      setNaming(null);
      changed();
    } catch (error) {
      if (isNameTaken(error)) notify(T.segments.nameTaken, { type: "error", messageArgs: { _: T.segments.nameTaken } });
      else report(T.segments.saveFailed, error);
    }
  };
  const removeSegment = async () => {
    if (!segment) return;
    try {
      await dataProvider.delete<Segment>("segments", { id: segment.id, previousData: segment });
      setSegmentId("");
      setRemoving(false);
      changed();
    } catch (error) {
      report(T.segments.removeFailed, error);
    }
  };
  const exportAll = async () => {
    const everyone: PersonRow[] = [];
    setExported(0);
    try {
      for (;;) {
        const after = everyone.at(-1)?.email ?? null;
        const rows = await dataProvider.rpc<PersonRow[]>("people_export", { filter, search: settledSearch, after_email: after, page_size: EXPORT_PAGE });
        everyone.push(...rows);
        setExported(everyone.length);
        if (rows.length < EXPORT_PAGE) break;
      }
      downloadCSV(`\uFEFF${peopleCsv(everyone)}`, `people-${new Date().toISOString().slice(0, 10)}`);
    } catch (error) {
      report(T.export.failed, error);
    } finally {
      setExported(null);
    }
  };

  const tagProblem = conditions.tag.trim() !== "" && !isTag(normaliseTag(conditions.tag));
  const topProblem = conditions.top !== "" && (!/^\d+$/.test(conditions.top) || Number(conditions.top) < 1 || Number(conditions.top) > 1_000_000);
  return (
    <Box>
      <Title title={T.title} />
      <PageHeader
        title={T.title}
        actions={
          <Box sx={{ display: "flex", gap: 1 }}>
            <Button variant="outlined" onClick={() => setImporting(true)}>
              {T.import.button}
            </Button>
            <Button variant="outlined" disabled={exported !== null || !!problem} onClick={() => void exportAll()}>
              {exported === null ? T.export.button : T.export.running(exported)}
            </Button>
          </Box>
        }
      >
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 760 }}>
          {T.intro}
        </Typography>
      </PageHeader>
      <Box role="search" sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "flex-start", my: 2 }}>
        <TextField size="small" fullWidth={false} type="search" label={T.searchLabel} sx={{ width: 260 }} value={search} onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
        />
        <TextField select size="small" fullWidth={false} label={T.filters.segment} value={segmentId} onChange={(event) => chooseSegment(event.target.value)} sx={{ minWidth: 200 }} slotProps={SHOW_EMPTY_CHOICE}>
          <MenuItem value="">{T.filters.noSegment}</MenuItem>
          {segments.map((saved) => (
            <MenuItem key={saved.id} value={saved.id}>
              {sizes[saved.id] === undefined ? saved.name : T.segments.size(saved.name, sizes[saved.id]!)}
            </MenuItem>
          ))}
        </TextField>
        <Choice label={T.filters.waitlist} value={conditions.waitlist} onChange={setCondition("waitlist")} choices={WAITLIST_STATES.map((id) => ({ id, name: T.waitlistStates[id] }))} />
        <TextField
          size="small"
          fullWidth={false}
          label={T.filters.top}
          value={conditions.top}
          onChange={(event) => setCondition("top")(event.target.value.trim())}
          error={topProblem}
          sx={{ width: 170 }}
          slotProps={{ htmlInput: { inputMode: "numeric" } }}
        />
        <Choice label={T.filters.newsletter} value={conditions.newsletter} onChange={setCondition("newsletter")} choices={NEWSLETTER_STATES.map((id) => ({ id, name: T.newsletterStates[id] }))} />
        <TextField size="small" fullWidth={false} label={T.filters.tag} value={conditions.tag} onChange={(event) => setCondition("tag")(event.target.value)} error={tagProblem} sx={{ width: 150 }} />
        <TextField size="small" fullWidth={false} label={T.filters.language} value={conditions.language} onChange={(event) => setCondition("language")(event.target.value)} sx={{ width: 110 }} />
        <Choice label={T.filters.contacted} value={conditions.contacted} onChange={setCondition("contacted")} choices={YES_NO} />
        <Choice label={T.filters.importedLabel} value={conditions.imported} onChange={setCondition("imported")} choices={YES_NO} />
        <Button
          onClick={() => {
            setConditions(NO_CONDITIONS);
            setSegmentId("");
            setPage(0);
          }}
        >
          {T.filters.clear}
        </Button>
        {segment ? (
          <>
            <Button onClick={() => setNaming("rename")}>{T.segments.rename}</Button>
            <Button color="error" onClick={() => setRemoving(true)}>
              {T.segments.remove}
            </Button>
          </>
        ) : (
          <Button variant="contained" disabled={!!problem || Object.keys(filter).length === 0} onClick={() => setNaming("save")}>
            {T.segments.save}
          </Button>
        )}
      </Box>
      {problem && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {failed && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={changed}>{T.tryAgain}</Button>}>
          {T.loadFailed}
        </Alert>
      )}
      <Paper variant="outlined">
        {loading && <LinearProgress aria-label={T.title} />}
        <Typography variant="subtitle2" component="p" sx={{ px: 2, pt: 1.5 }} role="status" data-testid="people-total">
          {answer ? T.total(answer.total) : " "}
        </Typography>
        <TableContainer>
          <Table size="small" aria-label={T.title}>
            <TableHead>
              <TableRow>
                {Object.values(T.columns).map((label) => (
                  <TableCell key={label}>{label}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {answer?.rows.map((person) => (
                <TableRow key={person.id} hover onClick={() => setOpen(person.id)} sx={{ cursor: "pointer" }}>
                  <TableCell>
                    <Button variant="text" size="small" sx={{ textTransform: "none", p: 0, minWidth: 0 }} onClick={(event) => {
                        event.stopPropagation();
                        setOpen(person.id);
                      }}
                    >
                      {person.email}
                    </Button>
                    {person.imported_at && <Chip size="small" variant="outlined" label={T.imported} sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell>{person.language}</TableCell>
                  <TableCell>
                    {person.waitlist ? T.waitlistStates[person.waitlist] : ""}
                    {person.place ? ` ${T.place(person.place)}` : ""}
                  </TableCell>
                  <TableCell>{person.waitlist ? person.referrals : ""}</TableCell>
                  <TableCell>
                    {person.newsletter ? T.newsletterStates[person.newsletter] : ""}
                    {person.mail_opt_out_at && <Chip size="small" color="warning" variant="outlined" label={T.optedOut} sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell>{person.contacted || ""}</TableCell>
                  <TableCell>
                    <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }}>
                      {person.tags.map((tag) => (
                        <Chip key={tag} size="small" label={tag} />
                      ))}
                    </Box>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{formatWhen(person.created_at)}</TableCell>
                </TableRow>
              ))}
              {answer && answer.rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={8} sx={{ p: 4, textAlign: "center", color: "text.secondary" }}>
                    {T.empty}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={answer?.total ?? 0}
          page={page}
          rowsPerPage={perPage}
          rowsPerPageOptions={[25, 50, 100]}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPerPage(Number(event.target.value));
            setPage(0);
          }}
        />
      </Paper>
      <PersonDialog personId={open} onClose={closePerson} onChanged={changed} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} onImported={changed} />
      <NameDialog
        key={`${naming ?? "closed"}-${segment?.id ?? ""}`}
        open={naming !== null}
        title={naming === "rename" ? T.segments.renameTitle : T.segments.saveTitle}
        help={naming === "rename" ? undefined : T.segments.saveHelp}
        initial={naming === "rename" ? (segment?.name ?? "") : ""}
        onClose={() => setNaming(null)}
        onSave={saveSegment}
      />
      <Dialog open={removing} onClose={() => setRemoving(false)} aria-labelledby="segment-remove">
        <DialogTitle id="segment-remove">{T.segments.removeTitle(segment?.name ?? "")}</DialogTitle>
        <DialogContent>
          <DialogContentText>{T.segments.removeHelp}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(false)}>{T.cancel}</Button>
          <Button color="error" variant="contained" onClick={() => void removeSegment()}>
            {T.segments.remove}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
