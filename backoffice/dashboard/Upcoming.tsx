import { useEffect, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { LinkBase, Title } from "react-admin";
import { recordPathOf } from "../components/recordPath.ts";
import { LoadError } from "../components/LoadError.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { useAdminDataProvider } from "../components/useAdminDataProvider.ts";
import { allConfigs } from "../resources/index.ts";
import { schedulableConfigs, upcomingEntries, type UpcomingEntry } from "./upcoming.ts";

/** The route of the full list. */
export const UPCOMING_PATH = "/upcoming";
const PER_TABLE = 200;

/** Everything scheduled across the content tables, soonest first; one read per table. */
function useUpcoming() {
  const dataProvider = useAdminDataProvider();
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ attempt: number; entries?: UpcomingEntry[]; error?: unknown } | null>(null);
  useEffect(() => {
    let live = true;
    const now = Date.now();
    const after = new Date(now).toISOString();
    Promise.all(
      schedulableConfigs(allConfigs).map(async (config) => {
        const { data } = await dataProvider.getList(config.name, {
          pagination: { page: 1, perPage: PER_TABLE },
          sort: { field: "publish_at", order: "ASC" },
          filter: { published: true, "publish_at@gt": after },
        });
        return { config, rows: data as Record<string, unknown>[] };
      }),
    )
      .then((lists) => live && setResult({ attempt, entries: upcomingEntries(lists, now) }))
      .catch((error: unknown) => {
        console.error("Error fetching scheduled content", error);
        if (live) setResult({ attempt, error });
      });
    return () => {
      live = false;
    };
  }, [dataProvider, attempt]);
  return { entries: result?.entries, error: result?.error, loading: result?.attempt !== attempt, reload: () => setAttempt((n) => n + 1) };
}

const when = new Intl.DateTimeFormat(undefined, { weekday: "short", month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });

function UpcomingList({ limit }: { limit?: number }) {
  const { entries, error, loading, reload } = useUpcoming();
  if (error) return <LoadError nounPlural="scheduled content" retrying={loading} onRetry={reload} />;
  if (!entries) return <Skeleton height={120} />;
  if (entries.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        Nothing is scheduled.
      </Typography>
    );
  }
  const shown = limit === undefined ? entries : entries.slice(0, limit);
  return (
    <List dense aria-label="Scheduled content" sx={{ mt: 1 }}>
      {shown.map((entry) => (
        <ListItem key={`${entry.config.name}:${entry.id}`} disableGutters sx={{ gap: 1.5, flexWrap: "wrap", alignItems: "baseline" }}>
          <Typography variant="body2" component="time" dateTime={entry.at.toISOString()} sx={{ fontWeight: 600, whiteSpace: "nowrap", minWidth: 190 }}>
            {when.format(entry.at)}
          </Typography>
          <Chip size="small" variant="outlined" label={entry.config.label} />
          <Link component={LinkBase} to={recordPathOf(entry.config, entry.id)} sx={{ minWidth: 0, overflowWrap: "anywhere" }}>
            {entry.title}
          </Link>
        </ListItem>
      ))}
    </List>
  );
}

/** The dashboard's card: the next few scheduled items, and the way to all of them. */
export function UpcomingCard() {
  return (
    <Card variant="outlined" component="section" aria-labelledby="dashboard-upcoming">
      <CardContent>
        <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center" }}>
          <Typography id="dashboard-upcoming" variant="h6" component="h2">
            Upcoming
          </Typography>
          <Button component={LinkBase} to={UPCOMING_PATH} size="small">
            See all scheduled
          </Button>
        </Box>
        <UpcomingList limit={5} />
      </CardContent>
    </Card>
  );
}

/** Upcoming: everything scheduled to publish, across all content types, soonest first. */
export function UpcomingPage() {
  return (
    <Box>
      <Title title="Upcoming" />
      <PageHeader title="Upcoming">
        <Typography variant="body2" color="text.secondary">
          Everything scheduled to go live, soonest first. Open an item to change its time.
        </Typography>
      </PageHeader>
      <Card variant="outlined">
        <CardContent>
          <UpcomingList />
        </CardContent>
      </Card>
    </Box>
  );
}
