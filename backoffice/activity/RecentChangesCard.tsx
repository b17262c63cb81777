import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Skeleton from "@mui/material/Skeleton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { LinkBase, useGetList } from "react-admin";
import type { ContentRevision } from "../../shared/revisions.ts";
import { LoadError, readOptions } from "../components/LoadError.tsx";
import { formatChangedAt, personOf, REVISIONS_RESOURCE } from "../history/revisions.ts";
import { ScrollRegion } from "../components/ScrollRegion.tsx";
import { ActionChip } from "./ActionChip.tsx";
import { rowLabel, tableLabel } from "./content-labels.ts";

const RECENT = 6;

/** The dashboard's latest changes to content, with a link to the Activity screen. */
export function RecentChangesCard() {
  const { data, isPending, error, isFetching, refetch } = useGetList<ContentRevision>(
    REVISIONS_RESOURCE,
    { pagination: { page: 1, perPage: RECENT }, sort: { field: "id", order: "DESC" }, filter: {} },
    readOptions("Error fetching activity"),
  );
  return (
    <Card variant="outlined" component="section" aria-labelledby="dashboard-recent-changes">
      <CardContent>
        <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center" }}>
          <Typography id="dashboard-recent-changes" variant="h6" component="h2">
            Recent changes
          </Typography>
          <Button component={LinkBase} to="/activity" size="small">
            View all activity
          </Button>
        </Box>
        {error ? (
          <LoadError nounPlural="recent changes" retrying={isFetching} onRetry={() => void refetch()} />
        ) : isPending ? (
          <Skeleton height={160} />
        ) : data.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            No changes yet.
          </Typography>
        ) : (
          <ScrollRegion label="Recent changes table">
            <Table size="small" sx={{ mt: 1 }}>
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>Who</TableCell>
                  <TableCell>Action</TableCell>
                  <TableCell>Item</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((revision) => (
                  <TableRow key={revision.id}>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>{formatChangedAt(revision.changed_at)}</TableCell>
                    <TableCell sx={{ wordBreak: "break-all" }}>{personOf(revision)}</TableCell>
                    <TableCell>
                      <ActionChip action={revision.action} />
                    </TableCell>
                    <TableCell sx={{ overflowWrap: "anywhere" }}>
                      {rowLabel(revision)}
                      <Typography variant="caption" color="text.secondary" component="div">
                        {tableLabel(revision.table_name)}
                      </Typography>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
        )}
      </CardContent>
    </Card>
  );
}
