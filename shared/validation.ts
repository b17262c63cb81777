import { PASSWORD_MIN_LENGTH, PROGRESS_MAX, PROGRESS_MIN } from "./constants.ts";
import { LIST_LIMITS, TEXT_LIMITS, tooLongMessage } from "./limits.ts";
import { BLOG_CATEGORIES, STAGE_CATEGORIES, VIDEO_CATEGORIES } from "./types.ts";

// Validation rules and their messages, free of any UI library (docs/architecture.md: where each rule lives).
//
// A Rule takes the field's value (and the whole form's values) and returns the message to show, or
// undefined when the value is fine. This is react-admin's validator signature, so a rule list can be
// passed as an input's `validate` prop unchanged; validateRecord applies a whole map elsewhere
// (component tests, the form intake).
//
// Every builder except `required` and `nonEmptyList` lets an empty value through, so that "optional
// but valid when given" is the default and "required" is always said explicitly.

export type Rule = (value: unknown, values?: Record<string, unknown>) => string | undefined;
export type RuleMap = Record<string, Rule[]>;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

function asNumber(value: unknown): number {
  return typeof value === "number" ? value : Number(value);
}

/** Fails on undefined, null, blank text and an empty list. 0 and false are values. */
export function required(message: string): Rule {
  return (value) => (isEmpty(value) || (Array.isArray(value) && value.length === 0) ? message : undefined);
}

/** An absolute http or https URL. Other schemes (javascript:, data:, ftp:) fail. */
export function validUrl(message: string): Rule {
  return (value) => {
    if (isEmpty(value)) return undefined;
    if (typeof value !== "string") return message;
    try {
      const url = new URL(value.trim());
      return url.protocol === "http:" || url.protocol === "https:" ? undefined : message;
    } catch {
      return message;
    }
  };
}

/**
 * A local part and a domain of dot-separated words: no space or second @, a dot in the domain, and
 * no dot at either end of a part or beside another. `a.@example.com` is no address, and
 * `a@example.com.` is `a@example.com` spelled again (which would be a second subscriber). The check
 * constraints on stored addresses say the same in SQL (supabase/migrations/20261128000310_email_variants.sql).
 */
const EMAIL_PATTERN = /^[^\s@.]+(\.[^\s@.]+)*@[^\s@.]+(\.[^\s@.]+)+$/;

/** An address as EMAIL_PATTERN has it: what a browser's type=email accepts, near enough. */
export function validEmail(message: string): Rule {
  return pattern(EMAIL_PATTERN, message);
}

/** A finite number (or numeric text, as inputs give). */
export function isNumber(message: string): Rule {
  return (value) => (isEmpty(value) || Number.isFinite(asNumber(value)) ? undefined : message);
}

export function minValue(min: number, message: string): Rule {
  return (value) => {
    if (isEmpty(value)) return undefined;
    const number = asNumber(value);
    return Number.isFinite(number) && number >= min ? undefined : message;
  };
}

export function maxValue(max: number, message: string): Rule {
  return (value) => {
    if (isEmpty(value)) return undefined;
    const number = asNumber(value);
    return Number.isFinite(number) && number <= max ? undefined : message;
  };
}

/** At least `min` characters, counted as code points so an emoji counts once. */
export function minLength(min: number, message: string): Rule {
  return (value) => {
    if (isEmpty(value)) return undefined;
    return typeof value === "string" && [...value].length >= min ? undefined : message;
  };
}

/** At most `max` characters (code points, as the database counts them). */
export function maxLength(max: number, message: string): Rule {
  return (value) => (typeof value === "string" && [...value].length > max ? message : undefined);
}

/** `maxLength` with the standard message: "Title must be at most 200 characters", written only when needed (a page builds dozens of these rules as it loads). */
export function limitedTo(max: number, field: string): Rule {
  return (value) => (typeof value === "string" && [...value].length > max ? tooLongMessage(field, max) : undefined);
}

/** A list of at most `max` entries, each at most `entryMax` characters (collection features). */
export function listWithin(max: number, entryMax: number, noun: string): Rule {
  return (value) => {
    if (!Array.isArray(value)) return undefined;
    const entries = value.filter((entry) => typeof entry !== "string" || entry.trim() !== "");
    if (entries.length > max) return `At most ${max} ${noun}s`;
    return entries.some((entry) => typeof entry === "string" && [...entry].length > entryMax)
      ? `Each ${noun} must be at most ${entryMax.toLocaleString("en-US")} characters`
      : undefined;
  };
}

/** A list of at most `max` entries. */
export function maxEntries(max: number, message: string): Rule {
  return (value) => (Array.isArray(value) && value.length > max ? message : undefined);
}

export function pattern(regex: RegExp, message: string): Rule {
  return (value) => {
    if (isEmpty(value)) return undefined;
    return typeof value === "string" && regex.test(value) ? undefined : message;
  };
}

/**
 * A date and time (ISO text or a Date) in the years 2000 to 9999: a datetime input lets a year of
 * five or six digits through, which neither the API's ISO dates nor people mean.
 */
export function validDateTime(message: string): Rule {
  return (value) => {
    if (isEmpty(value)) return undefined;
    const date = value instanceof Date ? value : typeof value === "string" ? new Date(value) : null;
    const year = date?.getUTCFullYear() ?? Number.NaN;
    return year >= 2000 && year <= 9999 ? undefined : message;
  };
}

/** One of a fixed list of choices (a category). */
export function oneOf(choices: readonly string[], message: string): Rule {
  return (value) => (isEmpty(value) || (typeof value === "string" && choices.includes(value)) ? undefined : message);
}

/** Equal to another field of the same form, such as a password confirmation. */
export function matchesField(field: string, message: string): Rule {
  return (value, values) => (value === values?.[field] ? undefined : message);
}

/** A list with at least one non-blank entry: blank lines of a one-per-line textarea do not count. */
export function nonEmptyList(message: string): Rule {
  return (value) =>
    Array.isArray(value) && value.some((entry) => typeof entry === "string" && entry.trim() !== "")
      ? undefined
      : message;
}

/** Applies `itemRules` to every object of a list (whitepaper sections); the first failure wins. */
export function eachItem(itemRules: RuleMap): Rule {
  return (value) => {
    if (!Array.isArray(value)) return undefined;
    for (const item of value) {
      const errors = validateRecord(itemRules, (item ?? {}) as Record<string, unknown>);
      const first = Object.values(errors)[0];
      if (first) return first;
    }
    return undefined;
  };
}

/**
 * Applies a rule map to a record: for each field the first failing rule's message. An empty object
 * means the record is valid.
 */
export function validateRecord<M extends RuleMap>(
  rules: M,
  values: Record<string, unknown>,
): Partial<Record<keyof M & string, string>> {
  const errors: Partial<Record<keyof M & string, string>> = {};
  for (const field of Object.keys(rules) as (keyof M & string)[]) {
    for (const rule of rules[field] ?? []) {
      const message = rule(values[field], values);
      if (message !== undefined) {
        errors[field] = message;
        break;
      }
    }
  }
  return errors;
}

const URL_MESSAGE = "Must be a valid URL";
const EMAIL_MESSAGE = "Please enter a valid email address";
const PASSWORD_LENGTH_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
const TITLE_REQUIRED = "Title is required";
const DESCRIPTION_REQUIRED = "Description is required";
const CATEGORY_REQUIRED = "Category is required";

// Per-form rule maps. Messages are the product's exact wording; where a field is only required
// (video title and description, whitepaper title and version, contact and waitlist fields) the
// message follows the same "{Field} is required" pattern.

const { title: TITLE_MAX, url: URL_MAX, description: DESCRIPTION_MAX, label: LABEL_MAX } = TEXT_LIMITS;
const title = [required(TITLE_REQUIRED), limitedTo(TITLE_MAX, "Title")];
const description = [required(DESCRIPTION_REQUIRED), limitedTo(DESCRIPTION_MAX, "Description")];
const url = [validUrl(URL_MESSAGE), limitedTo(URL_MAX, "URL")];
const alt = [limitedTo(TEXT_LIMITS.alt, "Alt text")];

/** A media asset's own alt text (offered wherever the asset is picked). */
export const mediaAssetRules = { alt_text: alt } satisfies RuleMap;

export const collectionRules = {
  title,
  description,
  image_url: url,
  image_alt: alt,
  features: [nonEmptyList("At least one feature is required"), listWithin(LIST_LIMITS.features, LABEL_MAX, "feature")],
  capacity: [required("Capacity is required"), limitedTo(LABEL_MAX, "Capacity")],
} satisfies RuleMap;

export const videoRules = {
  title,
  description,
  thumbnail_url: url,
  thumbnail_alt: alt,
  video_url: url,
  category: [required(CATEGORY_REQUIRED), oneOf(VIDEO_CATEGORIES, CATEGORY_REQUIRED)],
  views: [isNumber("Views must be a number"), minValue(0, "Views cannot be negative")],
} satisfies RuleMap;

/** Interface previews and cartridge models. Category is optional (interface items default to UI). */
export const galleryItemRules = {
  title,
  description,
  image_url: url,
  image_alt: alt,
  order: [isNumber("Order must be a number")],
} satisfies RuleMap;

export const stageRules = {
  name: [required("Name is required"), limitedTo(TITLE_MAX, "Name")],
  category: [required(CATEGORY_REQUIRED), oneOf(STAGE_CATEGORIES, CATEGORY_REQUIRED)],
  progress: [
    minValue(PROGRESS_MIN, "Progress must be at least 0"),
    maxValue(PROGRESS_MAX, "Progress cannot exceed 100"),
  ],
  order: [required("Order is required"), minValue(0, "Order must be at least 0")],
} satisfies RuleMap;

export const pressQuoteRules = {
  quote: [required("Quote is required"), limitedTo(TEXT_LIMITS.quote, "Quote")],
  source: [required("Source is required"), limitedTo(TITLE_MAX, "Source")],
  logo_url: url,
  logo_alt: alt,
} satisfies RuleMap;

export const whitepaperSectionRules = {
  title: [required("Section title is required"), limitedTo(TITLE_MAX, "Section title")],
  content: [required("Section content is required"), limitedTo(TEXT_LIMITS.sectionContent, "Section content")],
} satisfies RuleMap;

export const whitepaperRules = {
  title,
  version: [
    required("Version is required"),
    limitedTo(TEXT_LIMITS.version, "Version"),
    pattern(/^\d{1,9}(\.\d{1,9})*$/, "Version must be numbers separated by dots, such as 1.2"),
  ],
  sections: [maxEntries(LIST_LIMITS.sections, `At most ${LIST_LIMITS.sections} sections`), eachItem(whitepaperSectionRules)],
} satisfies RuleMap;

export const blogPostRules = {
  title,
  read_time: [limitedTo(LABEL_MAX, "Read time")],
  content: [required("Content is required"), limitedTo(TEXT_LIMITS.content, "Content")],
  image_url: url,
  image_alt: alt,
  category: [required(CATEGORY_REQUIRED), oneOf(BLOG_CATEGORIES, CATEGORY_REQUIRED)],
  milestone: [limitedTo(LABEL_MAX, "Milestone")],
  seo_description: [limitedTo(TEXT_LIMITS.seoDescription, "Meta description")],
  seo_image_url: url,
  canonical_url: url,
} satisfies RuleMap;

/** Publishable content's schedule: empty publishes at once. */
export const scheduleRules = {
  publish_at: [validDateTime("Publish at must be a valid date and time")],
} satisfies RuleMap;

export const faqEntryRules = {
  question: [required("Question is required"), limitedTo(TEXT_LIMITS.question, "Question")],
  answer: [required("Answer is required"), limitedTo(TEXT_LIMITS.answer, "Answer")],
  order: [isNumber("Order must be a number"), minValue(0, "Order must be at least 0")],
} satisfies RuleMap;

// Auth forms: an empty field shows the same message as a malformed one: each field has one message.

export const loginRules = {
  email: [required(EMAIL_MESSAGE), validEmail(EMAIL_MESSAGE)],
  password: [required(PASSWORD_LENGTH_MESSAGE), minLength(PASSWORD_MIN_LENGTH, PASSWORD_LENGTH_MESSAGE)],
} satisfies RuleMap;

export const resetRules = {
  email: [required(EMAIL_MESSAGE), validEmail(EMAIL_MESSAGE)],
} satisfies RuleMap;

/** An authenticator app's code: six digits (spaces, as some apps show "123 456", are dropped first). */
export const TOTP_CODE_MESSAGE = "Enter the 6-digit code from your authenticator app";

export function totpCode(value: string): string {
  return value.replace(/\s+/g, "");
}

export const totpCodeRules = {
  code: [(value: unknown) => (typeof value === "string" && /^\d{6}$/.test(totpCode(value)) ? undefined : TOTP_CODE_MESSAGE)],
} satisfies RuleMap;

/** What a new authenticator is called in the member's list. */
export const authenticatorNameRules = {
  name: [required("Name is required"), limitedTo(TEXT_LIMITS.title, "Name")],
} satisfies RuleMap;

/** The update-password form's fields are `password` and `confirmPassword`. */
export const newPasswordRules = {
  password: [
    required(PASSWORD_LENGTH_MESSAGE),
    minLength(PASSWORD_MIN_LENGTH, PASSWORD_LENGTH_MESSAGE),
    pattern(/\p{Lu}/u, "Password must contain at least one uppercase letter"),
    pattern(/\p{Ll}/u, "Password must contain at least one lowercase letter"),
    pattern(/\d/, "Password must contain at least one number"),
  ],
  confirmPassword: [matchesField("password", "Passwords don't match")],
} satisfies RuleMap;

/** Contact email is also checked for shape: the intake rejects what could never be answered. */
const email = [required("Email is required"), validEmail(EMAIL_MESSAGE), limitedTo(TEXT_LIMITS.email, "Email")];

export const contactRules = {
  name: [required("Name is required"), limitedTo(TITLE_MAX, "Name")],
  email,
  message: [required("Message is required"), limitedTo(TEXT_LIMITS.message, "Message")],
} satisfies RuleMap;

export const waitlistRules = { email } satisfies RuleMap;

// The collection form's features: a textarea with one feature per line, stored as a list.

export const FEATURES_PLACEHOLDER = "Premium Metal Shell\nGold Contacts\nLimited Edition Number";

/** A new collection starts with one empty feature. */
export function defaultFeatures(): string[] {
  return [""];
}

/**
 * The textarea's text as a list, one entry per line, kept as typed: dropping blank lines here would
 * swallow the newline the user just typed (the input re-renders from the list). Blank entries do not
 * count for validation, and cleanFeatures removes them on save.
 */
export function featuresFromText(text: string): string[] {
  return text.split(/\r?\n/);
}

export function featuresToText(features: readonly string[] | null | undefined): string {
  return (features ?? []).join("\n");
}

/** The list to store: entries trimmed, blank ones dropped. */
export function cleanFeatures(features: readonly string[]): string[] {
  return features.map((feature) => feature.trim()).filter((feature) => feature !== "");
}
