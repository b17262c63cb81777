import { useEffect, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import SendIcon from "@mui/icons-material/ForwardToInboxOutlined";
import TestMailIcon from "@mui/icons-material/MarkEmailReadOutlined";
import ScheduleIcon from "@mui/icons-material/ScheduleSendOutlined";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useQuery } from "@tanstack/react-query";
import { useCanAccess, useRecordContext } from "react-admin";
import { countOf } from "../../shared/format.ts";
import { audienceRefusal, sendRefusal, type Publishable } from "../../shared/publishing.ts";
import { useAdminDataProvider } from "../components/useAdminDataProvider.ts";

/** A send's state as the web tier reports it (newsletter_progress). */
export interface SendProgress {
  /** When the send started going out; null while a scheduled send waits for its time. */
  sent_at: string | null;
  scheduled_for: string | null;
  /** Recipients of the send who have unsubscribed since it started. */
  unsubscribed: number;
  /** The links of its mail, in order, each with the clicks the site's redirect counted. */
  links: { url: string; clicks: number }[];
  recipients: number;
  /** The segment the send was aimed at (its name then); null: everyone subscribed. */
  segment: string | null;
  sent: number;
  pending: number;
  failed: number;
  skipped: number;
}

export interface NewsletterPreview {
  recipients: number;
  mailConfigured: boolean;
  preview: { subject: string; html: string; text: string };
  send: SendProgress | null;
}

export const SEND_LABEL = "Send as newsletter";
export const SEND_FAILED = "The newsletter could not be sent. Try again in a moment.";
export const TEST_LABEL = "Send a test to me";

/** What the web tier answers a test mail (POST .../test). */
interface TestSent {
  sentTo: string;
}

/**
 * What is sent: a post (its row in the posts list, sent once it is live) or a mail written for the
 * newsletter (its row in Mails); the web tier's routes are /api/newsletters/posts/<id> and /mails/<id>.
 */
export type NewsletterSource = "posts" | "mails";

const NOUNS: Record<NewsletterSource, string> = { posts: "post", mails: "mail" };

async function call<T>(source: NewsletterSource, path: string, method = "GET", payload?: unknown): Promise<T> {
  // Loaded on first use: the resources' configs (and so this button) are imported where no client exists.
  const { supabase } = await import("../lib/supabase.ts");
  const { data } = await supabase.auth.getSession();
  const headers: Record<string, string> = data.session ? { Authorization: `Bearer ${data.session.access_token}` } : {};
  if (payload !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`/api/newsletters/${source}/${path}`, { method, headers, body: payload === undefined ? undefined : JSON.stringify(payload) });
  const body = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok) throw new Error(body.message ?? SEND_FAILED);
  return body;
}

const dateTime = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

export function sentSummary(send: SendProgress): string {
  const aimed = send.segment === null ? "" : ` in ${send.segment}`;
  if (send.sent_at === null) return `Scheduled for ${dateTime(send.scheduled_for!)}${send.segment === null ? "" : `, to ${send.segment}`}.`;
  return `Sent on ${dateTime(send.sent_at)} to ${countOf(send.recipients, send.segment === null ? "subscriber" : "person", send.segment === null ? undefined : "people")}${aimed}.`;
}

/** The choice of recipients: everyone subscribed to the newsletter (no segment), or a saved segment of People. */
export const EVERYONE = "Everyone subscribed to the newsletter";

export const CLICKS_NOTE = "Clicks are counted per link by the site's own redirect: no open pixel, no third party, nothing about who clicked.";

/** What a scheduled send takes when its time comes. */
export function scheduledNote(source: NewsletterSource, aimed = false): string {
  const who = aimed ? "the segment's people who may be mailed then" : "the subscribers confirmed then";
  return source === "posts"
    ? `It goes to ${who}, with the post as it is then. If the post is no longer live by then, it is not sent.`
    : `It goes to ${who}, with the mail as it is then.`;
}

/** Who of a segment is mailed: those who confirmed an address with us and have not unsubscribed. */
export const SEGMENT_NOTE = "Only the segment's people who confirmed their address (newsletter or waitlist) or whose import stated their consent, and who have not unsubscribed, are mailed.";

/** A datetime-local field's value (local time, to the minute) for `date`. */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function progressText(send: SendProgress): string {
  return `${send.pending === 0 ? "Sent" : "Sending"}: ${send.sent} sent, ${send.pending} pending, ${send.failed} failed`;
}

/** "Send as newsletter" on a post's row (blog's row actions). */
export function SendPostButton() {
  return <SendNewsletterButton source="posts" />;
}

/** "Send as newsletter" on a mail's row (Mails' row actions). */
export function SendMailButton() {
  return <SendNewsletterButton source="mails" />;
}

/** People's saved segments, which a send may be aimed at (administrators read them; sending is theirs alone). */
function useSegments(enabled = true) {
  const dataProvider = useAdminDataProvider();
  return useQuery({
    queryKey: ["segments", "send"],
    queryFn: async () => (await dataProvider.getList<{ id: string; name: string }>("segments", { pagination: { page: 1, perPage: 500 }, sort: { field: "name", order: "ASC" }, filter: {} })).data,
    enabled,
    staleTime: 30_000,
  });
}

/**
 * "Send as newsletter" on a row, for administrators: recipients, preview, test, confirm or schedule,
 * progress. Offered only when the send can succeed; otherwise shown inactive, its tooltip saying why.
 */
function SendNewsletterButton({ source }: { source: NewsletterSource }) {
  const record = useRecordContext<{ id: string; title?: string; subject?: string } & Publishable>();
  // Sending is for administrators (auth/access.ts); the database refuses anyone else.
  const { canAccess } = useCanAccess({ resource: "newsletters", action: "send" });
  const dataProvider = useAdminDataProvider();
  // One count for every row of the list.
  const { data: recipients } = useQuery({
    queryKey: ["newsletter_recipient_count"],
    queryFn: () => dataProvider.rpc<number>("newsletter_recipient_count", {}),
    enabled: canAccess === true,
    staleTime: 30_000,
  });
  const { data: segments } = useSegments(canAccess === true);
  const [open, setOpen] = useState(false);
  if (!record || canAccess !== true) return null;
  // With no confirmed subscriber, a send can still go to a segment's people (the waitlist's, say).
  const audience = { subscribers: recipients, segments: segments?.length };
  // A post is sent once it is live; a mail has no page and can go at any time.
  const refusal = source === "posts" ? sendRefusal(record, audience) : audienceRefusal(audience);
  const label = `${SEND_LABEL}: ${record.title ?? record.subject}`;
  if (refusal) {
    return (
      <Tooltip title={refusal}>
        {/* Focusable, so that the reason can be read from the keyboard too. */}
        <IconButton size="small" aria-label={label} aria-disabled="true" aria-description={refusal} onClick={(event) => event.stopPropagation()} sx={{ color: "action.disabled", cursor: "default" }}>
          <SendIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <>
      <Tooltip title={SEND_LABEL}>
        <IconButton size="small" aria-label={label} onClick={() => setOpen(true)}>
          <SendIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && <SendNewsletterDialog source={source} id={record.id} onClose={() => setOpen(false)} />}
    </>
  );
}

export function SendNewsletterDialog({ source, id, onClose }: { source: NewsletterSource; id: string; onClose: () => void }) {
  const noun = NOUNS[source];
  const dataProvider = useAdminDataProvider();
  const { data: segments } = useSegments();
  const [segmentId, setSegmentId] = useState("");
  const segment = segments?.find((candidate) => candidate.id === segmentId) ?? null;
  const { data: aimedRecipients } = useQuery({
    queryKey: ["newsletter_recipient_count", segmentId],
    queryFn: () => dataProvider.rpc<number>("newsletter_recipient_count", { segment_id: segmentId }),
    enabled: segmentId !== "",
  });
  const note = scheduledNote(source, segment !== null);
  const [details, setDetails] = useState<NewsletterPreview | null>(null);
  const [send, setSend] = useState<SendProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [alreadySent, setAlreadySent] = useState(false);
  const [testing, setTesting] = useState(false);
  const [sendAt, setSendAt] = useState("");
  const [tested, setTested] = useState<{ severity: "success" | "error"; text: string } | null>(null);

  // The preview as the chosen recipients get it: a segment's mail says in its footer why they get it.
  useEffect(() => {
    let live = true;
    call<NewsletterPreview>(source, segmentId ? `${id}?segment=${segmentId}` : id)
      .then((found) => {
        if (!live) return;
        setDetails(found);
        setSend(found.send);
        setAlreadySent(found.send !== null);
      })
      .catch((reason: unknown) => live && setError(reason instanceof Error ? reason.message : SEND_FAILED));
    return () => {
      live = false;
    };
  }, [source, id, segmentId]);

  // While mails are pending, the counts are read again every second; a scheduled send, every 5 s,
  // until it starts.
  const running = send !== null && send.pending > 0;
  const waiting = send !== null && send.sent_at === null;
  useEffect(() => {
    if (!running && !waiting) return;
    const timer = setInterval(
      () => {
        call<NewsletterPreview>(source, id)
          .then((found) => setSend(found.send))
          .catch(() => undefined);
      },
      running ? 1000 : 5000,
    );
    return () => clearInterval(timer);
  }, [running, waiting, source, id]);

  async function confirm(at?: string) {
    setSending(true);
    setError(null);
    try {
      const result = await call<SendProgress & { already_sent: boolean }>(source, `${id}/send`, "POST", {
        ...(at && { send_at: new Date(at).toISOString() }),
        ...(segment && { segment_id: segment.id }),
      });
      setSend(result);
      setAlreadySent(result.already_sent);
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : SEND_FAILED);
    } finally {
      setSending(false);
    }
  }

  async function cancelScheduled() {
    setSending(true);
    setError(null);
    try {
      setSend(await call<SendProgress | null>(source, `${id}/send`, "DELETE"));
      setAlreadySent(false);
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : SEND_FAILED);
    } finally {
      setSending(false);
    }
  }

  async function sendTest() {
    setTesting(true);
    setTested(null);
    try {
      const { sentTo } = await call<TestSent>(source, `${id}/test`, "POST");
      setTested({ severity: "success", text: `A test was sent to ${sentTo}.` });
    } catch (reason) {
      setTested({ severity: "error", text: reason instanceof Error ? reason.message : SEND_FAILED });
    } finally {
      setTesting(false);
    }
  }

  const done = send !== null && send.pending === 0;
  // Whom a send made now would reach: the segment's people who may be mailed, or every confirmed subscriber.
  const recipients = segment ? aimedRecipients : details?.recipients;
  const recipientsText = recipients === undefined ? null : segment ? countOf(recipients, "person", "people") : countOf(recipients, "subscriber");
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="send-newsletter-title">
      <DialogTitle id="send-newsletter-title">{SEND_LABEL}</DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {!details && !error && <CircularProgress size={24} aria-label="Loading the preview" />}
        {details && (
          <>
            {send && send.sent_at === null && (
              <Box role="status" sx={{ mb: 2 }}>
                <Typography sx={{ fontWeight: 600 }}>{sentSummary(send)}</Typography>
                <Typography>{note}</Typography>
              </Box>
            )}
            {send && send.sent_at !== null && (
              <Box role="status" sx={{ mb: 2 }}>
                {alreadySent && <Typography sx={{ fontWeight: 600 }}>{`This ${noun} was already sent. ${sentSummary(send)}`}</Typography>}
                {!alreadySent && <Typography sx={{ fontWeight: 600 }}>{sentSummary(send)}</Typography>}
                <Typography data-testid="newsletter-progress">{progressText(send)}</Typography>
                {send.recipients > 0 && <LinearProgress variant="determinate" value={(100 * (send.sent + send.failed)) / Math.max(1, send.recipients - send.skipped)} sx={{ mt: 1 }} aria-label="Sending progress" />}
                <Typography sx={{ mt: 1 }}>{`Unsubscribed since: ${countOf(send.unsubscribed, "recipient")}.`}</Typography>
                {send.links.length > 0 && (
                  <Box component="ul" aria-label="Clicks per link" sx={{ my: 1, pl: 3 }}>
                    {send.links.map((link) => (
                      <li key={link.url}>
                        <Typography variant="body2" component="span" sx={{ wordBreak: "break-all" }}>
                          {link.url}
                        </Typography>
                        {`: ${countOf(link.clicks, "click")}`}
                      </li>
                    ))}
                  </Box>
                )}
                <Typography variant="body2" color="text.secondary">
                  {CLICKS_NOTE}
                </Typography>
              </Box>
            )}
            {!send && (
              <>
                <TextField
                  select
                  label="Send to"
                  value={segmentId}
                  onChange={(event) => setSegmentId(event.target.value)}
                  helperText={segment ? SEGMENT_NOTE : undefined}
                  size="small"
                  fullWidth
                  sx={{ mb: 2 }}
                >
                  <MenuItem value="">{EVERYONE}</MenuItem>
                  {(segments ?? []).map((choice) => (
                    <MenuItem key={choice.id} value={choice.id}>
                      {`Segment: ${choice.name}`}
                    </MenuItem>
                  ))}
                </TextField>
                <Typography sx={{ mb: 2 }}>
                  {`This ${noun} will be mailed to `}
                  <strong>{segment ? `${recipientsText ?? "…"} of ${segment.name}` : countOf(details.recipients, "confirmed subscriber")}</strong>
                  {`, once: a ${noun} is sent at most once.`}
                </Typography>
                {details.mailConfigured && (
                  <TextField
                    type="datetime-local"
                    label="Or send it later, at"
                    value={sendAt}
                    onChange={(event) => setSendAt(event.target.value)}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: localInput(new Date()) } }}
                    helperText={sendAt ? note : "Your local time."}
                    size="small"
                    sx={{ mb: 2, minWidth: 280 }}
                  />
                )}
              </>
            )}
            {!details.mailConfigured && !send && <Alert severity="warning" sx={{ mb: 2 }}>Mail is not configured on the server (SMTP_URL), so nothing can be sent.</Alert>}
            {tested && (
              <Alert severity={tested.severity} role={tested.severity === "error" ? "alert" : "status"} sx={{ mb: 2 }}>
                {tested.text}
              </Alert>
            )}
            <Typography variant="subtitle2">Subject: {details.preview.subject}</Typography>
            <Box component="iframe" title="Preview of the mail" sandbox="" srcDoc={details.preview.html} sx={{ width: "100%", height: 420, border: 1, borderColor: "divider", borderRadius: 1, mt: 1, bgcolor: "#fff" }} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{done || running ? "Close" : "Cancel"}</Button>
        {details?.mailConfigured && (
          <Button startIcon={<TestMailIcon />} disabled={testing} onClick={() => void sendTest()}>
            {TEST_LABEL}
          </Button>
        )}
        {send && send.sent_at === null && (
          <Button color="error" disabled={sending} onClick={() => void cancelScheduled()}>
            Cancel the scheduled send
          </Button>
        )}
        {details && !send && sendAt && (
          <Button variant="contained" startIcon={<ScheduleIcon />} disabled={sending || !details.mailConfigured} onClick={() => void confirm(sendAt)}>
            Schedule
          </Button>
        )}
        {details && !send && !sendAt && (
          <Button variant="contained" startIcon={<SendIcon />} disabled={sending || !details.mailConfigured || !recipients} onClick={() => void confirm()}>
            {`Send to ${recipientsText ?? "…"}`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
