import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { useSaveContext } from "react-admin";
import { useFormState } from "react-hook-form";

/** Submits the form; reads "Saving..." while the save is under way ("Save Collection" otherwise). */
export function SaveButton({ label }: { label: string }) {
  const { saving } = useSaveContext();
  const { isSubmitting } = useFormState();
  const busy = Boolean(saving) || isSubmitting;
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={busy}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {busy ? "Saving..." : label}
    </Button>
  );
}
