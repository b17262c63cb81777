import type { ReactNode } from "react";
import { useMessages } from "../lib/language.ts";

export function Loading({ children }: { children?: ReactNode }) {
  const messages = useMessages();
  return (
    <p className="state state-loading" role="status">
      <span className="tracking-bar" aria-hidden="true" />
      {children ?? messages["state.loading"]}
    </p>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="state state-error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button-small" onClick={onRetry}>
        {useMessages()["state.tryAgain"]}
      </button>
    </div>
  );
}
