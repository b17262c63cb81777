import type { Theme } from "@mui/material/styles";
import { defaultTheme, type RaThemeOptions } from "react-admin";
import { brandThemeOptions } from "./brand-theme.ts";

/** react-admin's light theme in the brand's purple (brand-theme.ts). */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  ...brandThemeOptions,
  components: {
    ...defaultTheme.components,
    ...brandThemeOptions.components,
    // Every spinner is a named progress bar (react-admin's app-bar indicator has no name of its own);
    // one that names itself, or hides itself beside a label, says so where it is used.
    MuiCircularProgress: { defaultProps: { "aria-label": "Loading" } },
    // Editors (full-width dialogs) take the whole screen on a phone; small confirmations stay dialogs.
    MuiDialog: {
      styleOverrides: {
        paperFullWidth: ({ theme }: { theme: Theme }) => ({
          [theme.breakpoints.down("sm")]: { margin: 0, width: "100%", maxWidth: "100%", height: "100%", maxHeight: "100%", borderRadius: 0 },
        }),
      },
    },
    // Buttons (Cancel, Retry, Save and a message) go to a second line rather than past the edge.
    MuiDialogActions: { styleOverrides: { root: { flexWrap: "wrap", rowGap: 8 } } },
    // A list as wide as the page, whatever its table: a wider table scrolls inside its own box.
    RaList: { styleOverrides: { root: { "& .RaList-main": { minWidth: 0 } } } },
    // The table scrolls sideways on its own, not the list's content, which would clip the bulk toolbar.
    RaDataTable: { styleOverrides: { root: { "& .RaDataTable-tableWrapper": { overflowX: "auto" } } } },
  },
};
