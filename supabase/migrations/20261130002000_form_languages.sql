-- Forms and mails remember the language (docs/languages.md, "Forms and mails").
--
-- Every form submission and newsletter subscriber keeps the language of the page it was sent from (a
-- code of shared/languages.ts, checked to the shape LANGUAGE_CODE_PATTERN has; rows stored before
-- this were English, the default). A repeated sign-up takes the latest page's language.
-- newsletter_signup takes the language (optional: the default) and the sender's claim returns each
-- subscriber's, so the confirmation mail and the newsletters go out in it.

alter table public.form_submissions
  add column if not exists language text not null default 'en';
alter table public.newsletter_subscribers
  add column if not exists language text not null default 'en';
do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'form_submissions_language_check' and conrelid = 'public.form_submissions'::regclass) then
    alter table public.form_submissions
      add constraint form_submissions_language_check check (language ~ '^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$');
  end if;
  if not exists (select 1 from pg_constraint where conname = 'newsletter_subscribers_language_check' and conrelid = 'public.newsletter_subscribers'::regclass) then
    alter table public.newsletter_subscribers
      add constraint newsletter_subscribers_language_check check (language ~ '^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$');
  end if;
end;
$$;

-- A repeat brings its language; only `handled` may change through the API, the language included.
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

create or replace function public.form_submissions_guard_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated')
     and (new.id, new.kind, new.email, new.name, new.message, new.created_at, new.last_submitted_at, new.language)
         is distinct from (old.id, old.kind, old.email, old.name, old.message, old.created_at, old.last_submitted_at, old.language) then
    raise exception 'Only the handled flag of a form submission can be changed'
      using errcode = '42501', hint = 'Send only {"handled": true|false}.';
  end if;
  return new;
end;
$$;
revoke all on function public.form_submissions_guard_columns() from public, anon, authenticated, service_role;
grant execute on function public.form_submissions_guard_columns() to service_role;

-- The sign-up takes the language: a new signature, so the old one goes.
drop function if exists public.newsletter_signup(text);
create or replace function public.newsletter_signup(address text, language text default 'en')
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  mails_per_base constant integer := 3;
  mail_window constant interval := interval '24 hours';
  normal text := lower(trim(address));
  mailbox_hash text := private.newsletter_hash(private.newsletter_base_address(address));
  found_row public.newsletter_subscribers;
  token text := private.newsletter_new_token();
  chosen text := coalesce(newsletter_signup.language, 'en');
begin
  if chosen !~ '^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$' then
    raise exception 'The language of a sign-up must be a language code such as en or ja' using errcode = '22023';
  end if;
  perform public.newsletter_forget_unconfirmed();
  perform pg_advisory_xact_lock(hashtextextended('newsletter:' || mailbox_hash, 0));
  delete from private.newsletter_confirmation_mails m where m.sent_at < now() - mail_window;
  select * into found_row from public.newsletter_subscribers where lower(email) = normal for update;
  if found_row.status = 'confirmed'
     or (found_row.status = 'pending' and found_row.confirmation_sent_at > now() - interval '10 minutes')
     or (select count(*) from private.newsletter_confirmation_mails m where m.base_hash = mailbox_hash) >= mails_per_base then
    return jsonb_build_object('token', null);
  end if;
  insert into private.newsletter_confirmation_mails (base_hash) values (mailbox_hash);
  if found_row.id is null then
    insert into public.newsletter_subscribers (email, confirmation_sent_at, language) values (normal, now(), chosen) returning * into found_row;
    insert into private.newsletter_tokens (subscriber_id, confirm_hash, unsubscribe_token)
      values (found_row.id, private.newsletter_hash(token), private.newsletter_new_token());
    return jsonb_build_object('token', token);
  end if;
  -- Pending past 10 minutes, or unsubscribed: a new confirmation, counted from now.
  update public.newsletter_subscribers
     set status = case when status = 'unsubscribed' then 'pending' else status end,
         confirmation_sent_at = now(),
         created_at = case when status = 'unsubscribed' then now() else created_at end,
         confirmed_at = case when status = 'unsubscribed' then null else confirmed_at end,
         language = chosen
   where id = found_row.id;
  update private.newsletter_tokens set confirm_hash = private.newsletter_hash(token) where subscriber_id = found_row.id;
  return jsonb_build_object('token', token);
end;
$$;
revoke all on function public.newsletter_signup(text, text) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_signup(text, text) to service_role;

-- The claim returns each subscriber's language: a new result type, so the function is made again.
drop function if exists public.newsletter_claim(text, integer, double precision, integer);
create or replace function public.newsletter_claim(worker text, batch_size integer, per_second double precision, lease_seconds integer)
returns table (delivery_id bigint, send_id uuid, email text, unsubscribe_token text, attempts integer, language text)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  bucket private.newsletter_throttle;
  available double precision;
  allowed integer;
  taken integer;
begin
  select * into bucket from private.newsletter_throttle where id for update;
  available := least(greatest(per_second, 1), bucket.tokens + extract(epoch from clock_timestamp() - bucket.updated_at) * per_second);
  allowed := least(batch_size, floor(available)::integer);
  if allowed > 0 then
    return query
      with picked as (
        select d.id, s.status = 'confirmed' as confirmed
          from private.newsletter_deliveries d join public.newsletter_subscribers s on s.id = d.subscriber_id
         where d.state in ('queued', 'sending') and d.next_attempt_at <= now()
         order by d.next_attempt_at, d.id
         limit allowed
         for update of d skip locked
      ), skipped as (
        update private.newsletter_deliveries d set state = 'skipped', claimed_by = null
          from picked p where p.id = d.id and not p.confirmed
      )
      update private.newsletter_deliveries d
         set state = 'sending', claimed_by = worker, attempts = d.attempts + 1,
             next_attempt_at = now() + make_interval(secs => lease_seconds)
        from picked p, public.newsletter_subscribers s, private.newsletter_tokens t
       where p.id = d.id and p.confirmed and s.id = d.subscriber_id and t.subscriber_id = d.subscriber_id
      returning d.id, d.send_id, s.email, t.unsubscribe_token, d.attempts, s.language;
    get diagnostics taken = row_count;
  else
    taken := 0;
  end if;
  update private.newsletter_throttle set tokens = available - taken, updated_at = clock_timestamp() where id;
end;
$$;
revoke all on function public.newsletter_claim(text, integer, double precision, integer) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_claim(text, integer, double precision, integer) to service_role;
