import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";

// PostgREST stores a JSON string sent for a jsonb column as a JSON string; it is never read as JSON
// text. Here the column's check wants an object, so a string (even one that spells an object) is
// refused by the check, as on a hosted project, and nothing is stored.

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
  // A column that takes any JSON, made before the API first reads the schema.
  await backend.sql("create table public.json_probe (id int primary key, value jsonb)");
  await backend.sql("grant all on public.json_probe to service_role");
});

afterAll(() => backend?.stop());

async function write(method: "POST" | "PATCH", path: string, body: unknown): Promise<{ status: number; body: { code?: string } & Record<string, unknown>[] }> {
  const response = await fetch(`${backend.url}/rest/v1/${path}`, {
    method,
    headers: { apikey: backend.serviceKey, Authorization: `Bearer ${backend.serviceKey}`, "Content-Type": "application/json", Prefer: "return=representation" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe("a JSON string written to a jsonb column", () => {
  it.each(['{"format":"webp"}', "hello", "42", '"quoted"', "null", "  [1, 2]  "])("is stored as that string: %j", async (text) => {
    const id = Math.floor(Math.random() * 1e9);
    const created = await write("POST", "json_probe", { id, value: text });
    expect(created.status).toBe(201);
    expect(created.body[0]?.value).toBe(text);
    const [row] = await backend.sql<{ type: string; value: unknown }>("select jsonb_typeof(value) as type, value from public.json_probe where id = $1", [id]);
    expect(row).toEqual({ type: "string", value: text });

    const updated = await write("PATCH", `json_probe?id=eq.${id}`, { value: `${text}!` });
    expect(updated.status).toBe(200);
    expect(updated.body[0]?.value).toBe(`${text}!`);
  });

  it("still stores objects, arrays and numbers as JSON values", async () => {
    const rows = [{ id: 1, value: { format: "webp" } }, { id: 2, value: [1, "two"] }, { id: 3, value: 3 }];
    const created = await write("POST", "json_probe", rows);
    expect(created.status).toBe(201);
    const stored = await backend.sql<{ id: number; value: unknown }>("select id, value from public.json_probe where id in (1, 2, 3) order by id");
    expect(stored).toEqual(rows);
  });

  it("is refused by a check that wants an object, even when it spells one, and nothing is stored", async () => {
    const before = await backend.sql("select id from public.media_assets");
    for (const metadata of ['{"format":"webp"}', "hello"]) {
      const refused = await write("POST", "media_assets", { url: "https://example.com/a.webp", filename: "a.webp", type: "image", metadata });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe("23514");
    }
    expect(await backend.sql("select id from public.media_assets")).toHaveLength(before.length);
  });
});
