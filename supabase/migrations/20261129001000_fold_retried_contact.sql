-- A retried contact message is stored once: the repeat sign-up trigger becomes one that folds every
-- kind of repeat (supabase/schemas/09_form_submissions.sql).
drop trigger if exists merge_signup on public.form_submissions;
drop function if exists public.form_submissions_merge_signup();

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
       set last_submitted_at = now()
     where kind = new.kind and lower(email) = lower(new.email);
  else
    perform pg_advisory_xact_lock(hashtextextended('form_submissions:contact:' || lower(new.email) || ':' || md5(coalesce(new.name, '') || '/' || coalesce(new.message, '')), 0));
    update public.form_submissions
       set last_submitted_at = now()
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

drop trigger if exists fold_repeat on public.form_submissions;
create trigger fold_repeat before insert on public.form_submissions
  for each row execute function public.form_submissions_fold_repeat();
