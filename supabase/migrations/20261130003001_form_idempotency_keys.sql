-- A retried form post never makes a second row: the site's forms send a key made once per filling
-- of the form, stored with the submission under a unique constraint; the intake's insert does
-- nothing when the key is already stored (supabase/schemas/09_form_submissions.sql). The column
-- guard names the key too: through the API only the handled flag changes.

alter table "public"."form_submissions" add column if not exists "idempotency_key" uuid;

create UNIQUE index if not exists form_submissions_idempotency_key_key ON public.form_submissions USING btree (idempotency_key);

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."form_submissions"'::regclass and conname = 'form_submissions_idempotency_key_key') then
    alter table "public"."form_submissions" add constraint "form_submissions_idempotency_key_key" UNIQUE using index "form_submissions_idempotency_key_key";
  end if;
end
$$;

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.form_submissions_guard_columns()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if current_user in ('anon', 'authenticated')
     and (new.id, new.kind, new.email, new.name, new.message, new.created_at, new.last_submitted_at, new.language, new.idempotency_key)
         is distinct from (old.id, old.kind, old.email, old.name, old.message, old.created_at, old.last_submitted_at, old.language, old.idempotency_key) then
    raise exception 'Only the handled flag of a form submission can be changed'
      using errcode = '42501', hint = 'Send only {"handled": true|false}.';
  end if;
  return new;
end;
$function$
;
