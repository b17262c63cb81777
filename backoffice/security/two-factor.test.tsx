import { describe, expect, it, vi } from "vitest";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TwoFactorNeeded } from "../lib/auth-provider.ts";
import { LoginError } from "../lib/login-errors.ts";
import { TwoFactorError, type TwoFactor } from "../lib/two-factor.ts";
import { authStub, renderBackOffice } from "../testing/back-office.tsx";

// The whole admin renders in jsdom: allow for a busy machine.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

// Screens over a stubbed supabase-js `auth.mfa`: what they ask and show. What the codes unlock is
// decided by the database and Auth, and tested against the local backend.

const WRONG_CODE = "That code is not right. Check your authenticator app and try again.";
const CODE_FORMAT = "Enter the 6-digit code from your authenticator app";

function twoFactorStub(overrides: Partial<TwoFactor> = {}): TwoFactor {
  return {
    status: vi.fn(() => Promise.resolve({ require_two_factor: false, has_verified_factor: false, session_aal: "aal1" as const, satisfied: true })),
    authenticators: vi.fn(() => Promise.resolve([])),
    verifySignIn: vi.fn(() => Promise.resolve()),
    enrol: vi.fn(() => Promise.resolve({ id: "f1", qrCode: "data:image/svg+xml;utf-8,<svg/>", secret: "JBSWY3DPEHPK3PXP" })),
    confirm: vi.fn(() => Promise.resolve()),
    cancel: vi.fn(() => Promise.resolve()),
    remove: vi.fn(() => Promise.resolve()),
    signOutEverywhere: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
}

const signedIn = () => vi.fn(() => Promise.resolve());

async function signInWithPassword() {
  await userEvent.type(await screen.findByRole("textbox", { name: "Email" }), "admin@example.com");
  await userEvent.type(screen.getByLabelText(/^Password/), "Admin12345");
  await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("sign-in with an authenticator app", () => {
  it("after a right password, asks for the code, checks its format, and signs in with it", async () => {
    const login = vi.fn((params: { code?: string }) => (params.code ? Promise.resolve() : Promise.reject(new TwoFactorNeeded("code"))));
    renderBackOffice("/login", authStub({ login }));
    await signInWithPassword();
    await screen.findByRole("heading", { name: "Two-factor sign-in" });
    const field = screen.getByRole("textbox", { name: /Authentication code/ });
    await userEvent.type(field, "12345");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    await screen.findByText(CODE_FORMAT);
    expect(login).toHaveBeenCalledTimes(1);
    await userEvent.clear(field);
    await userEvent.type(field, "123 456");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(login).toHaveBeenLastCalledWith({ code: "123 456" }));
  });

  it("a wrong code says so, empties the field and leaves the form usable", async () => {
    const login = vi.fn((params: { code?: string }) => Promise.reject(params.code ? new LoginError(WRONG_CODE) : new TwoFactorNeeded("code")));
    renderBackOffice("/login", authStub({ login }));
    await signInWithPassword();
    const field = await screen.findByRole("textbox", { name: /Authentication code/ });
    await userEvent.type(field, "000000");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(WRONG_CODE);
    expect(field).toHaveValue("");
    expect(screen.getByRole("button", { name: "Verify" })).toBeEnabled();
    await userEvent.click(screen.getByRole("button", { name: "Use another account" }));
    await screen.findByRole("heading", { name: "Sign in" });
  });

  it("a session opened by the password alone gets the code step instead of any admin screen", async () => {
    const verifySignIn = vi.fn(() => Promise.resolve());
    let needsCode = true;
    const getPermissions = vi.fn(() => (needsCode ? Promise.reject(new TwoFactorNeeded("code")) : Promise.resolve({ role: "administrator" })));
    renderBackOffice("/", authStub({ checkAuth: signedIn(), getPermissions, twoFactor: twoFactorStub({ verifySignIn }) }));
    await screen.findByRole("heading", { name: "Two-factor sign-in" });
    expect(screen.queryByRole("heading", { name: "Dashboard" })).toBeNull();
    needsCode = false;
    await userEvent.type(screen.getByRole("textbox", { name: /Authentication code/ }), "654321");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    await screen.findByRole("heading", { name: "Dashboard", level: 1 });
    expect(verifySignIn).toHaveBeenCalledWith("654321");
  });

  it("when the team requires two-factor, a member without an app adds one before anything else", async () => {
    const confirm = vi.fn(() => Promise.resolve());
    let enrolled = false;
    const getPermissions = vi.fn(() => (enrolled ? Promise.resolve({ role: "editor" }) : Promise.reject(new TwoFactorNeeded("enrol"))));
    renderBackOffice("/", authStub({ checkAuth: signedIn(), getPermissions, twoFactor: twoFactorStub({ confirm }) }));
    await screen.findByRole("heading", { name: "Add an authenticator app" });
    expect(screen.getByText(/Your team requires two-factor sign-in for every member/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("img", { name: /QR code/ })).toHaveAttribute("src", "data:image/svg+xml;utf-8,<svg/>");
    expect(screen.getByLabelText("Secret key")).toHaveTextContent("JBSWY3DPEHPK3PXP");
    enrolled = true;
    await userEvent.type(screen.getByRole("textbox", { name: /Authentication code/ }), "111222");
    await userEvent.click(screen.getByRole("button", { name: "Turn on" }));
    await screen.findByRole("heading", { name: "Dashboard", level: 1 });
    expect(confirm).toHaveBeenCalledWith("f1", "111222");
  });
});

describe("Security page", () => {
  const factor = { id: "f1", name: "Work phone", createdAt: "2026-11-20T10:00:00Z", verified: true };

  it("is in every member's sidebar, and says whether two-factor is on", async () => {
    renderBackOffice("/", authStub({ checkAuth: signedIn(), getPermissions: vi.fn(() => Promise.resolve({ role: "editor" })), twoFactor: twoFactorStub() }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Security" }));
    await screen.findByRole("heading", { name: "Security", level: 1 });
    await screen.findByText("Off: your password alone signs you in.");
  });

  it("adds an app: name, QR code and secret, then the first code; a wrong code is refused with its message", async () => {
    const confirm = vi.fn<TwoFactor["confirm"]>().mockRejectedValueOnce(new TwoFactorError(WRONG_CODE)).mockResolvedValue(undefined);
    const authenticators = vi.fn<TwoFactor["authenticators"]>().mockResolvedValue([]);
    renderBackOffice("/security", authStub({ checkAuth: signedIn(), twoFactor: twoFactorStub({ confirm, authenticators }) }));
    await userEvent.click(await screen.findByRole("button", { name: "Add authenticator app" }));
    const dialog = await screen.findByRole("dialog", { name: "Add authenticator app" });
    const name = within(dialog).getByRole("textbox", { name: /Name/ });
    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(within(dialog).getByText("Name is required")).toBeInTheDocument();
    await userEvent.type(name, "Work phone");
    await userEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    await within(dialog).findByRole("img", { name: /QR code/ });
    await userEvent.type(within(dialog).getByRole("textbox", { name: /Authentication code/ }), "999999");
    await userEvent.click(within(dialog).getByRole("button", { name: "Turn on" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(WRONG_CODE);
    authenticators.mockResolvedValue([factor]);
    await userEvent.type(within(dialog).getByRole("textbox", { name: /Authentication code/ }), "123456");
    await userEvent.click(within(dialog).getByRole("button", { name: "Turn on" }));
    await screen.findByText("Two-factor sign-in is on");
    await screen.findByText("On: after your password, sign-in asks for the code of your authenticator app.");
    expect(await screen.findByRole("list", { name: "Authenticator apps" })).toHaveTextContent("Work phone");
  });

  it("cancelling after the QR code removes the unconfirmed app", async () => {
    const cancel = vi.fn(() => Promise.resolve());
    renderBackOffice("/security", authStub({ checkAuth: signedIn(), twoFactor: twoFactorStub({ cancel }) }));
    await userEvent.click(await screen.findByRole("button", { name: "Add authenticator app" }));
    await userEvent.click(await screen.findByRole("button", { name: "Continue" }));
    await screen.findByRole("img", { name: /QR code/ });
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(cancel).toHaveBeenCalledWith("f1"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("removing an app asks for a current code first, and warns when the team requires two-factor", async () => {
    const remove = vi.fn(() => Promise.resolve());
    const status = vi.fn(() => Promise.resolve({ require_two_factor: true, has_verified_factor: true, session_aal: "aal2" as const, satisfied: true }));
    renderBackOffice("/security", authStub({ checkAuth: signedIn(), twoFactor: twoFactorStub({ remove, status, authenticators: vi.fn(() => Promise.resolve([factor])) }) }));
    await userEvent.click(await screen.findByRole("button", { name: "Remove Work phone" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove Work phone?" });
    expect(dialog).toHaveTextContent("Without an authenticator app you must add a new one at your next sign-in.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(within(dialog).getByText(CODE_FORMAT)).toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByRole("textbox", { name: /Authentication code/ }), "246810");
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith("f1", "246810"));
    await screen.findByText("Work phone was removed");
  });

  it("Sign out everywhere asks first, then ends every session", async () => {
    const logout = vi.fn(() => Promise.resolve());
    renderBackOffice("/security", authStub({ checkAuth: signedIn(), logout, twoFactor: twoFactorStub() }));
    await userEvent.click(await screen.findByRole("button", { name: "Sign out everywhere" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Sign out on every device and browser, this one included?");
    await userEvent.click(within(dialog).getByRole("button", { name: "Sign out everywhere" }));
    await waitFor(() => expect(logout).toHaveBeenCalledWith({ scope: "global" }));
  });
});
