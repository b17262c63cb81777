import { describe, expect, it } from "vitest";
import { enclosingFunction, redefinedLater } from "./sql-mutant-definitions.ts";

const FIRST = `create or replace function public.unsubscribe(token text)
returns jsonb language plpgsql as $$
begin
  select 1 where t.token = token;
end;
$$;
create policy "Read" on public.people for select using (true);
CREATE OR REPLACE FUNCTION "public"."Confirm"(token text)
 RETURNS void LANGUAGE plpgsql AS $function$
begin
  perform 1 from x where status = 'confirmed';
end;
$function$;`;

const at = (text: string) => FIRST.indexOf(text);

describe("the function a mutated text is in", () => {
  it("is the function whose body holds it, named as normalised", () => {
    expect(enclosingFunction(FIRST, at("where t.token = token"))).toBe("public.unsubscribe");
    expect(enclosingFunction(FIRST, at("where status = 'confirmed'"))).toBe("public.confirm");
  });

  it("is none for a text after a body has closed or before any function", () => {
    expect(enclosingFunction(FIRST, at('create policy "Read"'))).toBeNull();
    expect(enclosingFunction(FIRST, 0)).toBeNull();
  });
});

describe("a later migration that defines the function again", () => {
  const migrations = [
    ["001_first.sql", FIRST],
    ["002_other.sql", "create or replace function public.unsubscribed_count() returns int language sql as $$ select 1 $$;"],
    ["003_again.sql", 'create or replace function "public"."unsubscribe"(token text) returns jsonb language sql as $$ select null $$;'],
  ] as const;

  it("is found by the function's name, whatever its quotes and case, and not by a name that only begins the same", () => {
    expect(redefinedLater(migrations, "001_first.sql", "public.unsubscribe")).toBe("003_again.sql");
  });

  it("is none when no migration after it creates the function, nor when only an earlier one does", () => {
    expect(redefinedLater(migrations, "001_first.sql", "public.confirm")).toBeNull();
    expect(redefinedLater(migrations, "003_again.sql", "public.unsubscribe")).toBeNull();
  });
});
