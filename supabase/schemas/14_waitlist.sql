-- The waitlist's line: double opt-in members, a place in line, a referral link per member, and the
-- rules that make a referral count (docs/architecture.md, "The waitlist's line").
--
-- The modal's sign-up stays a row of the community inbox (09_form_submissions.sql); the web tier then
-- calls waitlist_signup, which makes a pending member and a confirmation token. Following the mailed
-- link (waitlist_confirm) confirms the member, who from then on holds a place and has a personal
-- status page: a 256-bit token in schema private, which no API role can read; no sign-in, no cookie.
-- The confirmation link confirms once and leads to that page for its 7 days (mail scanners that follow
-- a link before its owner does leave it working).
--
-- One person per mailbox: members are unique by their folded address, lower-cased, the local part
-- without its +tag, and for Gmail (googlemail.com is the same) without dots, which Gmail ignores.
-- Other providers deliver `a.b@` and `ab@` to different mailboxes, so their dots stay.
--
-- The place in line. Confirmation gives a member the next number of the line (`seq`, dense: one
-- confirmation at a time takes it); each referral that earns credit moves them `places_per_referral`
-- (default 10) numbers forward: score = seq - places_per_referral * credits. The place is 1 + the
-- confirmed members with a lower score, or the same score and a later seq (at an equal score, the
-- member who got there through referrals is ahead, so a referral gains exactly that many places).
-- Both counts are index-only range scans of waitlist_members_line_idx: a place is two counts of an
-- index, not a sort of the list. Changing places_per_referral rewrites every confirmed score once.
--
-- A referral earns credit when the friend confirms, and only when: the friend's folded address is
-- not the referrer's (self-referral); the friend's domain is not a throwaway one (the web tier checks
-- the maintained list of the disposable-email-domains-js package and says so at sign-up); and the
-- client that signed the friend up (a keyed hash the web tier makes of its address; no addresses
-- stored) has not earned `client_daily_credits` (default 5) credits in the last 24 hours. A pending
-- member earns nothing and holds no place; credit counted for a pending referrer counts from their
-- confirmation. An administrator can void a member's credit (waitlist_void_credit): their referrals
-- stop counting, now and later, and the act is recorded in waitlist_credit_audit.
--
-- The status page and its mail can be asked for again by address (waitlist_resend): a pending
-- member gets a new confirmation link, a confirmed one their status link, within 3 mails per folded
-- mailbox in 24 hours and at most one confirmation link every 10 minutes; the visitor is answered the
-- same whatever happened. Pending members are deleted 7 days after their last confirmation link.
--
-- Administrators read the members (RLS); editors get counts only (waitlist_summary, and growth_figures
-- without addresses); visitors nothing.
--
--   waitlist_signup(address, language, referral_code, client_hash, disposable) -> jsonb {token, email} to mail, or {token: null} (service role)
--   waitlist_confirm(token)                 -> jsonb {status_token} or null when unknown, used or expired (service role)
--   waitlist_status(token)                  -> jsonb {place, total, code, referrals, places_per_referral, language} or null (service role)
--   waitlist_resend(address)                -> jsonb {kind: confirm | status, token, email, language}, or {kind: null} (service role)
--   waitlist_forget_unconfirmed()           -> integer pending members deleted (service role)
--   waitlist_summary()                      -> jsonb counts and settings (members: editors and administrators)
--   waitlist_configure(places_per_referral, client_daily_credits) -> jsonb the summary (administrators)
--   waitlist_void_credit(member_id, reason) -> jsonb {id, credits, already_voided} (administrators)
--   growth_figures(days)                    -> jsonb sign-ups per day, direct and referred, the confirmation rate's
--                                              counts, the top referrers (editors and administrators; addresses
--                                              to administrators only)

-- Settings: one row. `places_per_referral` and `client_daily_credits` change through waitlist_configure.
create table if not exists private.waitlist_settings (
  id boolean primary key default true check (id),
  places_per_referral integer not null default 10 check (places_per_referral between 0 and 1000),
  client_daily_credits integer not null default 5 check (client_daily_credits between 0 and 1000),
  -- The confirmed members, counted as they confirm and leave (waitlist_members_count_leaving): the
  -- status page's total without counting the table.
  confirmed bigint not null default 0 check (confirmed >= 0)
);
insert into private.waitlist_settings (id) values (true) on conflict (id) do nothing;
revoke all on private.waitlist_settings from public, anon, authenticated, service_role;

create table if not exists public.waitlist_members (
  id uuid primary key default gen_random_uuid(),
  -- The address as first given, lower-cased: where its mails go.
  email text not null,
  -- The mailbox it reaches (private.waitlist_fold): one member per mailbox.
  folded_email text not null,
  status text not null default 'pending' constraint waitlist_members_status_check check (status in ('pending', 'confirmed')),
  language text not null default 'en'
    constraint waitlist_members_language_check check (language ~ '^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$'),
  -- The member's link: `/?ref=<referral_code>`.
  referral_code text not null constraint waitlist_members_referral_code_check check (referral_code ~ '^[0-9a-f]{10}$'),
  referred_by uuid references public.waitlist_members (id) on delete set null,
  created_at timestamptz not null default now(),
  confirmation_sent_at timestamptz,
  confirmed_at timestamptz,
  -- The line: seq is the confirmation's number, score what credit makes of it (null while pending).
  seq bigint,
  score bigint,
  -- Confirmed referrals of this member that earned credit.
  credits integer not null default 0 check (credits >= 0),
  -- This member's own confirmation, for their referrer: credited, or why not.
  credited boolean not null default false,
  credit_refusal text constraint waitlist_members_credit_refusal_check check (credit_refusal in ('self', 'disposable', 'client_cap')),
  -- Set by an administrator: this member's referrals earn nothing.
  credit_voided_at timestamptz,
  constraint waitlist_members_email_check
    check (email ~ '^[^[:space:]@.]+(\.[^[:space:]@.]+)*@[^[:space:]@.]+(\.[^[:space:]@.]+)+$' and length(email) <= 320),
  constraint waitlist_members_line_check check ((status = 'confirmed') = (seq is not null and score is not null))
);
create unique index if not exists waitlist_members_folded_email_idx on public.waitlist_members (folded_email);
create unique index if not exists waitlist_members_referral_code_idx on public.waitlist_members (referral_code);
create unique index if not exists waitlist_members_seq_idx on public.waitlist_members (seq);
create index if not exists waitlist_members_line_idx on public.waitlist_members (score, seq) where status = 'confirmed';
create index if not exists waitlist_members_referred_by_idx on public.waitlist_members (referred_by);
create index if not exists waitlist_members_pending_idx on public.waitlist_members (confirmation_sent_at) where status = 'pending';

-- A confirmed member who leaves the list (removed by a statement with the service role) leaves the count.
create or replace function public.waitlist_members_count_leaving()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update private.waitlist_settings s
     set confirmed = greatest(0, s.confirmed - (select count(*) from old_rows o where o.status = 'confirmed'))
   where s.id;
  return null;
end;
$$;
revoke all on function public.waitlist_members_count_leaving() from public, anon, authenticated, service_role;
grant execute on function public.waitlist_members_count_leaving() to service_role;
create trigger count_leaving after delete on public.waitlist_members
  referencing old table as old_rows
  for each statement execute function public.waitlist_members_count_leaving();

alter table public.waitlist_members enable row level security;
create policy "Administrators read waitlist members" on public.waitlist_members
  for select to authenticated using ((select public.is_administrator()));
create policy "Sessions at the required assurance level" on public.waitlist_members
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
revoke all on public.waitlist_members from anon, authenticated, service_role;
grant select on public.waitlist_members to authenticated;
grant all on public.waitlist_members to service_role;

-- Who voided whose credit, when and why.
create table if not exists public.waitlist_credit_audit (
  id bigint generated always as identity primary key,
  member_id uuid references public.waitlist_members (id) on delete set null,
  action text not null constraint waitlist_credit_audit_action_check check (action in ('void')),
  reason text not null constraint waitlist_credit_audit_reason_check check (reason ~ '\S' and length(reason) <= 500),
  credits integer not null,
  actor uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index if not exists waitlist_credit_audit_member_idx on public.waitlist_credit_audit (member_id);
alter table public.waitlist_credit_audit enable row level security;
create policy "Administrators read the credit audit" on public.waitlist_credit_audit
  for select to authenticated using ((select public.is_administrator()));
create policy "Sessions at the required assurance level" on public.waitlist_credit_audit
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
revoke all on public.waitlist_credit_audit from anon, authenticated, service_role;
grant select on public.waitlist_credit_audit to authenticated;
grant all on public.waitlist_credit_audit to service_role;

-- A member's tokens and what the rules need until confirmation.
create table if not exists private.waitlist_tokens (
  member_id uuid primary key references public.waitlist_members (id) on delete cascade,
  -- SHA-256 of the confirmation token: it confirms once, and leads to the status page for 7 days.
  confirm_hash text,
  -- The status page's token, mailed again on request.
  status_token text not null unique,
  -- The keyed hash of the client that signed up, until confirmation (the per-client cap).
  signup_client text,
  -- Whether the address's domain is a throwaway one, as the web tier found at sign-up.
  disposable boolean not null default false
);
revoke all on private.waitlist_tokens from public, anon, authenticated, service_role;

-- One row per mail handed to the web tier, for the 24 hours that it counts.
create table if not exists private.waitlist_mails (
  base_hash text not null,
  sent_at timestamptz not null default now()
);
create index if not exists waitlist_mails_base_idx on private.waitlist_mails (base_hash, sent_at);
revoke all on private.waitlist_mails from public, anon, authenticated, service_role;

-- One row per credit earned, by the client that signed the friend up, for the 24 hours that it counts.
create table if not exists private.waitlist_credit_events (
  client_hash text not null,
  credited_at timestamptz not null default now()
);
create index if not exists waitlist_credit_events_client_idx on private.waitlist_credit_events (client_hash, credited_at);
revoke all on private.waitlist_credit_events from public, anon, authenticated, service_role;

-- `First.Last+news@GoogleMail.com` -> `firstlast@gmail.com`; `First.Last+news@Example.com` -> `first.last@example.com`.
create or replace function private.waitlist_fold(address text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
           when split_part(lower(trim(address)), '@', 2) in ('gmail.com', 'googlemail.com')
             then replace(split_part(split_part(lower(trim(address)), '@', 1), '+', 1), '.', '') || '@gmail.com'
           else split_part(split_part(lower(trim(address)), '@', 1), '+', 1) || '@' || split_part(lower(trim(address)), '@', 2)
         end;
$$;
revoke all on function private.waitlist_fold(text) from public, anon, authenticated, service_role;

-- What credit is worth for a member now: nothing once voided.
create or replace function private.waitlist_score(seq bigint, credits integer, voided timestamptz, places_per_referral integer)
returns bigint
language sql
immutable
set search_path = ''
as $$
  select seq - case when voided is null then places_per_referral::bigint * credits else 0 end;
$$;
revoke all on function private.waitlist_score(bigint, integer, timestamptz, integer) from public, anon, authenticated, service_role;

create or replace function public.waitlist_forget_unconfirmed()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed integer;
begin
  delete from public.waitlist_members
   where status = 'pending' and coalesce(confirmation_sent_at, created_at) < now() - interval '7 days';
  get diagnostics removed = row_count;
  return removed;
end;
$$;
revoke all on function public.waitlist_forget_unconfirmed() from public, anon, authenticated, service_role;
grant execute on function public.waitlist_forget_unconfirmed() to service_role;

-- Takes one of the folded mailbox's 3 mails in 24 hours; false when they are spent. The caller holds
-- the mailbox's lock.
create or replace function private.waitlist_take_mail(mailbox_hash text)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  delete from private.waitlist_mails m where m.sent_at < now() - interval '24 hours';
  if (select count(*) from private.waitlist_mails m where m.base_hash = mailbox_hash) >= 3 then
    return false;
  end if;
  insert into private.waitlist_mails (base_hash) values (mailbox_hash);
  return true;
end;
$$;
revoke all on function private.waitlist_take_mail(text) from public, anon, authenticated, service_role;

-- A new mailbox gets a pending member and a confirmation mail; a pending one a new link once 10
-- minutes have passed since its last (the old link stops working; the referral it joined with
-- stays); a confirmed one nothing. `referral_code` is the code the visitor arrived with (unknown
-- codes are ignored), `client_hash` the web tier's keyed hash of the client's address, `disposable`
-- whether the address's domain is a throwaway one.
create or replace function public.waitlist_signup(address text, language text default 'en', referral_code text default null, client_hash text default null, disposable boolean default false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
revoke all on function public.waitlist_signup(text, text, text, text, boolean) from public, anon, authenticated, service_role;
grant execute on function public.waitlist_signup(text, text, text, text, boolean) to service_role;

-- Confirms the pending member the token names: the next number of the line, their referrer's credit
-- when the rules allow it. The link leads to the member's status page for its 7 days, however often it
-- is followed; it confirms once. The settings row's lock takes confirmations one at a time, so the line's
-- numbers have no gaps and the per-client count no race.
create or replace function public.waitlist_confirm(token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
revoke all on function public.waitlist_confirm(text) from public, anon, authenticated, service_role;
grant execute on function public.waitlist_confirm(text) to service_role;

-- The status page: the member's place among the confirmed, their link's code and credit. Two
-- counts of the line's index and the settings row's count of confirmed members: no sort, no scan of
-- the table (plpgsql, so each count is planned with the member's score as a value).
create or replace function public.waitlist_status(token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;
revoke all on function public.waitlist_status(text) from public, anon, authenticated, service_role;
grant execute on function public.waitlist_status(text) to service_role;

-- Asked again by address: what to mail, if anything. The answer to the visitor does not depend on it.
create or replace function public.waitlist_resend(address text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
revoke all on function public.waitlist_resend(text) from public, anon, authenticated, service_role;
grant execute on function public.waitlist_resend(text) to service_role;

-- Counts for the whole team: no address, no member.
create or replace function public.waitlist_summary()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;
revoke all on function public.waitlist_summary() from public, anon, authenticated, service_role;
grant execute on function public.waitlist_summary() to authenticated, service_role;

-- A new worth of a referral rewrites every confirmed member's score at once.
create or replace function public.waitlist_configure(places_per_referral integer, client_daily_credits integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
revoke all on function public.waitlist_configure(integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.waitlist_configure(integer, integer) to authenticated, service_role;

-- An administrator voids a member's credit, with a reason: recorded, and their place falls back to
-- their confirmation's number. A second void changes nothing and records nothing.
create or replace function public.waitlist_void_credit(member_id uuid, reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
revoke all on function public.waitlist_void_credit(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.waitlist_void_credit(uuid, text) to authenticated, service_role;

-- The dashboard's growth figures ---------------------------------------------------------------------
-- Pending members are deleted 7 days after their last link, so the line alone would forget every
-- sign-up that was never confirmed and a month's confirmation rate would read close to 100 %. Each
-- sign-up leaves a row here when its member is made, without its address, and is marked when the
-- member confirms; the row outlives the member. Whether the member came through a referral link is
-- kept as it was at sign-up.
create table if not exists private.waitlist_signups (
  member_id uuid primary key,
  signed_up_at timestamptz not null,
  referred boolean not null,
  confirmed_at timestamptz
);
create index if not exists waitlist_signups_signed_up_at_idx on private.waitlist_signups (signed_up_at);
revoke all on private.waitlist_signups from public, anon, authenticated, service_role;

create or replace function public.waitlist_members_record_signup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into private.waitlist_signups (member_id, signed_up_at, referred)
      values (new.id, new.created_at, new.referred_by is not null);
  else
    update private.waitlist_signups s set confirmed_at = new.confirmed_at where s.member_id = new.id;
  end if;
  return null;
end;
$$;
revoke all on function public.waitlist_members_record_signup() from public, anon, authenticated, service_role;
grant execute on function public.waitlist_members_record_signup() to service_role;
create trigger record_signup after insert on public.waitlist_members
  for each row execute function public.waitlist_members_record_signup();
create trigger record_confirmation after update of status on public.waitlist_members
  for each row when (old.status = 'pending' and new.status = 'confirmed') execute function public.waitlist_members_record_signup();

-- Days are UTC calendar days, today included, each with a row (zeros too). The rate is of the
-- period's sign-ups, however late they confirmed. The top referrers are the confirmed members whose
-- referrals earn credit (voided credit earns none), by credited referrals, then place; an editor is
-- given each one's place and count only, an administrator the address too.
create or replace function public.growth_figures(days integer)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'UTC')::date;
  first_day date;
  addresses boolean;
  result jsonb;
begin
  perform public.require_admin('read the waitlist');
  if days is null or days < 1 or days > 366 then
    raise exception 'days must be between 1 and 366' using errcode = '22023';
  end if;
  first_day := today - (days - 1);
  addresses := public.is_administrator();
  with period as (
    select (s.signed_up_at at time zone 'UTC')::date as on_day, s.referred, s.confirmed_at is not null as confirmed
      from private.waitlist_signups s
     where s.signed_up_at >= first_day::timestamp at time zone 'UTC'
  ), top as (
    select m.email, m.credits, m.score, m.seq
      from public.waitlist_members m
     where m.status = 'confirmed' and m.credit_voided_at is null and m.credits > 0
     order by m.credits desc, m.score, m.seq desc
     limit 10
  )
  select jsonb_build_object(
    'days', (
      select jsonb_agg(jsonb_build_object('day', d::date, 'direct', coalesce(c.direct, 0), 'referred', coalesce(c.referred, 0)) order by d)
        from generate_series(first_day::timestamp, today::timestamp, interval '1 day') d
        left join (
          select p.on_day, count(*) filter (where not p.referred) as direct, count(*) filter (where p.referred) as referred
            from period p group by p.on_day
        ) c on c.on_day = d::date
    ),
    'totals', (
      select jsonb_build_object(
               'signed_up', count(*),
               'direct', count(*) filter (where not p.referred),
               'referred', count(*) filter (where p.referred),
               'confirmed', count(*) filter (where p.confirmed))
        from period p
    ),
    'top_referrers', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'place', 1 + (select count(*) from public.waitlist_members o where o.status = 'confirmed' and o.score < t.score)
                          + (select count(*) from public.waitlist_members o where o.status = 'confirmed' and o.score = t.score and o.seq > t.seq),
               'referrals', t.credits,
               'email', case when addresses then t.email end) order by t.credits desc, t.score, t.seq desc), '[]')
        from top t
    )
  ) into result;
  return result;
end;
$$;
revoke all on function public.growth_figures(integer) from public, anon, authenticated, service_role;
grant execute on function public.growth_figures(integer) to authenticated, service_role;
