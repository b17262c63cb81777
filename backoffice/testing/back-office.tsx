import { vi } from "vitest";
import { render } from "@testing-library/react";
import { BackOffice } from "../BackOffice.tsx";
import type { AdminAuthProvider } from "../lib/auth-provider.ts";
import { SessionRenewal } from "../lib/session-renewal.ts";
import type { AdminDataProvider } from "../lib/data-provider.ts";
import type { TeamApi } from "../team/team-api.ts";
import { stubDataProvider } from "./render.tsx";

/** An auth provider for component tests: signed out, an administrator once signed in, unless overridden. */
export function authStub(overrides: Partial<AdminAuthProvider> = {}): AdminAuthProvider {
  return {
    sessionRenewal: new SessionRenewal(),
    login: vi.fn(() => Promise.resolve()),
    logout: vi.fn(() => Promise.resolve()),
    checkAuth: vi.fn(() => Promise.reject({ message: false })),
    checkError: vi.fn(() => Promise.resolve()),
    getPermissions: vi.fn(() => Promise.resolve({ role: "administrator" })),
    getIdentity: vi.fn(() => Promise.resolve({ id: "a", fullName: "admin@example.com" })),
    resetPassword: vi.fn(() => Promise.resolve()),
    passwordRecovery: vi.fn(() => Promise.resolve("ready" as const)),
    updatePassword: vi.fn(() => Promise.resolve()),
    acceptInvitation: vi.fn(() => Promise.resolve()),
    ...overrides,
  } as AdminAuthProvider;
}

/** Team endpoints that answer an empty team (the Team screen's own tests give theirs). */
export function teamApiStub(overrides: Partial<TeamApi> = {}): TeamApi {
  return {
    list: vi.fn(() => Promise.resolve({ me: "a", members: [] })),
    invite: vi.fn(() => Promise.reject(new Error("not stubbed"))),
    resendInvitation: vi.fn(() => Promise.reject(new Error("not stubbed"))),
    setRole: vi.fn(() => Promise.reject(new Error("not stubbed"))),
    remove: vi.fn(() => Promise.reject(new Error("not stubbed"))),
    resetTwoFactor: vi.fn(() => Promise.reject(new Error("not stubbed"))),
    endSessions: vi.fn(() => Promise.reject(new Error("not stubbed"))),
    twoFactorRequired: vi.fn(() => Promise.resolve(false)),
    setTwoFactorRequired: vi.fn(() => Promise.reject(new Error("not stubbed"))),
    ...overrides,
  };
}

/** The back office as the browser runs it, with its own (hash) router starting at `path`. */
export function renderBackOffice(path: string, authProvider: AdminAuthProvider, options: { dataProvider?: AdminDataProvider; teamApi?: TeamApi } = {}) {
  window.history.replaceState(null, "", `/#${path}`);
  // Every RPC the screens make on their own (charts, search, people) answers no rows.
  render(<BackOffice dataProvider={options.dataProvider ?? stubDataProvider({ rpc: () => Promise.resolve([] as never) })} authProvider={authProvider} teamApi={options.teamApi ?? teamApiStub()} />);
  return {
    get pathname() {
      return window.location.hash.replace(/^#/, "").split("?")[0];
    },
  };
}
