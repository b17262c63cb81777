import { useEffect, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import DashboardIcon from "@mui/icons-material/DashboardOutlined";
import GroupIcon from "@mui/icons-material/GroupOutlined";
import MarkEmailReadIcon from "@mui/icons-material/MarkEmailReadOutlined";
import HistoryIcon from "@mui/icons-material/History";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import { AppBar, Layout, Logout, Menu, TitlePortal, useLocation, useNotify, useSidebarState } from "react-admin";
import { AdminGuard } from "../auth/AdminGuard.tsx";
import { noticeOf } from "../auth/AuthLayout.tsx";
import { useRole } from "../auth/roles.tsx";
import { menuEntries } from "../resources/index.ts";
import { ContentSearch } from "./ContentSearch.tsx";

/**
 * The sidebar: Dashboard, the registry's screens in their menu order, Activity, Subscribers, Team, View Site,
 * Logout. Editors get neither the screens kept for administrators nor Subscribers and Team.
 */
export function AdminMenu() {
  const [open] = useSidebarState();
  const administrator = useRole() === "administrator";
  return (
    <Menu>
      <Menu.Item to="/" primaryText="Dashboard" leftIcon={<DashboardIcon />} />
      {menuEntries
        .filter((entry) => administrator || !entry.administratorsOnly)
        .map((entry) => (
          <Menu.Item key={entry.to} to={entry.to} primaryText={entry.label} leftIcon={<entry.icon />} />
        ))}
      <Menu.Item to="/activity" primaryText="Activity" leftIcon={<HistoryIcon />} />
      {administrator && <Menu.Item to="/subscribers" primaryText="Subscribers" leftIcon={<MarkEmailReadIcon />} />}
      {administrator && <Menu.Item to="/team" primaryText="Team" leftIcon={<GroupIcon />} />}
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

/** The title, and the search across content. */
function AdminAppBar() {
  return (
    <AppBar>
      <TitlePortal />
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
