import { useCallback, useState, useSyncExternalStore } from "react";
import Box from "@mui/material/Box";
import ReplayIcon from "@mui/icons-material/Replay";
import { SaveButton as RaSaveButton, useRegisterMutationMiddleware, useSaveContext } from "react-admin";
import { useFormState } from "react-hook-form";
import { ConnectionError } from "../lib/connection.ts";
import { errorMessage, isRetryable } from "../lib/errors.ts";

type Mutation = (resource: string, params: unknown) => Promise<unknown>;

/** What a save that failed offline says once the browser is online again: Retry stays beside it. */
export const BACK_ONLINE = "Not saved yet: you are back online. Retry to save.";

function watchOnline(changed: () => void): () => void {
  window.addEventListener("online", changed);
  window.addEventListener("offline", changed);
  return () => {
    window.removeEventListener("online", changed);
    window.removeEventListener("offline", changed);
  };
}

/**
 * react-admin's SaveButton (disabled, with a spinner, while the save is under way), reading
 * "Saving..." meanwhile and "Save Collection" otherwise. A save that got no answer (offline, timed
 * out) or failed on the server says why beside it, the one place that says it, and offers Retry,
 * which saves the form's values again. "You are offline" goes as soon as the browser is back online.
 */
export function SaveButton({ label }: { label: string }) {
  const { saving } = useSaveContext();
  const { isSubmitting } = useFormState();
  const [failure, setFailure] = useState<unknown>(null);
  const online = useSyncExternalStore(watchOnline, () => navigator.onLine, () => true);
  // Wraps the save's request: the form's own callbacks do not get its error.
  const watchSave = useCallback(async (resource: string, params: unknown, next: Mutation) => {
    setFailure(null);
    try {
      return await next(resource, params);
    } catch (error) {
      if (isRetryable(error)) setFailure(error);
      throw error;
    }
  }, []);
  useRegisterMutationMiddleware(watchSave);
  const busy = Boolean(saving) || isSubmitting;
  const offlineThen = failure instanceof ConnectionError && failure.kind === "offline";
  return (
    <>
      {failure && !busy && (
        <Box role="alert" sx={{ color: "error.main", typography: "body2", mr: "auto", flexBasis: { xs: "100%", sm: "auto" }, minWidth: 0 }}>
          {offlineThen && online ? BACK_ONLINE : `Not saved: ${errorMessage(failure)}`}
        </Box>
      )}
      {failure && !busy && <RaSaveButton label="Retry" icon={<ReplayIcon />} variant="outlined" alwaysEnable />}
      {/* Enabled on a pristine form too, so that saving it empty shows the required-field messages. */}
      <RaSaveButton label={busy ? "Saving..." : label} alwaysEnable={!busy} disabled={busy} />
    </>
  );
}
