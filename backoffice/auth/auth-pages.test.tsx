import { describe, expect, it, vi } from "vitest";
import { configure, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { BackOffice } from "../BackOffice.tsx";
import type { AdminAuthProvider } from "../lib/auth-provider.ts";
import { LoginError, LOGIN_ERRORS } from "../lib/auth-provider.ts";
import { stubDataProvider } from "../testing/render.tsx";

// The whole admin renders in jsdom: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

function authStub(overrides: Partial<AdminAuthProvider> = {}): AdminAuthProvider {
  return {
    session: { isAuthenticated: () => false, store: () => {}, clear: () => {}, hasToken: () => false },
    login: vi.fn(() => Promise.resolve()),
    logout: vi.fn(() => Promise.resolve()),
    checkAuth: vi.fn(() => Promise.reject({ message: false })),
    checkError: vi.fn(() => Promise.resolve()),
    getPermissions: vi.fn(() => Promise.resolve("admin")),
    getIdentity: vi.fn(() => Promise.resolve({ id: "a", fullName: "admin@example.com" })),
    resetPassword: vi.fn(() => Promise.resolve()),
    updatePassword: vi.fn(() => Promise.resolve()),
    ...overrides,
  } as AdminAuthProvider;
}

/** The back office as the browser runs it, with its own (hash) router starting at `path`. */
function renderBackOffice(path: string, authProvider: AdminAuthProvider) {
  window.history.replaceState(null, "", `/#${path}`);
  render(<BackOffice dataProvider={stubDataProvider()} authProvider={authProvider} />);
  return { get pathname() { return window.location.hash.replace(/^#/, "").split("?")[0]; } };
}

describe("admin guard (spec section 4)", () => {
  it("shows a spinner while the admin check is pending", async () => {
    renderBackOffice("/", authStub({ checkAuth: vi.fn(() => new Promise<void>(() => {})) }));
    expect(await screen.findByRole("progressbar")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Dashboard" })).toBeNull();
  });

  it("redirects to /login when the check fails", async () => {
    const router = renderBackOffice("/blog", authStub());
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeInTheDocument();
    expect(router.pathname).toBe("/login");
  });

  it("shows the admin area when the check passes, and checks again after every navigation", async () => {
    const checkAuth = vi.fn(() => Promise.resolve());
    const router = renderBackOffice("/", authStub({ checkAuth }));
    expect(await screen.findByRole("heading", { name: "Dashboard", level: 1 })).toBeInTheDocument();
    expect(router.pathname).toBe("/");
    const before = checkAuth.mock.calls.length;
    await userEvent.click(screen.getByRole("menuitem", { name: "Press" }));
    expect(await screen.findByRole("heading", { name: "Press Coverage", level: 1 })).toBeInTheDocument();
    expect(router.pathname).toBe("/press");
    await waitFor(() => expect(checkAuth.mock.calls.length).toBeGreaterThan(before));
  });

  it("any other admin path redirects to the dashboard", async () => {
    const router = renderBackOffice("/no-such-screen", authStub({ checkAuth: vi.fn(() => Promise.resolve()) }));
    expect(await screen.findByRole("heading", { name: "Dashboard", level: 1 })).toBeInTheDocument();
    expect(router.pathname).toBe("/");
  });
});

describe("login page (spec sections 5 and 8)", () => {
  it("validates the email and the password length before calling the API", async () => {
    const login = vi.fn(() => Promise.resolve());
    renderBackOffice("/login", authStub({ login }));
    await userEvent.click(await screen.findByRole("button", { name: "Sign in" }));
    expect(screen.getByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 8 characters")).toBeInTheDocument();
    await userEvent.type(screen.getByRole("textbox", { name: "Email" }), "admin@example");
    await userEvent.type(screen.getByLabelText(/^Password/), "1234567");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(screen.getByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 8 characters")).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it.each(Object.values(LOGIN_ERRORS))("shows the catalogue's message: %s", async (message) => {
    renderBackOffice("/login", authStub({ login: vi.fn(() => Promise.reject(new LoginError(message))) }));
    await userEvent.type(await screen.findByRole("textbox", { name: "Email" }), "admin@example.com");
    await userEvent.type(screen.getByLabelText(/^Password/), "Admin12345");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
  });

  it("an exception that is not a login error reads An unexpected error occurred.", async () => {
    renderBackOffice("/login", authStub({ login: vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))) }));
    await userEvent.type(await screen.findByRole("textbox", { name: "Email" }), "admin@example.com");
    await userEvent.type(screen.getByLabelText(/^Password/), "Admin12345");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("An unexpected error occurred.");
  });

  it("has a Forgot password link to /reset-password", async () => {
    const router = renderBackOffice("/login", authStub());
    await userEvent.click(await screen.findByRole("link", { name: "Forgot password?" }));
    expect(await screen.findByRole("heading", { name: "Reset password" })).toBeInTheDocument();
    expect(router.pathname).toBe("/reset-password");
  });
});

describe("reset password page", () => {
  it("validates the email, then shows the same success text whatever the account", async () => {
    const resetPassword = vi.fn(() => Promise.resolve());
    renderBackOffice("/reset-password", authStub({ resetPassword }));
    await userEvent.click(await screen.findByRole("button", { name: "Send reset instructions" }));
    expect(screen.getByText("Please enter a valid email address")).toBeInTheDocument();
    await userEvent.type(screen.getByRole("textbox", { name: "Email" }), "someone@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send reset instructions" }));
    expect(await screen.findByText("If an account exists with this email, you will receive password reset instructions.")).toBeInTheDocument();
    expect(resetPassword).toHaveBeenCalledWith("someone@example.com");
  });

  it("shows the failure text when sending fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderBackOffice("/reset-password", authStub({ resetPassword: vi.fn(() => Promise.reject(new Error("500"))) }));
    await userEvent.type(await screen.findByRole("textbox", { name: "Email" }), "someone@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send reset instructions" }));
    expect(await screen.findByText("Failed to send reset instructions. Please try again.")).toBeInTheDocument();
  });
});

describe("update password page", () => {
  const fill = async (password: string, confirmation: string) => {
    const [first, second] = [await screen.findByLabelText(/^New password/), screen.getByLabelText(/^Confirm password/)];
    await userEvent.clear(first);
    if (password) await userEvent.type(first, password);
    await userEvent.clear(second);
    if (confirmation) await userEvent.type(second, confirmation);
    await userEvent.click(screen.getByRole("button", { name: "Update password" }));
  };

  it.each([
    ["short1A", "short1A", "Password must be at least 8 characters"],
    ["lowercase1", "lowercase1", "Password must contain at least one uppercase letter"],
    ["UPPERCASE1", "UPPERCASE1", "Password must contain at least one lowercase letter"],
    ["NoNumbers", "NoNumbers", "Password must contain at least one number"],
    ["Matching123", "Different123", "Passwords don't match"],
  ])("%s / %s: %s", async (password, confirmation, message) => {
    const updatePassword = vi.fn(() => Promise.resolve());
    renderBackOffice("/update-password", authStub({ updatePassword }));
    await fill(password, confirmation);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(updatePassword).not.toHaveBeenCalled();
  });

  it("on success goes to the login page", async () => {
    const updatePassword = vi.fn(() => Promise.resolve());
    const router = renderBackOffice("/update-password", authStub({ updatePassword }));
    await fill("Changed12345", "Changed12345");
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeInTheDocument();
    expect(updatePassword).toHaveBeenCalledWith("Changed12345");
    expect(router.pathname).toBe("/login");
  });

  it.each([
    [Object.assign(new Error("Auth session missing!"), { name: "AuthSessionMissingError", status: 400 }), "Failed to update password. Please try again."],
    [new TypeError("undefined is not a function"), "An unexpected error occurred."],
  ])("failure %#: %s", async (error, message) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderBackOffice("/update-password", authStub({ updatePassword: vi.fn(() => Promise.reject(error)) }));
    await fill("Changed12345", "Changed12345");
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
  });
});
