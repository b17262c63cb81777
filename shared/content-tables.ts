// The content tables: every content type of shared/content-types/, found by the bundler
// (import.meta.glob), so that a new type is its file and nothing else lists it. Everything walking
// "every table" reads this list: the back office (its screens, backoffice/resources/index.ts), the
// search across content, draft previews, and the integration tests (the RLS matrix, the length
// limits, the fuzzer). See docs/architecture.md.
//
// Only code that Vite or Vitest runs imports this module; code that plain Node runs (server/,
// scripts/) has no import.meta.glob and imports the one definition it needs, or takes the list from
// scripts/content-tables.ts.

import type { ContentType } from "./content-type.ts";

// Stryker disable next-line all: Vite reads import.meta.glob's arguments as literals when it builds; a mutated call is one it cannot read.
const definitions = import.meta.glob<ContentType>(["./content-types/*.ts", "!./content-types/*.test.ts"], { eager: true, import: "default" });

/** Every content table, in the order of their files' names. admin_users is not content: it is the admin list, written by nobody through the API. */
export const CONTENT_TABLES: readonly ContentType[] = Object.values(definitions);
