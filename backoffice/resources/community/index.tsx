import formSubmissions from "../../../shared/content-types/community.ts";
import { lazyScreen, resourceOf } from "../types.ts";

/** Community: the inbox of the site's forms. */
export default resourceOf(formSubmissions, {
  page: (config) => lazyScreen(async () => (await import("./CommunityInbox.tsx")).communityInboxPage(config)),
});
