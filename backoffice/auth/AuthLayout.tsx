import type { ReactNode } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { ThemeProvider } from "@mui/material/styles";
import { BRAND } from "../../shared/brand.ts";
import { authTheme } from "../lib/brand-theme.ts";

/**
 * The frame of the sign-in, reset, new-password (and invitation) and two-factor pages, in the back
 * office's theme: they are often shown before the admin, and its theme, have loaded.
 */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <ThemeProvider theme={authTheme}>
      <Box
        component="main"
        sx={{
          minHeight: "100vh",
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          p: 2,
          background: "radial-gradient(circle at 20% 20%, #4c1d95 0%, #1e1b4b 45%, #0b0a1a 100%)",
        }}
      >
        <Card sx={{ width: "100%", maxWidth: 420, borderRadius: 3, boxShadow: 8 }}>
          <CardContent sx={{ p: 4 }}>
            <Typography variant="overline" sx={{ letterSpacing: 3, color: "primary.main", fontWeight: 700 }}>
              {BRAND} Admin
            </Typography>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: subtitle ? 0.5 : 2 }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {subtitle}
              </Typography>
            )}
            {children}
          </CardContent>
        </Card>
      </Box>
    </ThemeProvider>
  );
}

/** A required, full-width field of these forms, with its validation message under it. */
export function AuthField({ message, ...props }: Omit<TextFieldProps, "error" | "helperText" | "required"> & { message: string | undefined }) {
  return <TextField required fullWidth margin="normal" {...props} error={Boolean(message)} helperText={message} />;
}

/** The outcome of a submit, above the fields. */
export function FormMessage({ severity, children }: { severity: "error" | "warning" | "success"; children: ReactNode }) {
  return (
    <Alert severity={severity} sx={{ mb: 2 }} role={severity === "error" ? "alert" : "status"}>
      {children}
    </Alert>
  );
}

/** What a page tells the next one through the navigation's state: `navigate(to, { state: { notice } })`. */
export function noticeOf(state: unknown): string | undefined {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === "string" ? notice : undefined;
}
