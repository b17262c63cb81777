import { describe, expect, it } from "vitest";
import { normaliseApiResponse } from "./responses.ts";

const errorResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("API error answers", () => {
  it("never name an internal schema: its tables are named unqualified", async () => {
    const response = await normaliseApiResponse(
      errorResponse(409, { code: "23503", message: 'insert violates foreign key to auth.users', details: 'Key is not present in table "auth"."users" or storage.objects', hint: "see supabase_migrations.schema_migrations" }),
      () => {},
    );
    expect(response.status).toBe(409);
    const body = (await response.json()) as Record<string, string>;
    expect(JSON.stringify(body)).not.toMatch(/\b(auth|storage|supabase_migrations)\./);
    expect(body.message).toBe("insert violates foreign key to users");
    expect(body.details).toBe('Key is not present in table "users" or objects');
  });

  it("leave other answers as they are, and turn a 500 into a JSON 400 without logging its body", async () => {
    const untouched = await normaliseApiResponse(errorResponse(404, { code: "PGRST205", message: "Could not find the table 'public.nope'" }), () => {});
    expect(await untouched.json()).toEqual({ code: "PGRST205", message: "Could not find the table 'public.nope'" });
    const lines: string[] = [];
    const crashed = await normaliseApiResponse(new Response("secret value in a crash", { status: 500 }), (line) => lines.push(line));
    expect(crashed.status).toBe(400);
    expect(lines).toEqual(["[api] 500 answered as 400"]);
  });
});
