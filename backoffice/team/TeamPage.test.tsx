import { describe, expect, it, vi } from "vitest";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Notification } from "react-admin";
import { renderInAdmin } from "../testing/render.tsx";
import { teamApiStub } from "../testing/back-office.tsx";
import { TeamApiError, type Member, type TeamApi } from "./team-api.ts";
import { TeamPage } from "./TeamPage.tsx";

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

// The screen over stubbed endpoints: what it shows and asks. Who may do what is decided by the
// database behind the web tier, and tested there.

const member = (fields: Partial<Member> & Pick<Member, "id" | "email">): Member => ({
  role: "editor",
  status: "active",
  invited_at: null,
  last_sign_in_at: null,
  created_at: "2026-11-20T10:00:00Z",
  two_factor: false,
  ...fields,
});

const ME = member({ id: "me", email: "admin@example.com", role: "administrator", last_sign_in_at: "2026-11-24T08:30:00Z" });
const EDITOR = member({ id: "ed", email: "editor@example.com", last_sign_in_at: "2026-11-23T12:00:00Z", two_factor: true });
const INVITED = member({ id: "new", email: "new@example.com", status: "invited", invited_at: "2026-11-24T07:00:00Z" });

function renderTeam(overrides: Partial<TeamApi> = {}) {
  const api = teamApiStub({ list: vi.fn(() => Promise.resolve({ me: ME.id, members: [ME, EDITOR, INVITED] })), ...overrides });
  renderInAdmin(
    <>
      <TeamPage api={api} />
      <Notification />
    </>,
  );
  return api;
}

const rowOf = async (email: string) => (await screen.findByRole("cell", { name: new RegExp(`^${email}`) })).closest("tr")!;

describe("the Team screen", () => {
  it("lists every member with their role, status and last sign-in, and marks the caller as You", async () => {
    renderTeam();
    const table = await screen.findByRole("table", { name: "Team members" });
    expect(within(table).getAllByRole("columnheader").map((header) => header.textContent)).toEqual(["Email", "Role", "Status", "Two-factor", "Last sign-in", "Actions"]);
    const me = await rowOf(ME.email);
    expect(within(me).getByText("You")).toBeInTheDocument();
    expect(within(me).getByRole("combobox", { name: `Role of ${ME.email}` })).toHaveValue("administrator");
    expect(within(me).getByText("Active")).toBeInTheDocument();
    const editor = await rowOf(EDITOR.email);
    expect(within(editor).queryByText("You")).toBeNull();
    expect(within(editor).getByRole("combobox", { name: `Role of ${EDITOR.email}` })).toHaveValue("editor");
    expect(within(editor).getByText(/Nov 23, 2026/)).toBeInTheDocument();
    const invited = await rowOf(INVITED.email);
    expect(within(invited).getByText("Invited")).toBeInTheDocument();
    expect(within(invited).getByText("Never")).toBeInTheDocument();
  });

  it("on the caller's own row, role change and removal are disabled with the reason", async () => {
    renderTeam();
    const me = await rowOf(ME.email);
    const role = within(me).getByRole("combobox", { name: `Role of ${ME.email}` });
    const remove = within(me).getByRole("button", { name: `Remove ${ME.email}` });
    expect(role).toBeDisabled();
    expect(role).toHaveAccessibleDescription("You cannot change your own role: ask another administrator");
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription("You cannot remove yourself: ask another administrator");
    const editor = await rowOf(EDITOR.email);
    expect(within(editor).getByRole("combobox", { name: `Role of ${EDITOR.email}` })).toBeEnabled();
    expect(within(editor).getByRole("button", { name: `Remove ${EDITOR.email}` })).toBeEnabled();
  });

  it("offers Resend invitation only to members who have not accepted theirs", async () => {
    const resendInvitation = vi.fn(() => Promise.resolve(INVITED));
    renderTeam({ resendInvitation });
    expect(within(await rowOf(EDITOR.email)).queryByRole("button", { name: /Resend invitation/ })).toBeNull();
    expect(within(await rowOf(ME.email)).queryByRole("button", { name: /Resend invitation/ })).toBeNull();
    await userEvent.click(within(await rowOf(INVITED.email)).getByRole("button", { name: `Resend invitation to ${INVITED.email}` }));
    await screen.findByText(`Invitation sent to ${INVITED.email}`);
    expect(resendInvitation).toHaveBeenCalledWith(INVITED.id);
  });

  it("Invite checks the address first, then sends the invitation with the chosen role", async () => {
    const invite = vi.fn((email: string) => Promise.resolve(member({ id: "x", email, status: "invited" })));
    const api = renderTeam({ invite });
    await screen.findByRole("table", { name: "Team members" });
    await userEvent.click(screen.getByRole("button", { name: "Invite" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite a member" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(within(dialog).getByText("Enter a valid email address")).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Email" }), "someone@example");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(within(dialog).getByText("Enter a valid email address")).toBeInTheDocument();
    expect(invite).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByRole("textbox", { name: "Email" }), ".com");
    await userEvent.selectOptions(within(dialog).getByRole("combobox", { name: "Role" }), "administrator");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    await screen.findByText("Invitation sent to someone@example.com");
    expect(invite).toHaveBeenCalledWith("someone@example.com", "administrator");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Invite a member" })).toBeNull());
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));
  });

  it("an invitation the endpoint refuses shows its message and keeps the dialog open", async () => {
    const invite = vi.fn(() => Promise.reject(new TeamApiError("This address is already a member of the team", 409)));
    renderTeam({ invite });
    await screen.findByRole("table", { name: "Team members" });
    await userEvent.click(screen.getByRole("button", { name: "Invite" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite a member" });
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Email" }), EDITOR.email);
    await userEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    await screen.findByText("This address is already a member of the team");
    expect(screen.getByRole("dialog", { name: "Invite a member" })).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Email" })).toHaveValue(EDITOR.email);
  });

  it("changing a role says what the member now is; a refusal shows the endpoint's message", async () => {
    const setRole = vi
      .fn<TeamApi["setRole"]>()
      .mockResolvedValueOnce({ ...EDITOR, role: "administrator" })
      .mockRejectedValueOnce(new TeamApiError("The team needs at least one administrator", 409));
    renderTeam({ setRole });
    await userEvent.selectOptions(within(await rowOf(EDITOR.email)).getByRole("combobox", { name: `Role of ${EDITOR.email}` }), "administrator");
    await screen.findByText(`${EDITOR.email} is now an administrator`);
    expect(setRole).toHaveBeenCalledWith(EDITOR.id, "administrator");
    await userEvent.selectOptions(within(await rowOf(INVITED.email)).getByRole("combobox", { name: `Role of ${INVITED.email}` }), "administrator");
    await screen.findByText("The team needs at least one administrator");
  });

  it("Remove asks first, naming the address, then removes the member", async () => {
    const remove = vi.fn(() => Promise.resolve());
    renderTeam({ remove });
    await userEvent.click(within(await rowOf(EDITOR.email)).getByRole("button", { name: `Remove ${EDITOR.email}` }));
    const confirm = await screen.findByRole("dialog");
    expect(confirm).toHaveTextContent("Remove editor@example.com from the team? Their access ends at once.");
    expect(remove).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole("button", { name: "Remove" }));
    await screen.findByText("editor@example.com was removed from the team");
    expect(remove).toHaveBeenCalledWith(EDITOR.id);
  });

  it("a list that cannot be read shows the error and Try Again, then the team", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const list = vi.fn<TeamApi["list"]>().mockRejectedValueOnce(new TeamApiError("The server could not be reached.", 0)).mockResolvedValue({ me: ME.id, members: [ME] });
    renderTeam({ list });
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not load the team.");
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await rowOf(ME.email)).toBeInTheDocument();
  });

  it("shows who has two-factor on; Reset two-factor and End sessions ask first, naming the address", async () => {
    const resetTwoFactor = vi.fn(() => Promise.resolve());
    const endSessions = vi.fn(() => Promise.resolve());
    renderTeam({ resetTwoFactor, endSessions });
    const editor = await rowOf(EDITOR.email);
    expect(within(editor).getByText("On")).toBeInTheDocument();
    expect(within(await rowOf(ME.email)).getByText("Off")).toBeInTheDocument();
    // Not offered on the caller's own row, nor Reset to a member without an app, nor End sessions to an invitation.
    expect(within(await rowOf(ME.email)).queryByRole("button", { name: /Reset two-factor|End sessions/ })).toBeNull();
    expect(within(await rowOf(INVITED.email)).queryByRole("button", { name: /Reset two-factor|End sessions/ })).toBeNull();

    await userEvent.click(within(editor).getByRole("button", { name: `Reset two-factor of ${EDITOR.email}` }));
    let confirm = await screen.findByRole("dialog");
    expect(confirm).toHaveTextContent("Reset two-factor sign-in for editor@example.com? Their authenticator apps are removed and they are signed out everywhere.");
    expect(resetTwoFactor).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole("button", { name: "Reset" }));
    await screen.findByText("Two-factor sign-in of editor@example.com was reset");
    expect(resetTwoFactor).toHaveBeenCalledWith(EDITOR.id);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await userEvent.click(within(await rowOf(EDITOR.email)).getByRole("button", { name: `End sessions of ${EDITOR.email}` }));
    confirm = await screen.findByRole("dialog");
    expect(confirm).toHaveTextContent("Sign editor@example.com out on every device?");
    await userEvent.click(within(confirm).getByRole("button", { name: "End sessions" }));
    await screen.findByText("editor@example.com was signed out everywhere");
    expect(endSessions).toHaveBeenCalledWith(EDITOR.id);
  });

  it("the team's two-factor requirement: read, switched on, and a refusal shows the database's message", async () => {
    const setTwoFactorRequired = vi
      .fn<TeamApi["setTwoFactorRequired"]>()
      .mockRejectedValueOnce(new TeamApiError("Turn on two-factor sign-in for yourself first", 400))
      .mockResolvedValue(undefined);
    renderTeam({ setTwoFactorRequired, twoFactorRequired: vi.fn(() => Promise.resolve(false)) });
    const toggle = await screen.findByRole("switch", { name: "Require two-factor sign-in for every member" });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await screen.findByText("Turn on two-factor sign-in for yourself first");
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await screen.findByText("Two-factor sign-in is now required for every member");
    expect(toggle).toBeChecked();
    expect(setTwoFactorRequired).toHaveBeenLastCalledWith(true);
  });
});
