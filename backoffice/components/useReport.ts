import { useCallback } from "react";
import { useNotify } from "react-admin";
import { reportError } from "../lib/errors.ts";

/** Logs a failure with the spec's text and shows it as an error notification. */
export function useReport(): (logText: string, error: unknown) => void {
  const notify = useNotify();
  return useCallback((logText: string, error: unknown) => reportError(logText, error, notify), [notify]);
}
