-- The waitlist's line (issue 38, part 1): double opt-in members with a place in line and a referral
-- link, the rules that make a referral count (folded addresses, throwaway domains, self-referral, a
-- daily cap per client), an administrator's audited void of a member's credit, and counts for
-- editors. supabase/schemas/14_waitlist.sql is the definition, with the why; docs/architecture.md,
-- "The waitlist's line", tells how the web tier uses it. New objects only: nothing existing changes.

create table if not exists "private"."waitlist_credit_events" (
    "client_hash" text not null,
    "credited_at" timestamp with time zone not null default now()
      );

create table if not exists "private"."waitlist_mails" (
    "base_hash" text not null,
    "sent_at" timestamp with time zone not null default now()
      );

create table if not exists "private"."waitlist_settings" (
    "id" boolean not null default true,
    "places_per_referral" integer not null default 10,
    "client_daily_credits" integer not null default 5,
    "confirmed" bigint not null default 0
      );

create table if not exists "private"."waitlist_tokens" (
    "member_id" uuid not null,
    "confirm_hash" text,
    "status_token" text not null,
    "signup_client" text,
    "disposable" boolean not null default false
      );

create table if not exists "public"."waitlist_credit_audit" (
    "id" bigint generated always as identity not null,
    "member_id" uuid,
    "action" text not null,
    "reason" text not null,
    "credits" integer not null,
    "actor" uuid,
    "created_at" timestamp with time zone not null default now()
      );

revoke all on table "public"."waitlist_credit_audit" from anon, authenticated, service_role;

alter table "public"."waitlist_credit_audit" enable row level security;

create table if not exists "public"."waitlist_members" (
    "id" uuid not null default gen_random_uuid(),
    "email" text not null,
    "folded_email" text not null,
    "status" text not null default 'pending'::text,
    "language" text not null default 'en'::text,
    "referral_code" text not null,
    "referred_by" uuid,
    "created_at" timestamp with time zone not null default now(),
    "confirmation_sent_at" timestamp with time zone,
    "confirmed_at" timestamp with time zone,
    "seq" bigint,
    "score" bigint,
    "credits" integer not null default 0,
    "credited" boolean not null default false,
    "credit_refusal" text,
    "credit_voided_at" timestamp with time zone
      );

revoke all on table "public"."waitlist_members" from anon, authenticated, service_role;

alter table "public"."waitlist_members" enable row level security;

create index if not exists waitlist_credit_events_client_idx ON private.waitlist_credit_events USING btree (client_hash, credited_at);

create index if not exists waitlist_mails_base_idx ON private.waitlist_mails USING btree (base_hash, sent_at);

create UNIQUE index if not exists waitlist_settings_pkey ON private.waitlist_settings USING btree (id);

create UNIQUE index if not exists waitlist_tokens_pkey ON private.waitlist_tokens USING btree (member_id);

create UNIQUE index if not exists waitlist_tokens_status_token_key ON private.waitlist_tokens USING btree (status_token);

create index if not exists waitlist_credit_audit_member_idx ON public.waitlist_credit_audit USING btree (member_id);

create UNIQUE index if not exists waitlist_credit_audit_pkey ON public.waitlist_credit_audit USING btree (id);

create UNIQUE index if not exists waitlist_members_folded_email_idx ON public.waitlist_members USING btree (folded_email);

create index if not exists waitlist_members_line_idx ON public.waitlist_members USING btree (score, seq) WHERE (status = 'confirmed'::text);

create index if not exists waitlist_members_pending_idx ON public.waitlist_members USING btree (confirmation_sent_at) WHERE (status = 'pending'::text);

create UNIQUE index if not exists waitlist_members_pkey ON public.waitlist_members USING btree (id);

create UNIQUE index if not exists waitlist_members_referral_code_idx ON public.waitlist_members USING btree (referral_code);

create index if not exists waitlist_members_referred_by_idx ON public.waitlist_members USING btree (referred_by);

create UNIQUE index if not exists waitlist_members_seq_idx ON public.waitlist_members USING btree (seq);

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"private"."waitlist_settings"'::regclass and conname = 'waitlist_settings_pkey') then
    alter table "private"."waitlist_settings" add constraint "waitlist_settings_pkey" PRIMARY KEY using index "waitlist_settings_pkey";
  end if;
end
$$;

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"private"."waitlist_tokens"'::regclass and conname = 'waitlist_tokens_pkey') then
    alter table "private"."waitlist_tokens" add constraint "waitlist_tokens_pkey" PRIMARY KEY using index "waitlist_tokens_pkey";
  end if;
end
$$;

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."waitlist_credit_audit"'::regclass and conname = 'waitlist_credit_audit_pkey') then
    alter table "public"."waitlist_credit_audit" add constraint "waitlist_credit_audit_pkey" PRIMARY KEY using index "waitlist_credit_audit_pkey";
  end if;
end
$$;

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."waitlist_members"'::regclass and conname = 'waitlist_members_pkey') then
    alter table "public"."waitlist_members" add constraint "waitlist_members_pkey" PRIMARY KEY using index "waitlist_members_pkey";
  end if;
end
$$;

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"private"."waitlist_settings"'::regclass and conname = 'waitlist_settings_client_daily_credits_check') then
    alter table "private"."waitlist_settings" add constraint "waitlist_settings_client_daily_credits_check" CHECK (((client_daily_credits >= 0) AND (client_daily_credits <= 1000))) not valid;
  end if;
end
$$;

alter table "private"."waitlist_settings" validate constraint "waitlist_settings_client_daily_credits_check";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"private"."waitlist_settings"'::regclass and conname = 'waitlist_settings_confirmed_check') then
    alter table "private"."waitlist_settings" add constraint "waitlist_settings_confirmed_check" CHECK ((confirmed >= 0)) not valid;
  end if;
end
$$;

alter table "private"."waitlist_settings" validate constraint "waitlist_settings_confirmed_check";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"private"."waitlist_settings"'::regclass and conname = 'waitlist_settings_id_check') then
    alter table "private"."waitlist_settings" add constraint "waitlist_settings_id_check" CHECK (id) not valid;
  end if;
end
$$;

alter table "private"."waitlist_settings" validate constraint "waitlist_settings_id_check";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"private"."waitlist_settings"'::regclass and conname = 'waitlist_settings_places_per_referral_check') then
    alter table "private"."waitlist_settings" add constraint "waitlist_settings_places_per_referral_check" CHECK (((places_per_referral >= 0) AND (places_per_referral <= 1000))) not valid;
  end if;
end
$$;

alter table "private"."waitlist_settings" validate constraint "waitlist_settings_places_per_referral_check";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"private"."waitlist_tokens"'::regclass and conname = 'waitlist_tokens_member_id_fkey') then
    alter table "private"."waitlist_tokens" add constraint "waitlist_tokens_member_id_fkey" FOREIGN KEY (member_id) REFERENCES waitlist_members(id) ON DELETE CASCADE not valid;
  end if;
end
$$;

alter table "private"."waitlist_tokens" validate constraint "waitlist_tokens_member_id_fkey";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"private"."waitlist_tokens"'::regclass and conname = 'waitlist_tokens_status_token_key') then
    alter table "private"."waitlist_tokens" add constraint "waitlist_tokens_status_token_key" UNIQUE using index "waitlist_tokens_status_token_key";
  end if;
end
$$;

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."waitlist_credit_audit"'::regclass and conname = 'waitlist_credit_audit_action_check') then
    alter table "public"."waitlist_credit_audit" add constraint "waitlist_credit_audit_action_check" CHECK ((action = 'void'::text)) not valid;
  end if;
end
$$;

alter table "public"."waitlist_credit_audit" validate constraint "waitlist_credit_audit_action_check";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."waitlist_credit_audit"'::regclass and conname = 'waitlist_credit_audit_actor_fkey') then
    alter table "public"."waitlist_credit_audit" add constraint "waitlist_credit_audit_actor_fkey" FOREIGN KEY (actor) REFERENCES auth.users(id) ON DELETE SET NULL not valid;
  end if;
end
$$;

alter table "public"."waitlist_credit_audit" validate constraint "waitlist_credit_audit_actor_fkey";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."waitlist_credit_audit"'::regclass and conname = 'waitlist_credit_audit_member_id_fkey') then
    alter table "public"."waitlist_credit_audit" add constraint "waitlist_credit_audit_member_id_fkey" FOREIGN KEY (member_id) REFERENCES waitlist_members(id) ON DELETE SET NULL not valid;
  end if;
end
$$;

alter table "public"."waitlist_credit_audit" validate constraint "waitlist_credit_audit_member_id_fkey";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."waitlist_credit_audit"'::regclass and conname = 'waitlist_credit_audit_reason_check') then
    alter table "public"."waitlist_credit_audit" add constraint "waitlist_credit_audit_reason_check" CHECK (((reason ~ '\S'::text) AND (length(reason) <= 500))) not valid;
  end if;
end
$$;

alter table "public"."waitlist_credit_audit" validate constraint "waitlist_credit_audit_reason_check";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."waitlist_members"'::regclass and conname = 'waitlist_members_credit_refusal_check') then
    alter table "public"."waitlist_members" add constraint "waitlist_members_credit_refusal_check" CHECK ((credit_refusal = ANY (ARRAY['self'::text, 'disposable'::text, 'client_cap'::text]))) not valid;
  end if;
end
$$;

alter table "public"."waitlist_members" validate constraint "waitlist_members_credit_refusal_check";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."waitlist_members"'::regclass and conname = 'waitlist_members_credits_check') then
    alter table "public"."waitlist_members" add constraint "waitlist_members_credits_check" CHECK ((credits >= 0)) not valid;
  end if;
end
$$;

alter table "public"."waitlist_members" validate constraint "waitlist_members_credits_check";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."waitlist_members"'::regclass and conname = 'waitlist_members_email_check') then
    alter table "public"."waitlist_members" add constraint "waitlist_members_email_check" CHECK (((email ~ '^[^[:space:]@.]+(\.[^[:space:]@.]+)*@[^[:space:]@.]+(\.[^[:space:]@.]+)+$'::text) AND (length(email) <= 320))) not valid;
  end if;
end
$$;

alter table "public"."waitlist_members" validate constraint "waitlist_members_email_check";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."waitlist_members"'::regclass and conname = 'waitlist_members_language_check') then
    alter table "public"."waitlist_members" add constraint "waitlist_members_language_check" CHECK ((language ~ '^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$'::text)) not valid;
  end if;
end
$$;

alter table "public"."waitlist_members" validate constraint "waitlist_members_language_check";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."waitlist_members"'::regclass and conname = 'waitlist_members_line_check') then
    alter table "public"."waitlist_members" add constraint "waitlist_members_line_check" CHECK (((status = 'confirmed'::text) = ((seq IS NOT NULL) AND (score IS NOT NULL)))) not valid;
  end if;
end
$$;

alter table "public"."waitlist_members" validate constraint "waitlist_members_line_check";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."waitlist_members"'::regclass and conname = 'waitlist_members_referral_code_check') then
    alter table "public"."waitlist_members" add constraint "waitlist_members_referral_code_check" CHECK ((referral_code ~ '^[0-9a-f]{10}$'::text)) not valid;
  end if;
end
$$;

alter table "public"."waitlist_members" validate constraint "waitlist_members_referral_code_check";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."waitlist_members"'::regclass and conname = 'waitlist_members_referred_by_fkey') then
    alter table "public"."waitlist_members" add constraint "waitlist_members_referred_by_fkey" FOREIGN KEY (referred_by) REFERENCES waitlist_members(id) ON DELETE SET NULL not valid;
  end if;
end
$$;

alter table "public"."waitlist_members" validate constraint "waitlist_members_referred_by_fkey";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."waitlist_members"'::regclass and conname = 'waitlist_members_status_check') then
    alter table "public"."waitlist_members" add constraint "waitlist_members_status_check" CHECK ((status = ANY (ARRAY['pending'::text, 'confirmed'::text]))) not valid;
  end if;
end
$$;

alter table "public"."waitlist_members" validate constraint "waitlist_members_status_check";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.waitlist_fold(address text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case
           when split_part(lower(trim(address)), '@', 2) in ('gmail.com', 'googlemail.com')
             then replace(split_part(split_part(lower(trim(address)), '@', 1), '+', 1), '.', '') || '@gmail.com'
           else split_part(split_part(lower(trim(address)), '@', 1), '+', 1) || '@' || split_part(lower(trim(address)), '@', 2)
         end;
$function$
;

CREATE OR REPLACE FUNCTION private.waitlist_score(seq bigint, credits integer, voided timestamp with time zone, places_per_referral integer)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select seq - case when voided is null then places_per_referral::bigint * credits else 0 end;
$function$
;

CREATE OR REPLACE FUNCTION private.waitlist_take_mail(mailbox_hash text)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  delete from private.waitlist_mails m where m.sent_at < now() - interval '24 hours';
  if (select count(*) from private.waitlist_mails m where m.base_hash = mailbox_hash) >= 3 then
    return false;
  end if;
  insert into private.waitlist_mails (base_hash) values (mailbox_hash);
  return true;
end;
$function$
;

CREATE OR REPLACE FUNCTION public.waitlist_configure(places_per_referral integer, client_daily_credits integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  settings private.waitlist_settings;
begin
  perform public.require_administrator('configure the waitlist');
  if places_per_referral is null or places_per_referral not between 0 and 1000
     or client_daily_credits is null or client_daily_credits not between 0 and 1000 then
    raise exception 'Places per referral and daily credits per client are whole numbers from 0 to 1000' using errcode = '22023';
  end if;
  select * into settings from private.waitlist_settings s where s.id for update;
  update private.waitlist_settings s
     set places_per_referral = waitlist_configure.places_per_referral, client_daily_credits = waitlist_configure.client_daily_credits
   where s.id;
  if settings.places_per_referral <> waitlist_configure.places_per_referral then
    update public.waitlist_members m
       set score = private.waitlist_score(m.seq, m.credits, m.credit_voided_at, waitlist_configure.places_per_referral)
     where m.status = 'confirmed';
  end if;
  return public.waitlist_summary();
end;
$function$
;

CREATE OR REPLACE FUNCTION public.waitlist_confirm(token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  member public.waitlist_members;
  tokens private.waitlist_tokens;
  settings private.waitlist_settings;
  referrer public.waitlist_members;
  refusal text;
  next_seq bigint;
begin
  select m.* into member
    from public.waitlist_members m join private.waitlist_tokens t on t.member_id = m.id
   where t.confirm_hash = private.newsletter_hash(token)
     and m.confirmation_sent_at > now() - interval '7 days'
   for update of m;
  if member.id is null then
    return null;
  end if;
  -- Followed again (a mail scanner often follows it first): the same status page, nothing confirmed
  -- or credited twice.
  if member.status = 'confirmed' then
    return jsonb_build_object('status_token', (select t.status_token from private.waitlist_tokens t where t.member_id = member.id));
  end if;
  select * into settings from private.waitlist_settings where id for update;
  select * into tokens from private.waitlist_tokens t where t.member_id = member.id;
  next_seq := coalesce((select max(m.seq) from public.waitlist_members m), 0) + 1;
  if member.referred_by is not null then
    select * into referrer from public.waitlist_members r where r.id = member.referred_by for update;
  end if;
  if referrer.id is not null then
    refusal := case
      when referrer.folded_email = member.folded_email or referrer.id = member.id then 'self'
      when tokens.disposable then 'disposable'
      when tokens.signup_client is not null
           and (select count(*) from private.waitlist_credit_events e
                 where e.client_hash = tokens.signup_client and e.credited_at > now() - interval '24 hours') >= settings.client_daily_credits
        then 'client_cap'
    end;
    if refusal is null then
      delete from private.waitlist_credit_events e where e.credited_at < now() - interval '24 hours';
      if tokens.signup_client is not null then
        insert into private.waitlist_credit_events (client_hash) values (tokens.signup_client);
      end if;
      update public.waitlist_members r
         set credits = r.credits + 1,
             score = case when r.status = 'confirmed' then private.waitlist_score(r.seq, r.credits + 1, r.credit_voided_at, settings.places_per_referral) end
       where r.id = referrer.id;
    end if;
  end if;
  update private.waitlist_settings s set confirmed = s.confirmed + 1 where s.id;
  update public.waitlist_members m
     set status = 'confirmed', confirmed_at = now(), seq = next_seq,
         score = private.waitlist_score(next_seq, m.credits, m.credit_voided_at, settings.places_per_referral),
         credited = referrer.id is not null and refusal is null,
         credit_refusal = refusal
   where m.id = member.id;
  -- The client's hash is not kept past its use.
  update private.waitlist_tokens t set signup_client = null where t.member_id = member.id;
  return jsonb_build_object('status_token', tokens.status_token);
end;
$function$
;

CREATE OR REPLACE FUNCTION public.waitlist_forget_unconfirmed()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  removed integer;
begin
  delete from public.waitlist_members
   where status = 'pending' and coalesce(confirmation_sent_at, created_at) < now() - interval '7 days';
  get diagnostics removed = row_count;
  return removed;
end;
$function$
;

CREATE OR REPLACE FUNCTION public.waitlist_members_count_leaving()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update private.waitlist_settings s
     set confirmed = greatest(0, s.confirmed - (select count(*) from old_rows o where o.status = 'confirmed'))
   where s.id;
  return null;
end;
$function$
;

CREATE OR REPLACE FUNCTION public.waitlist_resend(address text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  folded text := private.waitlist_fold(address);
  mailbox_hash text := private.newsletter_hash(private.waitlist_fold(address));
  found_row public.waitlist_members;
  token text;
begin
  perform public.waitlist_forget_unconfirmed();
  perform pg_advisory_xact_lock(hashtextextended('waitlist:' || mailbox_hash, 0));
  select * into found_row from public.waitlist_members m where m.folded_email = folded for update;
  if found_row.id is null
     or (found_row.status = 'pending' and found_row.confirmation_sent_at > now() - interval '10 minutes')
     or not private.waitlist_take_mail(mailbox_hash) then
    return jsonb_build_object('kind', null);
  end if;
  if found_row.status = 'confirmed' then
    select t.status_token into token from private.waitlist_tokens t where t.member_id = found_row.id;
    return jsonb_build_object('kind', 'status', 'token', token, 'email', found_row.email, 'language', found_row.language);
  end if;
  token := private.newsletter_new_token();
  update public.waitlist_members set confirmation_sent_at = now() where id = found_row.id;
  update private.waitlist_tokens set confirm_hash = private.newsletter_hash(token) where member_id = found_row.id;
  return jsonb_build_object('kind', 'confirm', 'token', token, 'email', found_row.email, 'language', found_row.language);
end;
$function$
;

CREATE OR REPLACE FUNCTION public.waitlist_signup(address text, language text DEFAULT 'en'::text, referral_code text DEFAULT NULL::text, client_hash text DEFAULT NULL::text, disposable boolean DEFAULT false)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  normal text := lower(trim(address));
  folded text := private.waitlist_fold(address);
  mailbox_hash text := private.newsletter_hash(private.waitlist_fold(address));
  chosen text := coalesce(waitlist_signup.language, 'en');
  found_row public.waitlist_members;
  referrer uuid;
  token text := private.newsletter_new_token();
  code text;
begin
  if chosen !~ '^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$' then
    raise exception 'The language of a sign-up must be a language code such as en or ja' using errcode = '22023';
  end if;
  perform public.waitlist_forget_unconfirmed();
  perform pg_advisory_xact_lock(hashtextextended('waitlist:' || mailbox_hash, 0));
  select * into found_row from public.waitlist_members m where m.folded_email = folded for update;
  if found_row.status = 'confirmed'
     or (found_row.status = 'pending' and found_row.confirmation_sent_at > now() - interval '10 minutes')
     or not private.waitlist_take_mail(mailbox_hash) then
    return jsonb_build_object('token', null);
  end if;
  if found_row.id is not null then
    update public.waitlist_members set confirmation_sent_at = now(), language = chosen where id = found_row.id;
    update private.waitlist_tokens set confirm_hash = private.newsletter_hash(token) where member_id = found_row.id;
    -- To the address the member joined with, not the variant given now: a variant's owner is not
    -- always the mailbox's (not every provider delivers +tags).
    return jsonb_build_object('token', token, 'email', found_row.email);
  end if;
  select r.id into referrer from public.waitlist_members r where r.referral_code = lower(trim(waitlist_signup.referral_code));
  loop
    code := left(replace(gen_random_uuid()::text, '-', ''), 10);
    exit when not exists (select 1 from public.waitlist_members r where r.referral_code = code);
  end loop;
  insert into public.waitlist_members (email, folded_email, language, referral_code, referred_by, confirmation_sent_at)
    values (normal, folded, chosen, code, referrer, now())
    returning * into found_row;
  insert into private.waitlist_tokens (member_id, confirm_hash, status_token, signup_client, disposable)
    values (found_row.id, private.newsletter_hash(token), private.newsletter_new_token(), client_hash, coalesce(waitlist_signup.disposable, false));
  return jsonb_build_object('token', token, 'email', found_row.email);
end;
$function$
;

CREATE OR REPLACE FUNCTION public.waitlist_status(token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  member public.waitlist_members;
  settings private.waitlist_settings;
  ahead bigint;
begin
  select m.* into member
    from private.waitlist_tokens t join public.waitlist_members m on m.id = t.member_id
   where t.status_token = waitlist_status.token and m.status = 'confirmed';
  if member.id is null then
    return null;
  end if;
  select * into settings from private.waitlist_settings s where s.id;
  ahead := (select count(*) from public.waitlist_members o where o.status = 'confirmed' and o.score < member.score)
         + (select count(*) from public.waitlist_members o where o.status = 'confirmed' and o.score = member.score and o.seq > member.seq);
  return jsonb_build_object(
           'place', ahead + 1,
           'total', settings.confirmed,
           'code', member.referral_code,
           'referrals', case when member.credit_voided_at is null then member.credits else 0 end,
           'places_per_referral', settings.places_per_referral,
           'language', member.language);
end;
$function$
;

CREATE OR REPLACE FUNCTION public.waitlist_summary()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform public.require_admin('read the waitlist');
  return (
    select jsonb_build_object(
             'confirmed', count(*) filter (where m.status = 'confirmed'),
             'pending', count(*) filter (where m.status = 'pending'),
             'referred', count(*) filter (where m.status = 'confirmed' and m.referred_by is not null),
             'credited', count(*) filter (where m.status = 'confirmed' and m.credited),
             'refused', count(*) filter (where m.status = 'confirmed' and m.credit_refusal is not null),
             'voided', count(*) filter (where m.credit_voided_at is not null),
             'places_per_referral', (select s.places_per_referral from private.waitlist_settings s where s.id),
             'client_daily_credits', (select s.client_daily_credits from private.waitlist_settings s where s.id))
      from public.waitlist_members m
  );
end;
$function$
;

CREATE OR REPLACE FUNCTION public.waitlist_void_credit(member_id uuid, reason text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  member public.waitlist_members;
begin
  perform public.require_administrator('void waitlist credit');
  if reason is null or reason !~ '\S' or length(reason) > 500 then
    raise exception 'Say why the credit is voided (500 characters at most)' using errcode = '22023';
  end if;
  select * into member from public.waitlist_members m where m.id = waitlist_void_credit.member_id for update;
  if member.id is null then
    raise exception 'No such waitlist member' using errcode = 'P0002';
  end if;
  if member.credit_voided_at is not null then
    return jsonb_build_object('id', member.id, 'credits', member.credits, 'already_voided', true);
  end if;
  update public.waitlist_members m
     set credit_voided_at = now(), score = case when m.status = 'confirmed' then m.seq end
   where m.id = member.id;
  insert into public.waitlist_credit_audit (member_id, action, reason, credits, actor)
    values (member.id, 'void', trim(reason), member.credits, (select auth.uid()));
  return jsonb_build_object('id', member.id, 'credits', member.credits, 'already_voided', false);
end;
$function$
;

grant select on table "public"."waitlist_credit_audit" to "authenticated";

grant delete on table "public"."waitlist_credit_audit" to "service_role";

grant insert on table "public"."waitlist_credit_audit" to "service_role";

grant references on table "public"."waitlist_credit_audit" to "service_role";

grant select on table "public"."waitlist_credit_audit" to "service_role";

grant trigger on table "public"."waitlist_credit_audit" to "service_role";

grant truncate on table "public"."waitlist_credit_audit" to "service_role";

grant update on table "public"."waitlist_credit_audit" to "service_role";

grant select on table "public"."waitlist_members" to "authenticated";

grant delete on table "public"."waitlist_members" to "service_role";

grant insert on table "public"."waitlist_members" to "service_role";

grant references on table "public"."waitlist_members" to "service_role";

grant select on table "public"."waitlist_members" to "service_role";

grant trigger on table "public"."waitlist_members" to "service_role";

grant truncate on table "public"."waitlist_members" to "service_role";

grant update on table "public"."waitlist_members" to "service_role";

drop policy if exists "Administrators read the credit audit" on "public"."waitlist_credit_audit";

create policy "Administrators read the credit audit"
  on "public"."waitlist_credit_audit"
  as permissive
  for select
  to authenticated
using (( SELECT is_administrator() AS is_administrator));

drop policy if exists "Sessions at the required assurance level" on "public"."waitlist_credit_audit";

create policy "Sessions at the required assurance level"
  on "public"."waitlist_credit_audit"
  as restrictive
  for all
  to authenticated
using (( SELECT session_meets_assurance() AS session_meets_assurance))
with check (( SELECT session_meets_assurance() AS session_meets_assurance));

drop policy if exists "Administrators read waitlist members" on "public"."waitlist_members";

create policy "Administrators read waitlist members"
  on "public"."waitlist_members"
  as permissive
  for select
  to authenticated
using (( SELECT is_administrator() AS is_administrator));

drop policy if exists "Sessions at the required assurance level" on "public"."waitlist_members";

create policy "Sessions at the required assurance level"
  on "public"."waitlist_members"
  as restrictive
  for all
  to authenticated
using (( SELECT session_meets_assurance() AS session_meets_assurance))
with check (( SELECT session_meets_assurance() AS session_meets_assurance));

drop trigger if exists count_leaving on public.waitlist_members;

CREATE TRIGGER count_leaving AFTER DELETE ON public.waitlist_members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waitlist_members_count_leaving();

revoke all on function public.waitlist_members_count_leaving() from public, anon, authenticated, service_role;

grant execute on function public.waitlist_members_count_leaving() to service_role;

revoke all on function private.waitlist_fold(text) from public, anon, authenticated, service_role;

revoke all on function private.waitlist_score(bigint, integer, timestamp with time zone, integer) from public, anon, authenticated, service_role;

revoke all on function public.waitlist_forget_unconfirmed() from public, anon, authenticated, service_role;

grant execute on function public.waitlist_forget_unconfirmed() to service_role;

revoke all on function private.waitlist_take_mail(text) from public, anon, authenticated, service_role;

revoke all on function public.waitlist_signup(text, text, text, text, boolean) from public, anon, authenticated, service_role;

grant execute on function public.waitlist_signup(text, text, text, text, boolean) to service_role;

revoke all on function public.waitlist_confirm(text) from public, anon, authenticated, service_role;

grant execute on function public.waitlist_confirm(text) to service_role;

revoke all on function public.waitlist_status(text) from public, anon, authenticated, service_role;

grant execute on function public.waitlist_status(text) to service_role;

revoke all on function public.waitlist_resend(text) from public, anon, authenticated, service_role;

grant execute on function public.waitlist_resend(text) to service_role;

revoke all on function public.waitlist_summary() from public, anon, authenticated, service_role;

grant execute on function public.waitlist_summary() to authenticated, service_role;

revoke all on function public.waitlist_configure(integer, integer) from public, anon, authenticated, service_role;

grant execute on function public.waitlist_configure(integer, integer) to authenticated, service_role;

revoke all on function public.waitlist_void_credit(uuid, text) from public, anon, authenticated, service_role;

grant execute on function public.waitlist_void_credit(uuid, text) to authenticated, service_role;

insert into private.waitlist_settings (id) values (true) on conflict (id) do nothing;
