import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import { TestMemoryRouter } from "ra-core";
import { CodeStep } from "../security/CodeStep.tsx";
import { LoginPage } from "./LoginPage.tsx";
import { ResetPasswordPage } from "./ResetPasswordPage.tsx";
import { UpdatePasswordPage } from "./UpdatePasswordPage.tsx";

// The back office's purple (lib/brand-theme.ts); MUI's default primary is #1976d2.
const PURPLE = "#6d28d9";

/** A page as App.tsx shows it before react-admin (and its theme) has loaded: under the router alone. */
function showAlone(page: ReactNode, path = "/") {
  render(<TestMemoryRouter initialEntries={[path]}>{page}</TestMemoryRouter>);
}

const never = () => new Promise<never>(() => {});

describe("every auth page is in the back office's theme, even before the admin has loaded", () => {
  it.each([
    ["the login page", () => showAlone(<LoginPage login={vi.fn(never)} />), "Sign in"],
    ["the reset page", () => showAlone(<ResetPasswordPage resetPassword={vi.fn(never)} />), "Send reset instructions"],
    [
      "the invitation's Choose your password page",
      () => showAlone(<UpdatePasswordPage passwordRecovery={() => Promise.resolve("ready")} updatePassword={vi.fn(never)} acceptInvitation={vi.fn(never)} />, "/update-password?invited=1"),
      "Set password and continue",
    ],
    ["the update password page", () => showAlone(<UpdatePasswordPage passwordRecovery={() => Promise.resolve("ready")} updatePassword={vi.fn(never)} acceptInvitation={vi.fn(never)} />, "/update-password"), "Update password"],
    ["the two-factor step", () => showAlone(<CodeStep verify={vi.fn(never)} onPassed={vi.fn()} footer={null} />), "Verify"],
  ])("%s: its main button is purple, not MUI's default blue", async (_page, show, button) => {
    show();
    const submit = await screen.findByRole("button", { name: button });
    // MUI paints a contained button with this custom property (jsdom does not resolve it to a colour).
    expect(getComputedStyle(submit).getPropertyValue("--variant-containedBg").trim()).toBe(PURPLE);
  });
});
