// Business constants: timings, sizes and counts of the product, in milliseconds, pixels or counts.

/** The waitlist thank-you view closes itself after this long. */
export const WAITLIST_THANK_YOU_MS = 2000;
/** The contact form's success message goes back to idle after this long. */
export const CONTACT_SUCCESS_MS = 3000;
/** The purple overlay shown when the v key is pressed on the home page. */
export const FLICKER_OVERLAY_MS = 1000;
/** The not-found page's 404 text changes this often. */
export const NOT_FOUND_FLICKER_MS = 100;
/** The public videos result is cached this long (5 minutes). */
export const VIDEOS_CACHE_MS = 300_000;
/** A horizontal swipe longer than this changes the carousel slide. */
export const CAROUSEL_SWIPE_THRESHOLD_PX = 50;
/** Columns of each progress timeline on the home page. */
export const TIMELINE_COLUMNS = 5;
/** The public videos page shows at most this many videos. */
export const MAX_PUBLIC_VIDEOS = 6;
/** Stage progress bounds and the slider step. */
export const PROGRESS_MIN = 0;
export const PROGRESS_MAX = 100;
export const PROGRESS_STEP = 5;
/** Shortest accepted password. */
export const PASSWORD_MIN_LENGTH = 8;
/** Rows of each whitepaper section's text area in the editor. */
export const WHITEPAPER_SECTION_ROWS = 15;
