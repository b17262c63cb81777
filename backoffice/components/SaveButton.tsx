import { useCallback, useState } from "react";
import Box from "@mui/material/Box";
import ReplayIcon from "@mui/icons-material/Replay";
import { SaveButton as RaSaveButton, useRegisterMutationMiddleware, useSaveContext } from "react-admin";
import { useFormState } from "react-hook-form";
import { errorMessage, isRetryable } from "../lib/errors.ts";

type Mutation = (resource: string, params: unknown) => Promise<unknown>;

/**
 * react-admin's SaveButton (disabled, with a spinner, while the save is under way), reading
 * "Saving..." meanwhile and "Save Collection" otherwise. A save that got no answer (offline, timed
 * out) or failed on the server says why beside it and offers Retry, which saves the form's values again.
 */
export function SaveButton({ label }: { label: string }) {
  const { saving } = useSaveContext();
  const { isSubmitting } = useFormState();
  const [failure, setFailure] = useState<string | null>(null);
  // Wraps the save's request: the form's own callbacks do not get its error.
  const watchSave = useCallback(async (resource: string, params: unknown, next: Mutation) => {
    setFailure(null);
    try {
      return await next(resource, params);
    } catch (error) {
      if (isRetryable(error)) setFailure(errorMessage(error));
      throw error;
    }
  }, []);
  useRegisterMutationMiddleware(watchSave);
  const busy = Boolean(saving) || isSubmitting;
  return (
    <>
      {failure && !busy && (
        <Box role="alert" sx={{ color: "error.main", typography: "body2", mr: "auto", flexBasis: { xs: "100%", sm: "auto" }, minWidth: 0 }}>
          Not saved: {failure}
        </Box>
      )}
      {failure && !busy && <RaSaveButton label="Retry" icon={<ReplayIcon />} variant="outlined" alwaysEnable />}
      {/* Enabled on a pristine form too, so that saving it empty shows the required-field messages. */}
      <RaSaveButton label={busy ? "Saving..." : label} alwaysEnable={!busy} disabled={busy} />
    </>
  );
}
