import TextField from "@mui/material/TextField";

/**
 * The 6-digit code of an authenticator app: a numeric keypad on phones, the code a phone's keyboard
 * or password manager offers (`one-time-code`), its message under it.
 */
export function CodeField({ value, onChange, message, autoFocus = true, id }: { value: string; onChange(value: string): void; message: string | undefined; autoFocus?: boolean; id?: string }) {
  return (
    <TextField
      id={id}
      label="Authentication code"
      name="code"
      required
      fullWidth
      margin="normal"
      autoFocus={autoFocus}
      autoComplete="one-time-code"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(message)}
      helperText={message ?? "The 6-digit code your authenticator app shows now"}
      slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 7, spellCheck: false } }}
    />
  );
}
