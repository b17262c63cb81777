import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { WebServer } from "../../server/web.ts";
import { contactRules, validateRecord, waitlistRules } from "../../shared/validation.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { startWebFor } from "../support/web-server.ts";

// One rule, every side that enforces it: the site's forms (the rule maps they validate with, whose
// screens site/components/ContactForm.test.tsx shows), the web tier's intake (`POST /`) and the
// database's check constraints. Each limit is stated here as a number, not read from the product,
// so a side whose copy disagrees fails: the contact message once took 5,000 characters at the web
// tier while the form and the database took 10,000.

type Side = "form" | "web tier" | "database";

interface Walk {
  form: "contact" | "waitlist";
  field: "name" | "email" | "message";
  /** Characters the field takes, and the words that refuse one more. */
  limit: number;
  refusal: string;
  /** A value of `length` characters that is valid in every other way. */
  value: (length: number) => string;
}

const WALKS: Walk[] = [
  { form: "contact", field: "message", limit: 10_000, refusal: "Message must be at most 10,000 characters", value: (length) => "m".repeat(length) },
  { form: "contact", field: "name", limit: 200, refusal: "Name must be at most 200 characters", value: (length) => "n".repeat(length) },
  { form: "contact", field: "email", limit: 320, refusal: "Email must be at most 320 characters", value: (length) => `${"e".repeat(64)}@${"d".repeat(length - 64 - 1 - 4)}.com` },
  { form: "waitlist", field: "email", limit: 320, refusal: "Email must be at most 320 characters", value: (length) => `${"w".repeat(64)}@${"d".repeat(length - 64 - 1 - 4)}.com` },
];

describe("one rule, every side: form, web tier and database agree on each form field's limit", () => {
  let backend: TestBackend;
  let web: WebServer;
  let serial = 0;

  beforeAll(async () => {
    backend = await startTestBackend();
    web = await startWebFor(backend);
  });
  afterAll(async () => {
    await web?.stop();
    await backend?.stop();
  });
  // Every post comes from 127.0.0.1: each test starts with the whole allowance.
  beforeEach(async () => {
    await backend.sql("delete from private.form_post_events");
  });

  /** The form's fields with `field` at `length` characters, the others short and valid (a fresh address each time). */
  function fieldsOf(walk: Walk, length: number): Record<string, string> {
    const n = ++serial;
    const base: Record<string, string> = walk.form === "contact" ? { name: "Ada", email: `walk${n}@example.com`, message: "Hello" } : { email: `walk${n}@example.com` };
    return { ...base, [walk.field]: walk.value(length) };
  }

  /** What each side answers: null when it takes the value, else its refusal. */
  async function answers(walk: Walk, fields: Record<string, string>): Promise<Record<Side, string | null>> {
    const rules = walk.form === "contact" ? contactRules : waitlistRules;
    const form = (validateRecord(rules, fields) as Record<string, string | undefined>)[walk.field] ?? null;

    const posted = await fetch(`http://127.0.0.1:${web.port}/`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ "form-name": walk.form, "bot-field": "", ...fields }).toString(),
    });
    const webTier = posted.ok ? null : ((await posted.json()) as { fields?: Record<string, string>; error: string }).fields?.[walk.field] ?? `HTTP ${posted.status}`;

    // Straight into the table, as the service role: only the constraints decide. A contact message
    // the same as the web tier's just stored would be folded into it as a retry, unchecked: one of
    // the fields not walked says where it came from.
    const other = walk.field === "message" ? "name" : "message";
    const row = walk.form === "contact" ? { ...fields, [other]: `${fields[other]} (straight into the table)` } : fields;
    const { error } = await backend
      .service()
      .from("form_submissions")
      .insert({ kind: walk.form, email: row.email, name: row.name ?? null, message: row.message ?? null });
    const database = error ? `${error.code}: ${error.message}` : null;
    return { form, "web tier": webTier, database };
  }

  for (const walk of WALKS) {
    it(`${walk.form} ${walk.field}: ${walk.limit.toLocaleString("en-US")} characters pass every side; one more gets "${walk.refusal}" from the form and the web tier and a check violation from the database`, async () => {
      expect(await answers(walk, fieldsOf(walk, walk.limit))).toEqual({ form: null, "web tier": null, database: null });
      const over = await answers(walk, fieldsOf(walk, walk.limit + 1));
      expect(over).toEqual({ form: walk.refusal, "web tier": walk.refusal, database: expect.stringMatching(new RegExp(`^23514: .*form_submissions_${walk.field}`)) });
    });
  }

  it("a 7,000-character contact message is taken by every side and stored whole", async () => {
    const fields = fieldsOf(WALKS[0]!, 7_000);
    expect(await answers(WALKS[0]!, fields)).toEqual({ form: null, "web tier": null, database: null });
    const stored = await backend.sql<{ length: number }>("select char_length(message) as length from public.form_submissions where email = $1", [fields.email]);
    expect(stored).toEqual([{ length: 7_000 }, { length: 7_000 }]);
  });
});
