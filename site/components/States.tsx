import type { ReactNode } from "react";

export function Loading({ children = "Loading…" }: { children?: ReactNode }) {
  return (
    <p className="state state-loading" role="status">
      <span className="tracking-bar" aria-hidden="true" />
      {children}
    </p>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="state state-error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button-small" onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}
