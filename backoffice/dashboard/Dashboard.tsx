import { lazy, Suspense } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import LinearProgress from "@mui/material/LinearProgress";
import Skeleton from "@mui/material/Skeleton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { LinkBase, Title, useGetList, type RaRecord } from "react-admin";
import { categoryPercentage } from "../../shared/progress.ts";
import type { ProjectStage } from "../../shared/content-types/progress.ts";
import { RecentChangesCard } from "../activity/RecentChangesCard.tsx";
import { useRole } from "../auth/roles.tsx";
import { LoadError, readOptions } from "../components/LoadError.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { WhenNearViewport } from "../components/WhenNearViewport.tsx";
import { dashboardCounts, type DashboardCount } from "../resources/index.ts";
import { UpcomingCard } from "./Upcoming.tsx";

// The chart library is loaded with the dashboard's charts only, and only once they are scrolled near:
// they sit below the first screen, which then loads without it.
const DashboardCharts = lazy(() => import("./DashboardCharts.tsx"));

const chartsPlaceholder = <Skeleton variant="rectangular" height={320} sx={{ mt: 2 }} />;

const ONE = { pagination: { page: 1, perPage: 1 }, sort: { field: "id", order: "ASC" as const } };

function useTotal(resource: string, filter: Record<string, unknown> = {}, enabled = true) {
  const { total, isPending, error, isFetching, refetch } = useGetList(resource, { ...ONE, filter }, { enabled, ...readOptions(`Error fetching ${resource}`) });
  return { total, isPending: enabled && isPending, error, isFetching, refetch };
}

function CountCard({ resource, label, to, drafts }: DashboardCount) {
  const all = useTotal(resource);
  const unpublished = useTotal(resource, { published: false }, drafts);
  if (all.error || unpublished.error) {
    return (
      <Card variant="outlined" component="section" aria-label={label}>
        <CardContent>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
            Could not load this count.
          </Typography>
          <Button
            size="small"
            disabled={all.isFetching || unpublished.isFetching}
            onClick={() => {
              if (all.error) void all.refetch();
              if (unpublished.error) void unpublished.refetch();
            }}
          >
            Try Again
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card variant="outlined" component="section" aria-label={label}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid={`count-${resource}`}>
          {all.isPending ? <Skeleton width={48} /> : (all.total ?? 0)}
        </Typography>
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", minHeight: 30 }}>
          {drafts ? (
            unpublished.isPending ? (
              <Skeleton width={80} />
            ) : (
              <Chip size="small" label={`${unpublished.total ?? 0} draft${unpublished.total === 1 ? "" : "s"}`} color={unpublished.total ? "warning" : "default"} variant="outlined" />
            )
          ) : (
            <span />
          )}
          <Button component={LinkBase} to={to} size="small" aria-label={`Manage ${label}`}>
            Manage
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

function ProgressCard() {
  const { data, isPending, error, isFetching, refetch } = useGetList<ProjectStage & RaRecord>(
    "progress",
    { pagination: { page: 1, perPage: 500 }, sort: { field: "order", order: "ASC" }, filter: {} },
    readOptions("Error fetching stages"),
  );
  const stages = data ?? [];
  const tiles = [
    { label: "Hardware Progress", value: categoryPercentage(stages, "hardware") },
    { label: "RCRT Token Progress", value: categoryPercentage(stages, "token") },
  ];
  return (
    <Card variant="outlined" component="section" aria-labelledby="dashboard-progress">
      <CardContent>
        <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center" }}>
          <Typography id="dashboard-progress" variant="h6" component="h2">
            Progress at a glance
          </Typography>
          <Button component={LinkBase} to="/progress" size="small">
            Edit stages
          </Button>
        </Box>
        {error ? (
          <LoadError nounPlural="stages" retrying={isFetching} onRetry={() => void refetch()} />
        ) : (
          tiles.map((tile) => (
            <Box key={tile.label} sx={{ mt: 2 }}>
              <Box sx={{ display: "flex", justifyContent: "space-between" }}>
                <Typography variant="body2">{tile.label}</Typography>
                <Typography variant="body2" sx={{ fontWeight: 700, fontFamily: "monospace" }}>
                  {isPending ? "…" : tile.value}
                </Typography>
              </Box>
              <LinearProgress variant="determinate" value={isPending ? 0 : Number.parseInt(tile.value, 10)} sx={{ height: 8, borderRadius: 4, mt: 0.5 }} aria-label={tile.label} />
            </Box>
          ))
        )}
      </CardContent>
    </Card>
  );
}

function LatestSubmissions() {
  const { data, isPending, error, isFetching, refetch } = useGetList(
    "community",
    { pagination: { page: 1, perPage: 5 }, sort: { field: "created_at", order: "DESC" }, filter: {} },
    readOptions("Error fetching submissions"),
  );
  const unhandled = useTotal("community", { handled: false });
  return (
    <Card variant="outlined" component="section" aria-labelledby="dashboard-submissions">
      <CardContent>
        <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center" }}>
          <Typography id="dashboard-submissions" variant="h6" component="h2">
            Latest submissions {unhandled.total ? <Chip size="small" color="primary" label={`${unhandled.total} unhandled`} sx={{ ml: 1 }} /> : null}
          </Typography>
          <Button component={LinkBase} to="/community" size="small">
            Open inbox
          </Button>
        </Box>
        {error ? (
          <LoadError nounPlural="submissions" retrying={isFetching} onRetry={() => void refetch()} />
        ) : isPending ? (
          <Skeleton height={160} />
        ) : !data || data.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            No submissions yet.
          </Typography>
        ) : (
          <Table size="small" sx={{ mt: 1 }}>
            <TableHead>
              <TableRow>
                <TableCell>Kind</TableCell>
                <TableCell>Email</TableCell>
                <TableCell>Received</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((row) => (
                <TableRow key={row.id}>
                  <TableCell sx={{ textTransform: "capitalize" }}>{String(row.kind)}</TableCell>
                  <TableCell sx={{ wordBreak: "break-all" }}>{String(row.email)}</TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{new Date(String(row.created_at)).toLocaleDateString("en-US", { month: "short", day: "numeric" })}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Dashboard: counts per content type, drafts waiting, latest submissions, both progress percentages,
 * what is scheduled next, recent changes, charts. Submissions and their figures are for administrators only.
 */
export function Dashboard() {
  const submissions = useRole() === "administrator";
  return (
    <Box>
      <Title title="Dashboard" />
      <PageHeader title="Dashboard">
        <Typography variant="body2" color="text.secondary">
          Content at a glance. Drafts are unpublished items visitors do not see yet.
        </Typography>
      </PageHeader>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, 1fr)" }, gap: 2, mt: 2 }}>
        {dashboardCounts.map((entry) => (
          <CountCard key={entry.resource} {...entry} />
        ))}
      </Box>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: submissions ? "1fr 1.4fr" : "1fr" }, gap: 2, mt: 2 }}>
        <ProgressCard />
        {submissions && <LatestSubmissions />}
      </Box>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1.4fr" }, gap: 2, mt: 2 }}>
        <UpcomingCard />
        <RecentChangesCard />
      </Box>
      <WhenNearViewport placeholder={chartsPlaceholder} testId="dashboard-charts">
        <Suspense fallback={chartsPlaceholder}>
          <DashboardCharts submissions={submissions} />
        </Suspense>
      </WhenNearViewport>
    </Box>
  );
}
