import ForumIcon from "@mui/icons-material/ForumOutlined";
import type { ResourceConfig } from "../types.ts";
import { communityInboxPage } from "./CommunityInbox.tsx";

/** Community: the inbox of the site's forms (read and mark handled; the intake writes them). */
const community: ResourceConfig = {
  name: "community",
  table: "form_submissions",
  label: "Community",
  title: "Community Inbox",
  icon: ForumIcon,
  menu: 7,
  noun: "submission",
  sort: { field: "created_at", order: "DESC" },
  searchFields: ["email", "name", "message"],
  columns: [],
  fields: [],
  capabilities: {},
};

community.page = communityInboxPage(community);

export default community;
