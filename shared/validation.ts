import { PASSWORD_MIN_LENGTH, PROGRESS_MAX, PROGRESS_MIN } from "./constants.ts";
import { BLOG_CATEGORIES, STAGE_CATEGORIES, VIDEO_CATEGORIES } from "./types.ts";

// Validation rules and the spec's messages (section 5), free of any UI library.
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

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Something@host.tld without spaces: what a browser's type=email accepts, near enough. */
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

export function pattern(regex: RegExp, message: string): Rule {
  return (value) => {
    if (isEmpty(value)) return undefined;
    return typeof value === "string" && regex.test(value) ? undefined : message;
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

// Per-form rule maps. Messages the spec names are quoted exactly; where the spec only says
// "required" (video title and description, whitepaper title and version, contact and waitlist
// fields) the message follows the same "{Field} is required" pattern.

export const collectionRules = {
  title: [required(TITLE_REQUIRED)],
  description: [required(DESCRIPTION_REQUIRED)],
  image_url: [validUrl(URL_MESSAGE)],
  features: [nonEmptyList("At least one feature is required")],
  capacity: [required("Capacity is required")],
} satisfies RuleMap;

export const videoRules = {
  title: [required(TITLE_REQUIRED)],
  description: [required(DESCRIPTION_REQUIRED)],
  thumbnail_url: [validUrl(URL_MESSAGE)],
  video_url: [validUrl(URL_MESSAGE)],
  category: [required(CATEGORY_REQUIRED), oneOf(VIDEO_CATEGORIES, CATEGORY_REQUIRED)],
} satisfies RuleMap;

/** Interface previews and cartridge models. Category is optional (interface items default to UI). */
export const galleryItemRules = {
  title: [required(TITLE_REQUIRED)],
  description: [required(DESCRIPTION_REQUIRED)],
  image_url: [validUrl(URL_MESSAGE)],
  order: [isNumber("Order must be a number")],
} satisfies RuleMap;

export const stageRules = {
  name: [required("Name is required")],
  category: [required(CATEGORY_REQUIRED), oneOf(STAGE_CATEGORIES, CATEGORY_REQUIRED)],
  progress: [
    minValue(PROGRESS_MIN, "Progress must be at least 0"),
    maxValue(PROGRESS_MAX, "Progress cannot exceed 100"),
  ],
  order: [required("Order is required"), minValue(0, "Order must be at least 0")],
} satisfies RuleMap;

export const pressQuoteRules = {
  quote: [required("Quote is required")],
  source: [required("Source is required")],
  logo_url: [validUrl(URL_MESSAGE)],
} satisfies RuleMap;

export const whitepaperSectionRules = {
  title: [required("Section title is required")],
  content: [required("Section content is required")],
} satisfies RuleMap;

export const whitepaperRules = {
  title: [required(TITLE_REQUIRED)],
  version: [required("Version is required")],
  sections: [eachItem(whitepaperSectionRules)],
} satisfies RuleMap;

export const blogPostRules = {
  title: [required(TITLE_REQUIRED)],
  content: [required("Content is required")],
  image_url: [validUrl(URL_MESSAGE)],
  category: [required(CATEGORY_REQUIRED), oneOf(BLOG_CATEGORIES, CATEGORY_REQUIRED)],
} satisfies RuleMap;

// Auth forms: an empty field shows the same message as a malformed one, as the spec gives only one.

export const loginRules = {
  email: [required(EMAIL_MESSAGE), validEmail(EMAIL_MESSAGE)],
  password: [required(PASSWORD_LENGTH_MESSAGE), minLength(PASSWORD_MIN_LENGTH, PASSWORD_LENGTH_MESSAGE)],
} satisfies RuleMap;

export const resetRules = {
  email: [required(EMAIL_MESSAGE), validEmail(EMAIL_MESSAGE)],
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
export const contactRules = {
  name: [required("Name is required")],
  email: [required("Email is required"), validEmail(EMAIL_MESSAGE)],
  message: [required("Message is required")],
} satisfies RuleMap;

export const waitlistRules = {
  email: [required("Email is required"), validEmail(EMAIL_MESSAGE)],
} satisfies RuleMap;

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
