import { describe, expect, it } from "vitest";
import { capitalize, conversionRate, formatDate, countOf, formatFileSize, formatViews, readTime, slugify } from "./format.ts";

describe("Video views use locale number formatting", () => {
  it("shows 1234 as 1,234 in en-US", () => {
    expect(formatViews(1234, "en-US")).toBe("1,234");
    expect(formatViews(1234567, "en-US")).toBe("1,234,567");
  });

  it("shows 0 as 0", () => {
    expect(formatViews(0, "en-US")).toBe("0");
  });

  it("follows the locale", () => {
    expect(formatViews(1234, "de-DE")).toBe("1.234");
  });
});

describe("Media size: always MB with 2 decimals", () => {
  it("counts 1024 * 1024 bytes as 1 MB", () => {
    expect(formatFileSize(1024 * 1024)).toBe("1.00 MB");
  });

  it("rounds megabytes to 2 decimals", () => {
    expect(formatFileSize(1_289_748)).toBe("1.23 MB");
    expect(formatFileSize(250 * 1024 * 1024)).toBe("250.00 MB");
  });

  it("shows small files in MB too, never in KB or bytes", () => {
    expect(formatFileSize(52_429)).toBe("0.05 MB");
    expect(formatFileSize(5_000)).toBe("0.00 MB");
    expect(formatFileSize(1024 * 1024 - 1)).toBe("1.00 MB");
    expect(formatFileSize(0)).toBe("0.00 MB");
  });
});

describe("Counts read as English", () => {
  it("1 feature, 2 features, 0 features", () => {
    expect(countOf(1, "feature")).toBe("1 feature");
    expect(countOf(2, "feature")).toBe("2 features");
    expect(countOf(0, "feature")).toBe("0 features");
    expect(countOf(1, "entry", "entries")).toBe("1 entry");
  });
});

describe("Post slugs", () => {
  it("lower-cases words joined by hyphens", () => {
    expect(slugify("Hello World")).toBe("hello-world");
  });

  it("drops punctuation and accents, and trims hyphens", () => {
    expect(slugify("  FPGA Board: v2 — Café Edition!  ")).toBe("fpga-board-v2-cafe-edition");
  });

  it("is empty for a title without letters or digits", () => {
    expect(slugify("!!!")).toBe("");
  });

  it("is at most 80 characters and never ends with a hyphen", () => {
    const slug = slugify(`${"a".repeat(79)} bcd`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith("-")).toBe(false);
  });
});

describe("Each post shows a read_time", () => {
  it("counts 200 words a minute", () => {
    expect(readTime(Array(600).fill("word").join(" "))).toBe("3 min read");
  });

  it("rounds up a started minute", () => {
    expect(readTime(Array(201).fill("word").join(" \n"))).toBe("2 min read");
  });

  it("is at least 1 min", () => {
    expect(readTime("")).toBe("1 min read");
    expect(readTime("  short  ")).toBe("1 min read");
  });

  it("counts words, not the spaces around them: 200 words after a space and before a line break are 1 min", () => {
    expect(readTime(` ${Array(200).fill("word").join(" ")}\n`)).toBe("1 min read");
  });
});

describe("Created dates", () => {
  it("shows the UTC day in the locale", () => {
    expect(formatDate("2025-01-05T23:30:00Z", "en-US")).toBe("January 5, 2025");
  });

  it("each language has its own format, in any order", () => {
    expect(formatDate("2025-01-05T23:30:00Z", "en-US")).toBe("January 5, 2025");
    expect(formatDate("2025-01-05T23:30:00Z", "de-DE")).toBe("5. Januar 2025");
    expect(formatDate("2025-01-05T23:30:00Z", "en-US")).toBe("January 5, 2025");
  });

  it("is empty for an unreadable value", () => {
    expect(formatDate("not a date", "en-US")).toBe("");
  });
});

describe("conversionRate", () => {
  it("is the share of visitors who signed up in percent, one decimal, never over 100%, and a dash without visitors", () => {
    expect(conversionRate(1, 40)).toBe("2.5%");
    expect(conversionRate(0, 12)).toBe("0.0%");
    expect(conversionRate(3, 3)).toBe("100.0%");
    expect(conversionRate(0, 0)).toBe("–");
    expect(conversionRate(2, 1)).toBe("100.0%");
  });
});

describe("capitalize: each word's first letter in capitals (the back office's notices and labels)", () => {
  it("capitalizes the first word and every word after a space or tab, and leaves the other letters", () => {
    expect(capitalize("launch day")).toBe("Launch Day");
    expect(capitalize("waitlist\tsign-up  form already Capital")).toBe("Waitlist\tSign-up  Form Already Capital");
  });
});
