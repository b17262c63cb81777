import ForumIcon from "@mui/icons-material/ForumOutlined";
import { formSubmissions } from "../../../shared/content-tables.ts";
import type { FormSubmission } from "../../../shared/types.ts";
import { defineResource, lazyScreen } from "../types.ts";

/** Community: the inbox of the site's forms (read and mark handled; the intake writes them). */
const community = defineResource<FormSubmission>(formSubmissions, {
  label: "Community",
  title: "Community Inbox",
  icon: ForumIcon,
  menu: 7,
  noun: "submission",
  sort: { field: "created_at", order: "DESC" },
  columns: [],
  fields: [],
  capabilities: {},
});

community.page = lazyScreen(async () => (await import("./CommunityInbox.tsx")).communityInboxPage(community));

// People's messages: administrators only (the database refuses them to editors).
export const access = "administrators";

export default community;
