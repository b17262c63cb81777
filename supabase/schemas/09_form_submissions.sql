-- Form submissions: the waitlist, newsletter and contact forms (docs/architecture.md, "A visitor
-- sends a form"). The web tier's intake writes them with the service role, after counting the post
-- against the sender's allowance (take_form_post); administrators read them and mark them handled
-- (the community inbox); editors and visitors see nothing.
--
-- One sign-up per address and list: a visitor who joins the waitlist (or the newsletter) twice is
-- one person, so a repeat refreshes the row they already have (`last_submitted_at`) instead of adding
-- a second one; the inbox lists them once and the dashboard counts them once, on the day they first
-- joined. Addresses compare without case. Contact messages are not merged, but one sent again word
-- for word within 10 minutes is the same message (a retry), stored once. Each row keeps the language
-- of the page it was sent from, the latest one for a repeat: the language to answer them in.
--
-- A retry never duplicates: the site's forms send a key made once per filling of the form
-- (`idempotency_key`), and a post whose key is already stored is the same submission sent again (its
-- answer lost on the way), whatever it says: the intake's insert does nothing on that conflict and
-- answers as the first post was answered.
--
--   take_form_post(address_hash, max_posts, window_seconds[, retry_key, retry_kind, retry_email])
--                            -> integer 0, or seconds to wait (service role)
--   submission_counts(days)  -> submissions per day and kind (administrators)
--   waitlist_totals(days)    -> the waitlist's size at the end of each day (administrators)

create table if not exists public.form_submissions (
  id uuid primary key default gen_random_uuid(),
  kind text not null constraint form_submissions_kind_check check (kind in ('waitlist', 'newsletter', 'contact')),
  email text not null,
  name text constraint form_submissions_name_check check (name ~ '\S' and length(name) <= 200),
  message text constraint form_submissions_message_check check (message ~ '\S' and length(message) <= 10000),
  created_at timestamptz not null default now(),
  handled boolean not null default false,
  -- The latest sign-up of a repeated address (the first one's date stays in created_at).
  last_submitted_at timestamptz not null default now(),
  -- Contact messages carry a name and a message (spec: name, email and message all required).
  constraint form_submissions_contact_fields_check check (kind <> 'contact' or (name is not null and message is not null)),
  -- The language of the page the form was sent from (a repeat's, for a repeated sign-up): a code of
  -- shared/languages.ts, the shape LANGUAGE_CODE_PATTERN has; 'en' is its default language.
  language text not null default 'en'
    constraint form_submissions_language_check check (language ~ '^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$'),
  -- The sending page's key for this filling of the form; none from a form posted without JavaScript.
  idempotency_key uuid constraint form_submissions_idempotency_key_key unique
);
-- One spelling per mailbox: dot-separated words on both sides of the @, as shared/validation.ts has
-- it for every form (no dot at either end of the local part or the domain, none beside another).
-- NOT VALID: it holds for every row written since it was added, and an address stored before it
-- stays as it was.
alter table public.form_submissions
  add constraint form_submissions_email_check
    check (email ~ '^[^[:space:]@.]+(\.[^[:space:]@.]+)*@[^[:space:]@.]+(\.[^[:space:]@.]+)+$' and length(email) <= 320) not valid;
create index if not exists form_submissions_created_at_idx on public.form_submissions (created_at desc);
create index if not exists form_submissions_handled_created_at_idx on public.form_submissions (handled, created_at desc);
create unique index if not exists form_submissions_one_signup_idx
  on public.form_submissions (kind, lower(email))
  where kind in ('waitlist', 'newsletter');

-- A repeat stores nothing new: a sign-up to a list the address is already on refreshes its row, and
-- a contact message the same sender sent within the last 10 minutes, word for word, is the same
-- message sent again (a visitor retrying after an answer lost on the way: a timeout, a server that
-- stopped) and refreshes the first. The lock on what is compared makes simultaneous repeats wait for
-- each other, so the second finds the first one's row (and a sign-up does not fail on the unique index).
create or replace function public.form_submissions_fold_repeat()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.kind in ('waitlist', 'newsletter') then
    perform pg_advisory_xact_lock(hashtextextended('form_submissions:' || new.kind || ':' || lower(new.email), 0));
    update public.form_submissions
       set last_submitted_at = now(), language = new.language
     where kind = new.kind and lower(email) = lower(new.email);
  else
    perform pg_advisory_xact_lock(hashtextextended('form_submissions:contact:' || lower(new.email) || ':' || md5(coalesce(new.name, '') || '/' || coalesce(new.message, '')), 0));
    update public.form_submissions
       set last_submitted_at = now(), language = new.language
     where kind = 'contact' and lower(email) = lower(new.email) and name is not distinct from new.name and message is not distinct from new.message
       and last_submitted_at > now() - interval '10 minutes';
  end if;
  if found then
    return null;
  end if;
  return new;
end;
$$;
revoke all on function public.form_submissions_fold_repeat() from public, anon, authenticated, service_role;
grant execute on function public.form_submissions_fold_repeat() to service_role;

-- Through the API only `handled` may change (the refresh date is the intake's): table grants are the
-- first line, this trigger holds even where an environment grants more.
create or replace function public.form_submissions_guard_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated')
     and (new.id, new.kind, new.email, new.name, new.message, new.created_at, new.last_submitted_at, new.language, new.idempotency_key)
         is distinct from (old.id, old.kind, old.email, old.name, old.message, old.created_at, old.last_submitted_at, old.language, old.idempotency_key) then
    raise exception 'Only the handled flag of a form submission can be changed'
      using errcode = '42501', hint = 'Send only {"handled": true|false}.';
  end if;
  return new;
end;
$$;
revoke all on function public.form_submissions_guard_columns() from public, anon, authenticated, service_role;
grant execute on function public.form_submissions_guard_columns() to service_role;

create trigger blank_to_null before insert or update on public.form_submissions
  for each row execute function public.blank_to_null('name', 'message');
create trigger fold_repeat before insert on public.form_submissions
  for each row execute function public.form_submissions_fold_repeat();
create trigger guard_columns before update on public.form_submissions
  for each row execute function public.form_submissions_guard_columns();

alter table public.form_submissions enable row level security;
-- No insert or delete policy: the intake inserts with the service role.
create policy "Admins read submissions" on public.form_submissions
  for select to authenticated
  using ((select public.is_administrator()));
create policy "Admins mark submissions handled" on public.form_submissions
  for update to authenticated
  using ((select public.is_administrator()))
  with check ((select public.is_administrator()));
create policy "Sessions at the required assurance level" on public.form_submissions
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
revoke all on public.form_submissions from anon, authenticated, service_role;
grant select on public.form_submissions to authenticated;
grant update (handled) on public.form_submissions to authenticated;
grant all on public.form_submissions to service_role;

-- The form intake's limit -----------------------------------------------------------------------
-- Kept in Postgres, so that several web instances share one count. One row per accepted post: the
-- caller's address as the web tier hashes it (no addresses stored).

create table if not exists private.form_post_events (
  address_hash text not null,
  posted_at timestamptz not null default now()
);
create index if not exists form_post_events_address_idx on private.form_post_events (address_hash, posted_at);
create index if not exists form_post_events_posted_at_idx on private.form_post_events (posted_at);
alter table private.form_post_events enable row level security;
revoke all on private.form_post_events from public, anon, authenticated, service_role;

-- Records a post from `address_hash` and returns 0, or, when `max_posts` were already taken within
-- `window_seconds`, records nothing and returns the seconds until the next one is allowed. A post
-- that carries the idempotency key of a submission stored with the same form and email (`retry_*`)
-- is that submission sent again after its answer was lost: it records nothing and returns 0, so it is
-- answered as the first post was, allowance spent or not (and it stores nothing new).
create or replace function public.take_form_post(address_hash text, max_posts integer, window_seconds integer, retry_key uuid default null, retry_kind text default null, retry_email text default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  recent integer;
  oldest timestamptz;
begin
  if address_hash is null or max_posts is null or window_seconds is null or max_posts < 1 or window_seconds < 1 then
    raise exception 'take_form_post needs an address and a positive limit and window' using errcode = '22023';
  end if;
  if retry_key is not null and exists (
    select 1 from public.form_submissions s
     where s.idempotency_key = retry_key and s.kind = retry_kind and lower(s.email) = lower(retry_email)
  ) then
    return 0;
  end if;
  -- Two posts from one address at once must not both see room for one more.
  perform pg_advisory_xact_lock(hashtextextended('form_post:' || address_hash, 0));
  delete from private.form_post_events e
    where e.posted_at < now() - make_interval(secs => greatest(window_seconds, 86400));
  select count(*), min(e.posted_at) into recent, oldest
    from private.form_post_events e
    where e.address_hash = take_form_post.address_hash and e.posted_at > now() - make_interval(secs => window_seconds);
  if recent >= max_posts then
    return greatest(1, ceil(extract(epoch from (oldest + make_interval(secs => window_seconds) - clock_timestamp())))::integer);
  end if;
  insert into private.form_post_events (address_hash) values (take_form_post.address_hash);
  return 0;
end;
$$;
revoke all on function public.take_form_post(text, integer, integer, uuid, text, text) from public, anon, authenticated, service_role;
grant execute on function public.take_form_post(text, integer, integer, uuid, text, text) to service_role;

-- The dashboard's figures ---------------------------------------------------------------------------
-- Days are UTC calendar days, today included; every day and kind has a row (zeros too), so a chart
-- draws the series as they are. Administrators only (non-members get require_admin's refusal;
-- editors are told that it takes an administrator).

create or replace function public.submission_counts(days integer)
returns table (day date, kind text, submissions integer)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  today date := (now() at time zone 'UTC')::date;
  first_day date;
begin
  perform public.require_admin('read submission statistics');
  perform public.require_administrator('read submission statistics');
  if days is null or days < 1 or days > 366 then
    raise exception 'days must be between 1 and 366' using errcode = '22023';
  end if;
  first_day := today - (days - 1);
  return query
    with counted as (
      select (s.created_at at time zone 'UTC')::date as on_day, s.kind as of_kind, count(*)::integer as n
        from public.form_submissions s
       where s.created_at >= first_day::timestamp at time zone 'UTC'
       group by 1, 2
    )
    select d::date, k.kind_name, coalesce(c.n, 0)
      from generate_series(first_day::timestamp, today::timestamp, interval '1 day') d
     cross join unnest(array['waitlist', 'newsletter', 'contact']) with ordinality as k(kind_name, kind_order)
      left join counted c on c.on_day = d::date and c.of_kind = k.kind_name
     order by 1, k.kind_order;
end;
$$;
revoke all on function public.submission_counts(integer) from public, anon, authenticated, service_role;
grant execute on function public.submission_counts(integer) to authenticated, service_role;

create or replace function public.waitlist_totals(days integer)
returns table (day date, total integer)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  today date := (now() at time zone 'UTC')::date;
  first_day date;
  before_window integer;
begin
  perform public.require_admin('read submission statistics');
  perform public.require_administrator('read submission statistics');
  if days is null or days < 1 or days > 366 then
    raise exception 'days must be between 1 and 366' using errcode = '22023';
  end if;
  first_day := today - (days - 1);
  select count(*)::integer into before_window
    from public.form_submissions s
   where s.kind = 'waitlist' and s.created_at < first_day::timestamp at time zone 'UTC';
  return query
    with counted as (
      select (s.created_at at time zone 'UTC')::date as on_day, count(*)::integer as n
        from public.form_submissions s
       where s.kind = 'waitlist' and s.created_at >= first_day::timestamp at time zone 'UTC'
       group by 1
    )
    select d::date, (before_window + sum(coalesce(c.n, 0)) over (order by d))::integer
      from generate_series(first_day::timestamp, today::timestamp, interval '1 day') d
      left join counted c on c.on_day = d::date
     order by 1;
end;
$$;
revoke all on function public.waitlist_totals(integer) from public, anon, authenticated, service_role;
grant execute on function public.waitlist_totals(integer) to authenticated, service_role;
