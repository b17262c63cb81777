import { useEffect, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import DashboardIcon from "@mui/icons-material/DashboardOutlined";
import GroupIcon from "@mui/icons-material/GroupOutlined";
import MarkEmailReadIcon from "@mui/icons-material/MarkEmailReadOutlined";
import HistoryIcon from "@mui/icons-material/History";
import HowToRegIcon from "@mui/icons-material/HowToRegOutlined";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import PeopleIcon from "@mui/icons-material/PeopleAltOutlined";
import SecurityIcon from "@mui/icons-material/SecurityOutlined";
import { AppBar, CanAccess, Layout, Logout, Menu, TitlePortal, useLocation, useNotify, useSidebarState } from "react-admin";
import { AdminGuard } from "../auth/AdminGuard.tsx";
import { noticeOf } from "../auth/AuthLayout.tsx";
import { menuEntries } from "../resources/index.ts";
import { ContentSearch } from "./ContentSearch.tsx";

/** A sidebar entry of a screen that is not a react-admin resource, shown when canAccess lets the member list it. */
function ScreenMenuItem({ name, label, icon }: { name: string; label: string; icon: ReactNode }) {
  return (
    <CanAccess resource={name} action="list">
      <Menu.Item to={`/${name}`} primaryText={label} leftIcon={icon} />
    </CanAccess>
  );
}

/**
 * The sidebar: Dashboard, the registry's screens in their menu order, Activity, Subscribers, Waitlist, People, Team,
 * Security (every member's own sign-in), View Site, Logout. Each screen's entry shows when canAccess lets the member list it (react-admin's resource
 * entries ask it themselves): editors get neither the screens kept for administrators nor Subscribers, Waitlist, People and Team.
 */
export function AdminMenu() {
  const [open] = useSidebarState();
  return (
    <Menu>
      <Menu.Item to="/" primaryText="Dashboard" leftIcon={<DashboardIcon />} />
      {menuEntries.map((entry) =>
        entry.kind === "resource" ? <Menu.ResourceItem key={entry.name} name={entry.name} /> : <ScreenMenuItem key={entry.name} name={entry.name} label={entry.label} icon={<entry.icon />} />,
      )}
      <Menu.Item to="/activity" primaryText="Activity" leftIcon={<HistoryIcon />} />
      <ScreenMenuItem name="subscribers" label="Subscribers" icon={<MarkEmailReadIcon />} />
      <ScreenMenuItem name="waitlist" label="Waitlist" icon={<HowToRegIcon />} />
      <ScreenMenuItem name="people" label="People" icon={<PeopleIcon />} />
      <ScreenMenuItem name="team" label="Team" icon={<GroupIcon />} />
      <Menu.Item to="/security" primaryText="Security" leftIcon={<SecurityIcon />} />
      <MenuItem component="a" href="/" target="_blank" rel="noopener" sx={{ color: "text.secondary" }}>
        <ListItemIcon sx={{ minWidth: 40 }}>
          <OpenInNewIcon fontSize="small" />
        </ListItemIcon>
        {open && <ListItemText>View Site</ListItemText>}
      </MenuItem>
      <Logout />
    </Menu>
  );
}

/**
 * The title, and the search across content. The title wraps between words, in a smaller size on a
 * phone, rather than being cut to "Projec" beside the search box.
 */
function AdminAppBar() {
  return (
    <AppBar>
      <TitlePortal
        sx={{ whiteSpace: "normal", overflow: "visible", textOverflow: "clip", overflowWrap: "normal", wordBreak: "normal", hyphens: "manual", minWidth: 0, fontSize: { xs: "1rem", sm: "1.25rem" }, lineHeight: 1.2 }}
      />
      <ContentSearch />
    </AppBar>
  );
}

/**
 * react-query runs every query and mutation whatever the browser says about the network: by default
 * it would pause them offline (a save stuck on "Saving...") and send them once back online, behind
 * the admin's back. The requests fail at once offline instead (lib/connection.ts) and say so.
 */
function useRequestsWhileOffline() {
  const client = useQueryClient();
  useState(() => {
    const defaults = client.getDefaultOptions();
    client.setDefaultOptions({
      ...defaults,
      queries: { ...defaults.queries, networkMode: "always" },
      mutations: { ...defaults.mutations, networkMode: "always" },
    });
    return true;
  });
}

/** A notice the page before sent with the navigation (the invitation's "Welcome to the team"). */
function useNoticeFromNavigation() {
  const notice = noticeOf(useLocation().state);
  const notify = useNotify();
  useEffect(() => {
    if (notice) notify(notice, { type: "success" });
  }, [notice, notify]);
}

export function AdminLayout({ children }: { children: ReactNode }) {
  useRequestsWhileOffline();
  useNoticeFromNavigation();
  return (
    <AdminGuard>
      <Layout
        menu={AdminMenu}
        appBar={AdminAppBar}
        // react-admin's layout is as wide as its widest content (min-width: fit-content): a table of
        // many columns made the whole page wider than a phone. It takes the window's width instead, and
        // what is wider scrolls inside its own box.
        sx={{ minWidth: 0, "& .RaLayout-content": { px: { xs: 1.5, md: 3 }, pb: 4, minWidth: 0 } }}
      >
        {children}
      </Layout>
    </AdminGuard>
  );
}
