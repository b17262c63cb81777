import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { useListContext } from "react-admin";

/** "Could not load posts." */
function loadErrorText(nounPlural: string): string {
  return `Could not load ${nounPlural}. Check your connection and try again.`;
}

/**
 * What a screen shows when its read failed: the failure and Try Again, never an empty state (an empty
 * list would claim there is nothing) nor an endless spinner.
 */
export function LoadError({ nounPlural, retrying = false, onRetry }: { nounPlural: string; retrying?: boolean; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ m: 2, alignItems: "center" }}
      action={
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
          {retrying ? "Retrying..." : "Try Again"}
        </Button>
      }
    >
      {loadErrorText(nounPlural)}
    </Alert>
  );
}

/** LoadError for the list in context: Try Again fetches the same page again. */
export function ListLoadError({ nounPlural }: { nounPlural: string }) {
  const { refetch, isFetching } = useListContext();
  return <LoadError nounPlural={nounPlural} retrying={isFetching} onRetry={() => void refetch()} />;
}

/**
 * The query options of a screen's read: one quick retry for a blip, then the error state; the
 * failure is logged with its text ("Error fetching posts"), the screen itself shows it.
 */
export function readOptions(logText: string) {
  return { retry: 1, onError: (error: unknown) => console.error(logText, error) };
}
