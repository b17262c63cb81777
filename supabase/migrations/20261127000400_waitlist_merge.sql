-- One sign-up per address and list.
--
-- A visitor who joins the waitlist (or the newsletter) twice is one person: a repeat refreshes the
-- row they already have (`last_submitted_at`) instead of adding a second one, so the inbox lists
-- them once and the dashboard counts them once, on the day they first joined. Addresses compare
-- without case. Contact messages are never merged: each one is a message of its own.

alter table public.form_submissions
  add column if not exists last_submitted_at timestamptz;
update public.form_submissions set last_submitted_at = created_at where last_submitted_at is null;
alter table public.form_submissions
  alter column last_submitted_at set default now(),
  alter column last_submitted_at set not null;

-- Repeats stored before this migration: the first sign-up stays and carries the latest date; it stays
-- handled only if every copy was.
with ranked as (
  select id, kind, lower(email) as address,
         row_number() over (partition by kind, lower(email) order by created_at, id) as position,
         max(last_submitted_at) over (partition by kind, lower(email)) as latest,
         bool_and(handled) over (partition by kind, lower(email)) as all_handled
    from public.form_submissions
   where kind in ('waitlist', 'newsletter')
), kept as (
  update public.form_submissions s
     set last_submitted_at = r.latest, handled = r.all_handled
    from ranked r
   where s.id = r.id and r.position = 1
  returning s.id
)
delete from public.form_submissions s
 using ranked r
 where s.id = r.id and r.position > 1;

create unique index if not exists form_submissions_one_signup_idx
  on public.form_submissions (kind, lower(email))
  where kind in ('waitlist', 'newsletter');

-- A repeat sign-up refreshes the existing row and stores nothing new. The lock on the address makes
-- simultaneous repeats wait for each other, so the second one finds the first one's row instead of
-- failing on the unique index.
create or replace function public.form_submissions_merge_signup()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.kind not in ('waitlist', 'newsletter') then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('form_submissions:' || new.kind || ':' || lower(new.email), 0));
  update public.form_submissions
     set last_submitted_at = now()
   where kind = new.kind and lower(email) = lower(new.email);
  if found then
    return null;
  end if;
  return new;
end;
$$;
revoke all on function public.form_submissions_merge_signup() from public, anon, authenticated;
drop trigger if exists merge_signup on public.form_submissions;
create trigger merge_signup before insert on public.form_submissions
  for each row execute function public.form_submissions_merge_signup();

-- Through the API only `handled` may change: the refresh date is the intake's.
create or replace function public.form_submissions_guard_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated')
     and (new.id, new.kind, new.email, new.name, new.message, new.created_at, new.last_submitted_at)
         is distinct from (old.id, old.kind, old.email, old.name, old.message, old.created_at, old.last_submitted_at) then
    raise exception 'Only the handled flag of a form submission can be changed'
      using errcode = '42501', hint = 'Send only {"handled": true|false}.';
  end if;
  return new;
end;
$$;
