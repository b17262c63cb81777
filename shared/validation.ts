import { PASSWORD_MIN_LENGTH } from "./constants.ts";
import { isStoragePath } from "./images.ts";
import { TEXT_LIMITS, tooLongMessage } from "./limits.ts";

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

/** validUrl, or a host-relative address of our own Storage (how the media library's files are stored). */
export function validAssetUrl(message: string): Rule {
  const absolute = validUrl(message);
  return (value) => (typeof value === "string" && isStoragePath(value.trim()) ? undefined : absolute(value));
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
const CATEGORY_REQUIRED = "Category is required";

// Rules several content types share; each type's rule map is in its file of shared/content-types/.
// Messages are the product's exact wording; where a field is only required (video title and
// description, whitepaper title and version, contact and waitlist fields) the message follows the
// same "{Field} is required" pattern.

const { title: TITLE_MAX, url: URL_MAX, description: DESCRIPTION_MAX } = TEXT_LIMITS;
export const titleRules = [required("Title is required"), limitedTo(TITLE_MAX, "Title")];
export const descriptionRules = [required("Description is required"), limitedTo(DESCRIPTION_MAX, "Description")];
export const urlRules = [validUrl(URL_MESSAGE), limitedTo(URL_MAX, "URL")];
/** An image's or a video's address: one of the library's files, or any http(s) URL. */
export const assetUrlRules = [validAssetUrl(URL_MESSAGE), limitedTo(URL_MAX, "URL")];
export const altRules = [limitedTo(TEXT_LIMITS.alt, "Alt text")];

/** One of a fixed list of categories, required. */
export function categoryRules(categories: readonly string[]): Rule[] {
  return [required(CATEGORY_REQUIRED), oneOf(categories, CATEGORY_REQUIRED)];
}

/** Publishable content's schedule: empty publishes at once. */
export const scheduleRules = {
  publish_at: [validDateTime("Publish at must be a valid date and time")],
} satisfies RuleMap;

/** A moment after `now` (an ISO string or a Date); empty is left to `required`. */
export function momentAhead(message: string, now: () => number = Date.now): Rule {
  return (value) => {
    if (isEmpty(value)) return undefined;
    const time = (value instanceof Date ? value : new Date(String(value))).getTime();
    return Number.isNaN(time) || time > now() ? undefined : message;
  };
}

/** The moment of an explicit "Schedule": required, and ahead (a moment past would publish at once). */
export const SCHEDULE_MISSING = "Pick when it goes live";
export const SCHEDULE_PAST = "Pick a moment ahead, or choose Publish immediately";
export const scheduledMomentRules: Rule[] = [required(SCHEDULE_MISSING), ...scheduleRules.publish_at, momentAhead(SCHEDULE_PAST)];

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
