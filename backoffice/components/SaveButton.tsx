import { SaveButton as RaSaveButton, useSaveContext } from "react-admin";
import { useFormState } from "react-hook-form";

/**
 * react-admin's SaveButton (disabled, with a spinner, while the save is under way), reading
 * "Saving..." meanwhile and "Save Collection" otherwise.
 */
export function SaveButton({ label }: { label: string }) {
  const { saving } = useSaveContext();
  const { isSubmitting } = useFormState();
  const busy = Boolean(saving) || isSubmitting;
  // Enabled on a pristine form too, so that saving it empty shows the required-field messages.
  return <RaSaveButton label={busy ? "Saving..." : label} alwaysEnable={!busy} disabled={busy} />;
}
