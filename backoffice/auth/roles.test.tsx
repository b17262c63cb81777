import { describe, expect, it, vi } from "vitest";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Role } from "../lib/auth-provider.ts";
import { authStub, renderBackOffice, teamApiStub } from "../testing/back-office.tsx";
import { stubDataProvider } from "../testing/render.tsx";
import { ADMINISTRATORS_ONLY } from "./roles.tsx";

// The whole admin renders in jsdom: allow for a busy machine.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

// What each role is offered. What each role may actually read and write is the database's rule,
// tested against the local backend (tests/integration/backoffice-roles.test.ts).

const signedInAs = (role: Role) => authStub({ checkAuth: vi.fn(() => Promise.resolve()), getPermissions: vi.fn(() => Promise.resolve({ role })) });

/** The sidebar's entries once canAccess has answered for its screens (Blog Posts is every member's). */
async function menuLabels(): Promise<string[]> {
  await screen.findByRole("menuitem", { name: "Blog Posts" });
  const menu = screen.getByRole("menuitem", { name: "Dashboard" }).closest("ul")!;
  return within(menu)
    .getAllByRole("menuitem")
    .map((item) => item.textContent ?? "");
}

describe("an editor", () => {
  it("sees neither Team, Community, Subscribers, Waitlist nor People in the menu, but the content screens and Activity", async () => {
    renderBackOffice("/", signedInAs("editor"));
    const labels = await menuLabels();
    expect(labels).not.toContain("Team");
    expect(labels).not.toContain("Subscribers");
    expect(labels).not.toContain("Waitlist");
    expect(labels).not.toContain("People");
    expect(labels).not.toContain("Community");
    expect(labels).toEqual(expect.arrayContaining(["Dashboard", "Blog Posts", "Whitepaper", "Activity"]));
  });

  it.each(["/team", "/community", "/people"])("opening %s shows that only administrators can open it, and nothing of the screen", async (path) => {
    const list = vi.fn(() => Promise.resolve({ me: "a", members: [] }));
    const getList = vi.fn((_resource: string) => Promise.resolve({ data: [], total: 0 }));
    renderBackOffice(path, signedInAs("editor"), { teamApi: teamApiStub({ list }), dataProvider: stubDataProvider({ getList, rpc: () => Promise.resolve([] as never) }) });
    await screen.findByRole("heading", { name: ADMINISTRATORS_ONLY });
    await userEvent.click(screen.getByRole("link", { name: "Back to the dashboard" }));
    await screen.findByRole("heading", { name: "Dashboard", level: 1 });
    expect(list).not.toHaveBeenCalled();
    expect(getList.mock.calls.map(([resource]) => resource)).not.toContain("community");
    expect(getList.mock.calls.map(([resource]) => resource)).not.toContain("segments");
  });

  it("gets a dashboard without submissions or their figures", async () => {
    const getList = vi.fn((_resource: string) => Promise.resolve({ data: [], total: 0 }));
    const rpc = vi.fn((_fn: string) => Promise.resolve([] as never));
    renderBackOffice("/", signedInAs("editor"), { dataProvider: stubDataProvider({ getList, rpc }) });
    await screen.findByRole("heading", { name: "Dashboard", level: 1 });
    await screen.findByRole("heading", { name: "Progress at a glance" });
    await screen.findByText("Content published per month");
    expect(screen.queryByRole("heading", { name: /Latest submissions/ })).toBeNull();
    expect(screen.queryByText("Submissions per day")).toBeNull();
    expect(getList.mock.calls.map(([resource]) => resource)).not.toContain("community");
    expect(rpc.mock.calls.map(([fn]) => fn)).not.toEqual(expect.arrayContaining(["submission_counts"]));
    expect(rpc.mock.calls.map(([fn]) => fn)).not.toEqual(expect.arrayContaining(["waitlist_totals"]));
  });
});

describe("a role change", () => {
  it("is followed at the next navigation: an editor made administrator gets Team in the menu, and its screen", async () => {
    let role: Role = "editor";
    renderBackOffice("/", authStub({ checkAuth: vi.fn(() => Promise.resolve()), getPermissions: vi.fn(() => Promise.resolve({ role })) }));
    expect(await menuLabels()).not.toContain("Team");
    role = "administrator";
    await userEvent.click(screen.getByRole("menuitem", { name: "Activity" }));
    await screen.findByRole("menuitem", { name: "Team" });
    await userEvent.click(screen.getByRole("menuitem", { name: "Team" }));
    await screen.findByRole("heading", { name: "Team", level: 1 });
  });
});

describe("an administrator", () => {
  it("sees everything, Team, Community and People included, and opens the Team screen from the menu", async () => {
    renderBackOffice("/", signedInAs("administrator"));
    await screen.findByRole("heading", { name: /Latest submissions/ });
    await waitFor(async () => expect(await menuLabels()).toEqual(expect.arrayContaining(["Community", "Activity", "Subscribers", "Waitlist", "People", "Team"])));
    await userEvent.click(screen.getByRole("menuitem", { name: "Team" }));
    await screen.findByRole("heading", { name: "Team", level: 1 });
  });
});
