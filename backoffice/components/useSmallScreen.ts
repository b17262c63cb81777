import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";

/** Below MUI's "sm" breakpoint (600 px: phones), where screens take their compact form. */
export function useSmallScreen(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"), { noSsr: true });
}
