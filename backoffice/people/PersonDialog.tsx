import CancelIcon from "@mui/icons-material/Cancel";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useState, type FormEvent } from "react";
import { useQueryClient, useQuery } from "@tanstack/react-query";
import { useNotify } from "react-admin";
import { isTag, normaliseTag, type PersonRow } from "../../shared/people.ts";
import { useAdminDataProvider } from "../components/useAdminDataProvider.ts";
import { useReport } from "../components/useReport.ts";
import { formatWhen, messageExcerpt } from "./format.ts";
import { PEOPLE_TEXTS } from "./texts.ts";

const T = PEOPLE_TEXTS.person;

export interface PersonEvent {
  at: string;
  kind: "waitlist_signup" | "waitlist_confirmed" | "referral" | "credit_voided" | "newsletter_signup" | "newsletter_confirmed" | "newsletter_unsubscribed" | "form" | "imported" | "consent" | "opt_out";
  seq?: number;
  credited?: boolean;
  form?: "waitlist" | "newsletter" | "contact";
  message?: string | null;
  source?: string | null;
}

export interface PersonDetail extends PersonRow {
  referred: number;
  events: PersonEvent[];
}

/** What an event of the timeline says. */
export function eventText(event: PersonEvent): string {
  const words = PEOPLE_TEXTS.events;
  switch (event.kind) {
    case "waitlist_confirmed":
      return words.waitlist_confirmed(event.seq ?? 0);
    case "referral":
      return words.referral(Boolean(event.credited));
    case "form":
      return words.form[event.form ?? "contact"];
    case "imported":
      return words.imported(event.source ?? null);
    case "consent":
      return words.consent(event.source ?? "");
    default:
      return words[event.kind];
  }
}

function Tags({ person, onChanged }: { person: PersonDetail; onChanged: (tags: string[]) => void }) {
  const dataProvider = useAdminDataProvider();
  const report = useReport();
  const [tag, setTag] = useState("");
  const [pending, setPending] = useState(false);
  const normal = normaliseTag(tag);
  const change = async (name: "person_add_tag" | "person_remove_tag", value: string) => {
    setPending(true);
    try {
      onChanged(await dataProvider.rpc<string[]>(name, { person_id: person.id, tag: value }));
      if (name === "person_add_tag") setTag("");
    } catch (error) {
      report(T.tagFailed, error);
    } finally {
      setPending(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isTag(normal)) void change("person_add_tag", normal);
  };
  return (
    <Box component="section" aria-labelledby="person-tags" sx={{ mt: 2 }}>
      <Typography id="person-tags" variant="subtitle2" component="h3">
        {T.tags}
      </Typography>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", my: 1 }}>
        {person.tags.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {T.noTags}
          </Typography>
        )}
        {person.tags.map((name) => (
          <Chip key={name} label={name} onDelete={pending ? undefined : () => void change("person_remove_tag", name)} deleteIcon={<CancelIcon titleAccess={T.removeTag(name)} />} />
        ))}
      </Box>
      <Box component="form" onSubmit={submit} sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
        <TextField
          size="small"
          label={T.addTag}
          value={tag}
          onChange={(event) => setTag(event.target.value)}
          error={tag.trim() !== "" && !isTag(normal)}
          helperText={T.tagRule}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
        <Button type="submit" variant="outlined" disabled={pending || !isTag(normal) || person.tags.length >= 20}>
          {T.add}
        </Button>
      </Box>
    </Box>
  );
}

function EraseButton({ person, onErased }: { person: PersonDetail; onErased: () => void }) {
  const dataProvider = useAdminDataProvider();
  const report = useReport();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const erase = async () => {
    setPending(true);
    try {
      const deleted = await dataProvider.rpc<Record<string, number>>("person_erase", { person_id: person.id });
      const rows = Object.values(deleted).reduce((sum, count) => sum + count, 0);
      notify(T.erased(rows), { type: "success", messageArgs: { _: T.erased(rows) } });
      setOpen(false);
      onErased();
    } catch (error) {
      report(T.eraseFailed, error);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button color="error" onClick={() => setOpen(true)}>
        {T.erase}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="erase-person">
        <DialogTitle id="erase-person">{T.eraseTitle(person.email)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{T.eraseHelp}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{PEOPLE_TEXTS.cancel}</Button>
          <Button color="error" variant="contained" disabled={pending} onClick={() => void erase()}>
            {T.eraseConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * A person: their states in each list, place and referrals, consent and opt-out, tags (added and
 * removed here), what they did and when, and erasure.
 */
export function PersonDialog({ personId, onClose, onChanged }: { personId: string | null; onClose: () => void; onChanged: () => void }) {
  const dataProvider = useAdminDataProvider();
  const report = useReport();
  const queryClient = useQueryClient();
  const queryKey = ["person_detail", personId];
  const { data: person, error } = useQuery({
    queryKey,
    queryFn: () => dataProvider.rpc<PersonDetail>("person_detail", { person_id: personId }),
    enabled: personId !== null,
    retry: false,
  });
  useEffect(() => {
    if (!error) return;
    report(T.loadFailed, error);
    onClose();
  }, [error, report, onClose]);
  const setPerson = (next: PersonDetail) => queryClient.setQueryData(queryKey, next);
  const waitlist = person?.waitlist
    ? `${PEOPLE_TEXTS.waitlistStates[person.waitlist]}${person.place ? `. ${T.place(person.place, person.referrals)}` : ""}`
    : T.notOnWaitlist;
  const newsletter = person?.newsletter ? PEOPLE_TEXTS.newsletterStates[person.newsletter] : T.notSubscribed;
  return (
    <Dialog open={personId !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="person-title">
      <DialogTitle id="person-title">{person?.email ?? " "}</DialogTitle>
      <DialogContent dividers>
        {!person ? (
          <Box sx={{ display: "flex", justifyContent: "center", p: 3 }}>
            <CircularProgress aria-label={PEOPLE_TEXTS.title} />
          </Box>
        ) : (
          <>
            <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2, rowGap: 0.5, m: 0, "& dt": { color: "text.secondary" }, "& dd": { m: 0 } }}>
              <dt>{T.language}</dt>
              <dd>{person.language}</dd>
              <dt>{T.waitlist}</dt>
              <dd>
                {waitlist}
                {person.referred > 0 && <Box component="span" sx={{ display: "block", color: "text.secondary" }}>{T.referred(person.referred)}</Box>}
              </dd>
              <dt>{T.newsletter}</dt>
              <dd>
                {newsletter}
                {person.mail_consent_source && person.mail_consent_at && (
                  <Box component="span" sx={{ display: "block", color: "text.secondary" }}>
                    {T.consent(person.mail_consent_source, formatWhen(person.mail_consent_at))}
                  </Box>
                )}
                {person.mail_opt_out_at && <Box component="span" sx={{ display: "block", color: "warning.main" }}>{T.optedOut(formatWhen(person.mail_opt_out_at))}</Box>}
              </dd>
            </Box>
            <Tags person={person} onChanged={(tags) => {
              setPerson({ ...person, tags });
              onChanged();
            }} />
            <Box component="section" aria-labelledby="person-timeline" sx={{ mt: 2 }}>
              <Typography id="person-timeline" variant="subtitle2" component="h3">
                {T.timeline}
              </Typography>
              <List dense>
                {person.events.map((event, index) => (
                  <ListItem key={`${event.kind}-${index}`} disableGutters>
                    <ListItemText primary={eventText(event)} secondary={[formatWhen(event.at), event.form === "contact" ? messageExcerpt(event.message) : null].filter(Boolean).join(" · ")} />
                  </ListItem>
                ))}
              </List>
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: "space-between" }}>
        {person ? (
          <EraseButton
            person={person}
            onErased={() => {
              onClose();
              onChanged();
            }}
          />
        ) : (
          <span />
        )}
        <Button onClick={onClose}>{PEOPLE_TEXTS.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
