import { describe, expect, it } from "vitest";
import { blogPostRules } from "./content-types/blog.ts";
import { collectionRules } from "./content-types/collections.ts";
import { faqEntryRules } from "./content-types/faq.ts";
import { stageRules } from "./content-types/progress.ts";
import { pressQuoteRules } from "./content-types/press.ts";
import { videoRules } from "./content-types/videos.ts";
import { whitepaperRules, whitepaperSectionRules } from "./content-types/whitepaper.ts";
import { galleryItemRules } from "./gallery-items.ts";
import { DOCUMENT_LIMITS } from "./rich-text/document.ts";
import { doc } from "../tests/support/documents.ts";
import { emptySectionContent } from "./whitepaper.ts";
import {
  FEATURES_PLACEHOLDER,
  altRules,
  cleanFeatures,
  contactRules,
  defaultFeatures,
  eachItem,
  featuresFromText,
  featuresToText,
  loginRules,
  totpCodeRules,
  authenticatorNameRules,
  isNumber,
  listWithin,
  matchesField,
  maxEntries,
  maxLength,
  maxValue,
  minLength,
  minValue,
  newPasswordRules,
  nonEmptyList,
  oneOf,
  pattern,
  required,
  resetRules,
  scheduleRules,
  scheduledMomentRules,
  SCHEDULE_MISSING,
  SCHEDULE_PAST,
  momentAhead,
  urlRules,
  validUrl,
  validAssetUrl,
  validateRecord,
  waitlistRules,
  type Rule,
} from "./validation.ts";
import { LIST_LIMITS, TEXT_LIMITS } from "./limits.ts";

describe("Rule builders", () => {
  it("required fails on missing, blank and empty-list values, and passes 0 and false", () => {
    const rule = required("needed");
    for (const value of [undefined, null, "", "   ", []]) expect(rule(value)).toBe("needed");
    for (const value of ["x", 0, false, ["a"]]) expect(rule(value)).toBeUndefined();
  });

  it("validUrl accepts http and https URLs and an empty value", () => {
    const rule = validUrl("bad");
    for (const value of ["https://example.com/a.png", "http://localhost:54321/x", "", null, undefined]) {
      expect(rule(value)).toBeUndefined();
    }
  });

  it("validUrl rejects other schemes, relative paths and plain text", () => {
    const rule = validUrl("bad");
    for (const value of ["javascript:alert(1)", "data:image/png;base64,AA", "ftp://x.org/f", "/images/a.png", "not a url", 42]) {
      expect(rule(value)).toBe("bad");
    }
  });

  it("validAssetUrl also accepts our own Storage's host-relative addresses, and refuses what validUrl refuses", () => {
    const rule = validAssetUrl("bad");
    for (const value of ["/storage/v1/object/public/assets/media/a.png", "https://example.com/a.png", "", null]) expect(rule(value)).toBeUndefined();
    for (const value of ["javascript:alert(1)", "/images/a.png", "/storage/v1/object/public/", "//evil.test/storage/v1/object/public/a.png", "/storage/v1/object/sign/assets/a.png", "not a url", 42]) {
      expect(rule(value)).toBe("bad");
    }
  });

  it("minValue and maxValue are inclusive, read numeric text and let empty through", () => {
    expect(minValue(0, "low")(0)).toBeUndefined();
    expect(minValue(0, "low")(-1)).toBe("low");
    expect(minValue(0, "low")("-1")).toBe("low");
    expect(minValue(0, "low")("abc")).toBe("low");
    expect(maxValue(100, "high")(100)).toBeUndefined();
    expect(maxValue(100, "high")(101)).toBe("high");
    expect(maxValue(100, "high")(null)).toBeUndefined();
  });

  it("minLength counts characters and lets empty through", () => {
    expect(minLength(3, "short")("ab")).toBe("short");
    expect(minLength(3, "short")("abc")).toBeUndefined();
    expect(minLength(3, "short")("")).toBeUndefined();
  });

  it("pattern tests text and lets empty through", () => {
    expect(pattern(/\d/, "digit")("abc")).toBe("digit");
    expect(pattern(/\d/, "digit")("a1")).toBeUndefined();
    expect(pattern(/\d/, "digit")(undefined)).toBeUndefined();
  });

  it("matchesField compares with another field of the same form", () => {
    expect(matchesField("password", "differs")("a", { password: "a" })).toBeUndefined();
    expect(matchesField("password", "differs")("a", { password: "b" })).toBe("differs");
  });
});

describe("validateRecord", () => {
  it("returns an empty object when the record is valid", () => {
    expect(validateRecord(pressQuoteRules, { quote: "Great", source: "Press", logo_url: "" })).toEqual({});
  });

  it("returns the first failing rule's message for each field", () => {
    expect(validateRecord(loginRules, { email: "", password: "" })).toEqual({
      email: "Please enter a valid email address",
      password: "Password must be at least 8 characters",
    });
  });
});

describe("Collection form", () => {
  const valid = {
    title: "Classic Cinema Collection",
    description: "Films",
    image_url: "https://images.unsplash.com/photo-1",
    features: ["Premium Metal Shell"],
    capacity: "512GB",
  };

  it("accepts a complete collection", () => {
    expect(validateRecord(collectionRules, valid)).toEqual({});
  });

  it("shows the product's exact messages", () => {
    expect(validateRecord(collectionRules, { image_url: "nope", features: [""] })).toEqual({
      title: "Title is required",
      description: "Description is required",
      image_url: "Must be a valid URL",
      features: "At least one feature is required",
      capacity: "Capacity is required",
    });
  });

  it("needs at least one feature: blank lines do not count", () => {
    expect(validateRecord(collectionRules, { ...valid, features: ["", "  "] }).features).toBe(
      "At least one feature is required",
    );
    expect(validateRecord(collectionRules, { ...valid, features: [] }).features).toBe(
      "At least one feature is required",
    );
    expect(validateRecord(collectionRules, { ...valid, features: ["", "Gold Contacts"] }).features).toBeUndefined();
  });
});

describe("Collection features input: a textarea with one feature per line", () => {
  it("shows the three examples as placeholder", () => {
    expect(FEATURES_PLACEHOLDER).toBe("Premium Metal Shell\nGold Contacts\nLimited Edition Number");
  });

  it("defaults to one empty entry", () => {
    expect(defaultFeatures()).toEqual([""]);
    expect(featuresToText(defaultFeatures())).toBe("");
    expect(featuresFromText("")).toEqual([""]);
  });

  it("splits lines, including Windows line ends, and keeps a line being typed", () => {
    expect(featuresFromText("Gold Contacts\r\nPremium Metal Shell\n")).toEqual(["Gold Contacts", "Premium Metal Shell", ""]);
    expect(featuresToText(featuresFromText("a\nb\n"))).toBe("a\nb\n");
  });

  it("joins a stored list one per line", () => {
    expect(featuresToText(["a", "b"])).toBe("a\nb");
    expect(featuresToText(null)).toBe("");
  });

  it("stores trimmed entries without blank lines", () => {
    expect(cleanFeatures([" Gold Contacts ", "", "  ", "Limited Edition Number"])).toEqual([
      "Gold Contacts",
      "Limited Edition Number",
    ]);
  });
});

describe("Video form", () => {
  it("shows its messages", () => {
    expect(validateRecord(videoRules, { thumbnail_url: "x", video_url: "y" })).toEqual({
      title: "Title is required",
      description: "Description is required",
      thumbnail_url: "Must be a valid URL",
      video_url: "Must be a valid URL",
      category: "Category is required",
    });
  });

  it("accepts the four video categories only", () => {
    for (const category of ["Development", "Hardware", "Tutorial", "Community"]) {
      expect(videoRules.category.map((rule) => rule(category))).toEqual([undefined, undefined]);
    }
    expect(validateRecord(videoRules, { title: "t", description: "d", category: "development" }).category).toBe(
      "Category is required",
    );
  });

  it("accepts a complete video", () => {
    expect(
      validateRecord(videoRules, {
        title: "t",
        description: "d",
        thumbnail_url: "https://i.ytimg.com/vi/1/hq.jpg",
        video_url: "https://www.youtube.com/watch?v=1",
        category: "Tutorial",
      }),
    ).toEqual({});
  });
});

describe("Gallery item form", () => {
  it("shows its messages", () => {
    expect(validateRecord(galleryItemRules, { image_url: "nope", order: "x" })).toEqual({
      title: "Title is required",
      description: "Description is required",
      image_url: "Must be a valid URL",
      order: "Order must be a number",
    });
  });

  it("accepts an item without category or image", () => {
    expect(validateRecord(galleryItemRules, { title: "t", description: "d", order: 0 })).toEqual({});
  });
});

describe("Stage form", () => {
  const valid = { name: "PCB design", category: "hardware", progress: 50, order: 0 };

  it("accepts a complete stage, progress 0 and 100 included", () => {
    expect(validateRecord(stageRules, valid)).toEqual({});
    expect(validateRecord(stageRules, { ...valid, progress: 0 })).toEqual({});
    expect(validateRecord(stageRules, { ...valid, progress: 100 })).toEqual({});
  });

  it("shows Name is required, Category is required and Order is required", () => {
    expect(validateRecord(stageRules, { progress: 0 })).toEqual({
      name: "Name is required",
      category: "Category is required",
      order: "Order is required",
    });
  });

  it("accepts hardware or token only", () => {
    expect(validateRecord(stageRules, { ...valid, category: "software" }).category).toBe("Category is required");
    expect(validateRecord(stageRules, { ...valid, category: "token" })).toEqual({});
  });

  it("says Progress must be at least 0 below 0", () => {
    expect(validateRecord(stageRules, { ...valid, progress: -5 }).progress).toBe("Progress must be at least 0");
  });

  it("says Progress cannot exceed 100 above 100", () => {
    expect(validateRecord(stageRules, { ...valid, progress: 105 }).progress).toBe("Progress cannot exceed 100");
  });

  it("needs an order of at least 0", () => {
    expect(validateRecord(stageRules, { ...valid, order: -1 }).order).toBe("Order must be at least 0");
  });
});

describe("Press quote form", () => {
  it("shows its messages", () => {
    expect(validateRecord(pressQuoteRules, { logo_url: "logo.png" })).toEqual({
      quote: "Quote is required",
      source: "Source is required",
      logo_url: "Must be a valid URL",
    });
  });
});

describe("Whitepaper form", () => {
  it("requires title and version", () => {
    expect(validateRecord(whitepaperRules, { sections: [] })).toEqual({
      title: "Title is required",
      version: "Version is required",
    });
  });

  it("each section needs a title (Section title is required) and content (Section content is required)", () => {
    expect(validateRecord(whitepaperSectionRules, { title: " ", content: emptySectionContent() })).toEqual({
      title: "Section title is required",
      content: "Section content is required",
    });
  });

  it("reports the first invalid section for the whole version", () => {
    const base = { title: "RCRT", version: "1.0" };
    expect(
      validateRecord(whitepaperRules, {
        ...base,
        sections: [
          { title: "Intro", content: doc("text"), order: 0 },
          { title: "Tokens", content: emptySectionContent(), order: 1 },
        ],
      }),
    ).toEqual({ sections: "Section content is required" });
    expect(validateRecord(whitepaperRules, { ...base, sections: [{ title: "Intro", content: doc("text"), order: 0 }] })).toEqual(
      {},
    );
  });
});

describe("Blog post form", () => {
  it("shows its messages", () => {
    expect(validateRecord(blogPostRules, { image_url: "x" })).toEqual({
      title: "Title is required",
      content: "Content is required",
      image_url: "Must be a valid URL",
      category: "Category is required",
    });
  });

  it("accepts development, hardware or community with no milestone", () => {
    for (const category of ["development", "hardware", "community"]) {
      expect(validateRecord(blogPostRules, { title: "t", content: doc("c"), category, milestone: null })).toEqual({});
    }
    expect(validateRecord(blogPostRules, { title: "t", content: doc("c"), category: "Hardware" }).category).toBe(
      "Category is required",
    );
  });
});

describe("Login form", () => {
  it("says Please enter a valid email address", () => {
    expect(validateRecord(loginRules, { email: "admin@", password: "Admin12345" })).toEqual({
      email: "Please enter a valid email address",
    });
  });

  it("says Password must be at least 8 characters", () => {
    expect(validateRecord(loginRules, { email: "admin@example.com", password: "1234567" })).toEqual({
      password: "Password must be at least 8 characters",
    });
  });

  it("accepts the seeded admin", () => {
    expect(validateRecord(loginRules, { email: "admin@example.com", password: "Admin12345" })).toEqual({});
  });
});

describe("Reset form", () => {
  it("says Please enter a valid email address", () => {
    expect(validateRecord(resetRules, { email: "" })).toEqual({ email: "Please enter a valid email address" });
    expect(validateRecord(resetRules, { email: "a b@c.d" })).toEqual({ email: "Please enter a valid email address" });
    expect(validateRecord(resetRules, { email: "a@b.co" })).toEqual({});
  });
});

describe("New password form", () => {
  const check = (password: string, confirmPassword = password) =>
    validateRecord(newPasswordRules, { password, confirmPassword });

  it("needs at least 8 characters", () => {
    expect(check("Ab1").password).toBe("Password must be at least 8 characters");
    expect(check("").password).toBe("Password must be at least 8 characters");
  });

  it("needs one uppercase letter", () => {
    expect(check("abcdefg1").password).toBe("Password must contain at least one uppercase letter");
  });

  it("needs one lowercase letter", () => {
    expect(check("ABCDEFG1").password).toBe("Password must contain at least one lowercase letter");
  });

  it("needs one number", () => {
    expect(check("Abcdefgh").password).toBe("Password must contain at least one number");
  });

  it("says Passwords don't match when the confirmation differs", () => {
    expect(check("Abcdefg1", "Abcdefg2")).toEqual({ confirmPassword: "Passwords don't match" });
  });

  it("accepts a strong password confirmed", () => {
    expect(check("Abcdefg1")).toEqual({});
  });
});

describe("Contact form", () => {
  it("requires name, email and message", () => {
    expect(validateRecord(contactRules, { name: "", email: "", message: " " })).toEqual({
      name: "Name is required",
      email: "Email is required",
      message: "Message is required",
    });
  });

  it("checks the email's shape", () => {
    expect(validateRecord(contactRules, { name: "A", email: "nope", message: "Hi" })).toEqual({
      email: "Please enter a valid email address",
    });
  });
});

describe("Waitlist form", () => {
  it("requires an email of email type", () => {
    expect(validateRecord(waitlistRules, {})).toEqual({ email: "Email is required" });
    expect(validateRecord(waitlistRules, { email: "fan@" })).toEqual({ email: "Please enter a valid email address" });
    expect(validateRecord(waitlistRules, { email: "fan@example.com" })).toEqual({});
  });
});

describe("email addresses: one spelling per mailbox", () => {
  const INVALID = "Please enter a valid email address";

  it("refuses a dot at either end of the local part or the domain, or two dots together, in every form that takes an email", () => {
    for (const email of ["a@example.com.", "a.@example.com", ".a@example.com", "a@.example.com", "a..b@example.com", "a@example..com", "a@example.com..", "a@example"]) {
      expect(validateRecord(waitlistRules, { email }), email).toEqual({ email: INVALID });
      expect(validateRecord(contactRules, { name: "Ada", email, message: "Hi" }), email).toEqual({ email: INVALID });
      expect(validateRecord(resetRules, { email }), email).toEqual({ email: INVALID });
      expect(validateRecord(loginRules, { email, password: "Admin12345" }), email).toEqual({ email: INVALID });
    }
  });

  it("accepts dots inside the parts, tags and subdomains", () => {
    for (const email of ["first.last@example.com", "fan+news@mail.example.co.uk", "a@b.co", "o'neil@example.com"]) {
      expect(validateRecord(waitlistRules, { email }), email).toEqual({});
    }
  });
});

describe("Length limits: every text field says how long it may be", () => {
  const long = (length: number) => "a".repeat(length);

  it("maxLength counts characters, not bytes, and lets shorter and empty values through", () => {
    const rule = maxLength(3, "too long");
    expect(rule("abc")).toBeUndefined();
    expect(rule("📼📼📼")).toBeUndefined();
    expect(rule("abcd")).toBe("too long");
    expect(rule("")).toBeUndefined();
    expect(rule(null)).toBeUndefined();
  });

  it.each([
    ["Collection", "title", TEXT_LIMITS.title, "Title must be at most 200 characters", collectionRules],
    ["Collection", "description", TEXT_LIMITS.description, "Description must be at most 2,000 characters", collectionRules],
    ["Collection", "capacity", TEXT_LIMITS.label, "Capacity must be at most 100 characters", collectionRules],
    ["Video", "video_url", TEXT_LIMITS.url, "URL must be at most 2,048 characters", videoRules],
    ["Blog post", "milestone", TEXT_LIMITS.label, "Milestone must be at most 100 characters", blogPostRules],
    ["Press quote", "quote", TEXT_LIMITS.quote, "Quote must be at most 1,000 characters", pressQuoteRules],
    ["Stage", "name", TEXT_LIMITS.title, "Name must be at most 200 characters", stageRules],
    ["Whitepaper", "version", TEXT_LIMITS.version, "Version must be at most 50 characters", whitepaperRules],
    ["Contact", "message", TEXT_LIMITS.message, "Message must be at most 10,000 characters", contactRules],
  ] as const)("%s: %s accepts %i characters and no more", (_form, field, limit, message, rules) => {
    // A version stays a dotted version as it grows: "1.1.1...".
    const grow = (length: number) =>
      field === "version" ? "1.".repeat(length).slice(0, length).replace(/\.$/, "1") : field.endsWith("url") ? `https://example.com/${long(length - 20)}` : long(length);
    const [value, tooLong] = [grow(limit), grow(limit + 1)];
    const map = rules as Record<string, Rule[]>;
    expect(validateRecord({ [field]: map[field]! }, { [field]: value })).toEqual({});
    expect(validateRecord({ [field]: map[field]! }, { [field]: tooLong })).toEqual({ [field]: message });
  });

  it("collection features: at most 50, each at most 100 characters", () => {
    expect(validateRecord(collectionRules, { features: Array(LIST_LIMITS.features + 1).fill("x") }).features).toBe("At most 50 features");
    expect(validateRecord(collectionRules, { features: [long(TEXT_LIMITS.label + 1)] }).features).toBe("Each feature must be at most 100 characters");
    expect(validateRecord(collectionRules, { features: [long(TEXT_LIMITS.label)] }).features).toBeUndefined();
  });

  it.each([
    ["Blog post", "content", blogPostRules, "Content is required", DOCUMENT_LIMITS.content, "Content is too long: at most 1,000,000 bytes"],
    ["Whitepaper section", "content", whitepaperSectionRules, "Section content is required", DOCUMENT_LIMITS.sectionContent, "Section content is too long: at most 200,000 bytes"],
    ["FAQ entry", "answer", faqEntryRules, "Answer is required", DOCUMENT_LIMITS.answer, "Answer is too long: at most 50,000 bytes"],
  ] as const)("%s: %s is a document, required (an empty one is not content) and within its limit", (_form, field, rules, required, limits, tooLong) => {
    const map = rules as Record<string, Rule[]>;
    const check = (value: unknown) => validateRecord({ [field]: map[field]! }, { [field]: value })[field];
    for (const empty of [undefined, null, "", emptySectionContent(), doc("  ")]) expect(check(empty)).toBe(required);
    expect(check(doc("Some words"))).toBeUndefined();
    expect(check(doc(long(limits.bytes)))).toMatch(new RegExp(`^${tooLong} and `));
  });

  it("a whitepaper section over the limit is named by the sections rule", () => {
    const sections = [{ title: "T", content: doc(long(DOCUMENT_LIMITS.sectionContent.bytes)), order: 0 }];
    expect(validateRecord(whitepaperRules, { title: "W", version: "1.0", sections }).sections).toMatch(/^Section content is too long: at most 200,000 bytes/);
  });
});

describe("Schedule (Publish at)", () => {
  const check = (publish_at: unknown) => validateRecord(scheduleRules, { publish_at }).publish_at;

  it("empty publishes at once", () => {
    for (const value of [undefined, null, ""]) expect(check(value)).toBeUndefined();
  });

  it("accepts a date and time, as ISO text with a zone or as a Date", () => {
    expect(check("2026-11-24T09:30:00.000Z")).toBeUndefined();
    expect(check("2026-11-24T09:30:00+01:00")).toBeUndefined();
    expect(check(new Date("2030-01-01T00:00:00Z"))).toBeUndefined();
  });

  it("refuses text that is no date, years outside 2000 to 9999, and other types", () => {
    for (const value of ["tomorrow", "2026-13-01T00:00", "+020260-01-01T00:00:00Z", "1999-12-31T23:59:59Z", 42, new Date(Number.NaN)]) {
      expect(check(value), String(value)).toBe("Publish at must be a valid date and time");
    }
  });
});

describe("Two-factor sign-in: an authenticator's code", () => {
  const check = (code: unknown) => validateRecord(totpCodeRules, { code }).code;

  it("six digits, spaces between them allowed as apps show them", () => {
    for (const code of ["123456", "000000", "123 456", " 123456 "]) expect(check(code), code).toBeUndefined();
  });

  it("anything else reads Enter the 6-digit code from your authenticator app", () => {
    for (const code of ["", "12345", "1234567", "12345a", "１２３４５６", undefined, 123456]) {
      expect(check(code), String(code)).toBe("Enter the 6-digit code from your authenticator app");
    }
  });

  it("an authenticator's name is required and at most 200 characters", () => {
    expect(validateRecord(authenticatorNameRules, { name: " " }).name).toBe("Name is required");
    expect(validateRecord(authenticatorNameRules, { name: "x".repeat(200) }).name).toBeUndefined();
    expect(validateRecord(authenticatorNameRules, { name: "x".repeat(201) }).name).toMatch(/^Name /);
  });
});

describe("An explicit Schedule's moment", () => {
  const check = (value: unknown) => scheduledMomentRules.map((rule) => rule(value)).find(Boolean);
  const ahead = new Date(Date.now() + 3_600_000).toISOString();

  it("is required, a valid date, and ahead of now", () => {
    for (const value of [undefined, null, ""]) expect(check(value)).toBe(SCHEDULE_MISSING);
    expect(check("tomorrow")).toBe("Publish at must be a valid date and time");
    expect(check(new Date(Date.now() - 60_000).toISOString())).toBe(SCHEDULE_PAST);
    expect(check(ahead)).toBeUndefined();
  });

  it("momentAhead compares with the clock it is given", () => {
    const rule = momentAhead("later", () => Date.parse("2026-11-24T12:00:00Z"));
    expect(rule("2026-11-24T12:00:01Z")).toBeUndefined();
    expect(rule("2026-11-24T12:00:00Z")).toBe("later");
    expect(rule(null)).toBeUndefined();
  });
});

describe("Rule builders: the cases the forms above leave out", () => {
  it("numbers typed as text are read as numbers", () => {
    expect(isNumber("bad")("12")).toBeUndefined();
    expect(isNumber("bad")("12px")).toBe("bad");
    expect(minValue(0, "low")("5")).toBeUndefined();
    expect(maxValue(100, "high")("50")).toBeUndefined();
    expect(maxValue(100, "high")("101")).toBe("high");
  });

  it("maxValue and minLength let every empty value through, and minLength refuses what is not text", () => {
    for (const value of [undefined, null, "", "  "]) expect(maxValue(-1, "high")(value), String(value)).toBeUndefined();
    expect(minLength(3, "short")(["a", "b", "c"])).toBe("short");
    expect(minLength(3, "short")(12345)).toBe("short");
  });

  it("a URL with spaces around it is read without them", () => {
    expect(validUrl("bad")(" https://example.com/a.png ")).toBeUndefined();
    // A no-break space, as pasted from a page, is no part of the address either (the URL parser keeps it).
    expect(validUrl("bad")("\u00a0https://example.com/a.png\u00a0")).toBeUndefined();
    expect(validAssetUrl("bad")(" /storage/v1/object/public/assets/media/a.png ")).toBeUndefined();
    expect(validAssetUrl("bad")(" https://example.com/a.png ")).toBeUndefined();
  });

  it("pattern and oneOf refuse a value that is not text, however it would read as text", () => {
    expect(pattern(/\d/, "digit")(5)).toBe("digit");
    expect(oneOf(["1", "2"], "pick one")(1)).toBe("pick one");
    expect(oneOf(["1", "2"], "pick one")("1")).toBeUndefined();
    expect(oneOf(["1", "2"], "pick one")(" ")).toBeUndefined();
  });

  it("matchesField without the form's values is a mismatch, and compares values exactly", () => {
    expect(matchesField("password", "differs")("a")).toBe("differs");
    expect(matchesField("password", "differs")("1", { password: 1 })).toBe("differs");
    expect(matchesField("password", "differs")(undefined, {})).toBeUndefined();
  });
});

describe("Lists: features and sections", () => {
  it("listWithin counts the entries that are not blank, up to its most", () => {
    const rule = listWithin(3, 10, "tag");
    expect(rule(["a", "b", "c"])).toBeUndefined();
    expect(rule(["a", "b", "c", "", "  "])).toBeUndefined();
    expect(rule(["a", "b", "c", "d"])).toBe("At most 3 tags");
    expect(rule(["a", "b", "c", 4])).toBe("At most 3 tags");
  });

  it("listWithin measures each entry in characters, its limit written with a thousands separator", () => {
    expect(listWithin(3, 10, "tag")(["x".repeat(10)])).toBeUndefined();
    expect(listWithin(3, 10, "tag")(["📼".repeat(10)])).toBeUndefined();
    expect(listWithin(3, 10, "tag")(["ok", "x".repeat(11)])).toBe("Each tag must be at most 10 characters");
    expect(listWithin(3, 1500, "tag")(["x".repeat(1501)])).toBe("Each tag must be at most 1,500 characters");
    expect(listWithin(3, 10, "tag")([12345678901])).toBeUndefined();
  });

  it("listWithin and maxEntries let a value that is no list through (required rules speak for it)", () => {
    expect(listWithin(3, 10, "tag")("a, b, c, d")).toBeUndefined();
    expect(listWithin(3, 10, "tag")(null)).toBeUndefined();
    expect(maxEntries(2, "too many")("abc")).toBeUndefined();
  });

  it("maxEntries: at most its number of entries", () => {
    expect(maxEntries(2, "too many")(["a", "b"])).toBeUndefined();
    expect(maxEntries(2, "too many")(["a", "b", "c"])).toBe("too many");
  });

  it("collection features: 50 entries and blank lines beside them are accepted", () => {
    expect(validateRecord(collectionRules, { features: [...Array(50).fill("x"), "", " "] }).features).toBeUndefined();
  });

  it("whitepaper sections: at most 100", () => {
    const section = (order: number) => ({ title: `S${order}`, content: doc("text"), order });
    const sections = Array.from({ length: 100 }, (_, order) => section(order));
    expect(validateRecord(whitepaperRules, { title: "W", version: "1.0", sections }).sections).toBeUndefined();
    expect(validateRecord(whitepaperRules, { title: "W", version: "1.0", sections: [...sections, section(100)] }).sections).toBe("At most 100 sections");
  });

  it("nonEmptyList needs a list with text in it", () => {
    const rule = nonEmptyList("needed");
    expect(rule(["a"])).toBeUndefined();
    expect(rule([5])).toBe("needed");
    expect(rule("a")).toBe("needed");
    expect(rule(undefined)).toBe("needed");
  });

  it("eachItem checks each item in turn, an empty item as an empty record, and lets a value that is no list through", () => {
    const rule = eachItem({ title: [required("Section title is required")] });
    expect(rule([{ title: "A" }, null])).toBe("Section title is required");
    expect(rule([{ title: "A" }, { title: "B" }])).toBeUndefined();
    expect(rule("sections")).toBeUndefined();
  });
});

describe("Schedule (Publish at): the years 2000 to 9999", () => {
  const check = (publish_at: unknown) => validateRecord(scheduleRules, { publish_at }).publish_at;

  it("accepts the first moment of 2000 and the last of 9999", () => {
    expect(check("2000-01-01T00:00:00Z")).toBeUndefined();
    expect(check("9999-12-31T23:59:59Z")).toBeUndefined();
  });

  it("refuses the year 10000", () => {
    expect(check("+010000-01-01T00:00:00Z")).toBe("Publish at must be a valid date and time");
  });

  it("refuses a number, even one that counts the milliseconds of a moment in range", () => {
    expect(check(Date.parse("2026-11-24T09:30:00Z"))).toBe("Publish at must be a valid date and time");
  });
});

describe("Length limits of the fields the forms above do not try", () => {
  const long = (length: number) => "x".repeat(length);

  it("a link: URL must be at most 2,048 characters", () => {
    const url = `https://example.com/${long(2048 - 20)}`;
    expect(validateRecord({ url: urlRules }, { url })).toEqual({});
    expect(validateRecord({ url: urlRules }, { url: `${url}x` })).toEqual({ url: "URL must be at most 2,048 characters" });
  });

  it("alt text: Alt text must be at most 500 characters", () => {
    expect(validateRecord({ alt: altRules }, { alt: long(500) })).toEqual({});
    expect(validateRecord({ alt: altRules }, { alt: long(501) })).toEqual({ alt: "Alt text must be at most 500 characters" });
  });

  it("contact form: Name must be at most 200 characters, Email at most 320", () => {
    const email = `${long(320 - "@example.com".length)}@example.com`;
    expect(validateRecord(contactRules, { name: long(200), email, message: "Hi" })).toEqual({});
    expect(validateRecord(contactRules, { name: long(201), email: `x${email}`, message: "Hi" })).toEqual({
      name: "Name must be at most 200 characters",
      email: "Email must be at most 320 characters",
    });
  });
});
