import { createTheme, type ThemeOptions } from "@mui/material/styles";

/**
 * The back office's look without react-admin: its purple, its type and shapes. The admin's theme
 * (theme.ts) is react-admin's light theme with these; the sign-in, reset, new-password, invitation
 * and two-factor pages, which are shown before react-admin has loaded, take `authTheme`.
 */
export const brandThemeOptions = {
  palette: {
    mode: "light",
    primary: { main: "#6d28d9" },
    secondary: { main: "#1e1b4b" },
    // Darker than MUI's defaults so that small text in chips keeps a 4.5:1 contrast (WCAG AA).
    warning: { main: "#b45309" },
    info: { main: "#0369a1" },
    success: { main: "#15803d" },
    error: { main: "#b91c1c" },
    background: { default: "#f6f5fb" },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  components: {
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: "none", fontWeight: 600 } } },
  },
} satisfies ThemeOptions;

/** The auth pages' theme, the same wherever they are shown (alone, or inside the loaded admin). */
export const authTheme = createTheme(brandThemeOptions);
