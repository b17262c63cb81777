-- Test mails: an administrator mails a post to their own address before sending it to everyone.
-- newsletter_test_recipient() answers the caller's address and counts it, at most 10 an hour per
-- administrator (RC429 past that), in private.newsletter_test_mails, which every web instance shares
-- (supabase/schemas/11_newsletters.sql).

create table if not exists "private"."newsletter_test_mails" (
    "user_id" uuid not null,
    "sent_at" timestamp with time zone not null default now()
      );

create index if not exists newsletter_test_mails_sent_idx ON private.newsletter_test_mails USING btree (sent_at);

create index if not exists newsletter_test_mails_user_idx ON private.newsletter_test_mails USING btree (user_id, sent_at);

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"private"."newsletter_test_mails"'::regclass and conname = 'newsletter_test_mails_user_id_fkey') then
    alter table "private"."newsletter_test_mails" add constraint "newsletter_test_mails_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;
  end if;
end
$$;

alter table "private"."newsletter_test_mails" validate constraint "newsletter_test_mails_user_id_fkey";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.newsletter_test_recipient()
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  caller uuid := (select auth.uid());
  address text;
begin
  perform public.require_administrator('send newsletters');
  -- Two tests at once from one administrator must not both see room for one more.
  perform pg_advisory_xact_lock(hashtextextended('newsletter-test:' || caller::text, 0));
  delete from private.newsletter_test_mails where sent_at <= now() - interval '1 hour';
  if (select count(*) from private.newsletter_test_mails t where t.user_id = caller) >= 10 then
    raise exception 'You have sent 10 test mails in the last hour. Try again later.' using errcode = 'RC429';
  end if;
  select u.email into address from auth.users u where u.id = caller;
  insert into private.newsletter_test_mails (user_id) values (caller);
  return address;
end;
$function$
;

revoke all on function public.newsletter_test_recipient() from public, anon, authenticated, service_role;

grant execute on function public.newsletter_test_recipient() to authenticated;
