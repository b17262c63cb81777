-- Newsletters: double opt-in subscribers, a post sent once to the confirmed ones, and a delivery queue
-- that several web instances share (README, "Newsletter").
--
-- A sign-up (the footer's form, through the web tier's intake) makes a pending subscriber and a
-- confirmation token; following the mailed link confirms it. Tokens are made here from
-- gen_random_uuid() (the server's strong random source): a confirmation token is stored only as its
-- SHA-256 and works once, for 7 days; the unsubscribe token names one subscription and is kept in
-- schema private, which no API role can read. Pending addresses are deleted after 7 days.
--
-- One mailbox, one spelling, and a bound on confirmation mails per mailbox: stored addresses are
-- dot-separated words on both sides of the @ (so `a@example.com.` is not a second subscriber), and
-- confirmation mails are counted per base address: lower-cased, the local part without its +tag and
-- without dots (Gmail ignores them, and other providers deliver a +tag to the same mailbox).
-- newsletter_signup returns a token (a mail to send) at most 3 times per base address in 24 hours;
-- past that it returns {token: null} and stores nothing, as it does for an address already confirmed,
-- and the visitor's answer is the same. The count lives here, so every web instance shares it; it
-- keeps a hash of the base address only, for the 24 hours that it counts.
--
-- Sending a post queues one delivery per confirmed subscriber (private.newsletter_deliveries). Web
-- instances claim batches with FOR UPDATE SKIP LOCKED, so no row is claimed twice; a claim is a
-- lease: a row whose instance died returns to the queue when its lease ends. A shared token bucket
-- (private.newsletter_throttle) holds every instance together to the rate the web tier names.
--
-- The unsubscribe link's page asks before it unsubscribes: mail scanners follow every link of a mail
-- they check, so a GET changes nothing (newsletter_subscription only reads); the page's button and
-- the mail client's one-click POST (RFC 8058, List-Unsubscribe-Post) unsubscribe through
-- newsletter_unsubscribe.
--
--   newsletter_signup(address, language)       -> jsonb  {token} to mail, or {token: null} (service role)
--   newsletter_confirm(token)                  -> jsonb  {email} or null when unknown, used or expired (service role)
--   newsletter_subscription(token)             -> jsonb  {email, status} of a confirmed or unsubscribed address, or null (service role)
--   newsletter_unsubscribe(token)              -> jsonb  {email, status} or null (service role; twice is fine)
--   newsletter_resubscribe(token)              -> jsonb  {email, status} or null (service role)
--   newsletter_forget_unconfirmed()            -> integer pending addresses deleted (service role)
--   newsletter_recipient_count(segment_id)     -> integer confirmed subscribers, or a segment's people who may be mailed (administrators)
--   newsletter_test_recipient()                -> text   the caller's own address for a test mail (administrators; RC429 past 10 an hour)
--   newsletter_send_post(post_id, send_at, segment_id) -> jsonb  the send, new or the one made before; at send_at when given; to a segment's people when given (administrators)
--   newsletter_send_mail(mail_id, send_at, segment_id) -> jsonb  the same for a mail written for the newsletter (administrators)
--   newsletter_cancel_send(post_id | mail_id)  -> boolean a send still waiting for its time, cancelled (administrators)
--   newsletter_progress(post_id | mail_id)     -> jsonb  the send with its counts, or null (administrators)
--   newsletter_link_numbers(send_id, urls)     -> rows   (number, url) for the links of a send's mail (service role)
--   newsletter_follow(send_id, number)         -> text   the link's address, its click counted; null when unknown (service role)
--   newsletter_claim(worker, batch, rate, lease) -> rows  deliveries to send now (service role)
--   newsletter_report(worker, results, retry)  -> integer rows recorded (service role)

-- Subscribers ----------------------------------------------------------------------------------------

create table if not exists public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  status text not null default 'pending' constraint newsletter_subscribers_status_check check (status in ('pending', 'confirmed', 'unsubscribed')),
  created_at timestamptz not null default now(),
  confirmation_sent_at timestamptz,
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  -- The language the subscriber's mails are written in: that of the page they signed up on (a code
  -- of shared/languages.ts, the shape LANGUAGE_CODE_PATTERN has; 'en' is its default language).
  language text not null default 'en'
    constraint newsletter_subscribers_language_check check (language ~ '^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$')
);
-- As form_submissions_email_check (09_form_submissions.sql), NOT VALID for the same reason: it holds
-- for every row written since it was added, and an address stored before it stays as it was.
alter table public.newsletter_subscribers
  add constraint newsletter_subscribers_email_check
    check (email ~ '^[^[:space:]@.]+(\.[^[:space:]@.]+)*@[^[:space:]@.]+(\.[^[:space:]@.]+)+$' and length(email) <= 320) not valid;
create unique index if not exists newsletter_subscribers_email_idx on public.newsletter_subscribers (lower(email));
create index if not exists newsletter_subscribers_status_idx on public.newsletter_subscribers (status, created_at desc);

-- A removed subscriber leaves nothing behind: their newsletter sign-ups in the community inbox go
-- with them (tokens and deliveries by their foreign keys).
create or replace function public.newsletter_subscribers_forget()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.form_submissions where kind = 'newsletter' and lower(email) = lower(old.email);
  return old;
end;
$$;
revoke all on function public.newsletter_subscribers_forget() from public, anon, authenticated, service_role;
grant execute on function public.newsletter_subscribers_forget() to service_role;
create trigger forget_subscriber after delete on public.newsletter_subscribers
  for each row execute function public.newsletter_subscribers_forget();

-- Administrators read the list and remove a subscriber on request; editors and visitors see nothing.
alter table public.newsletter_subscribers enable row level security;
create policy "Administrators read subscribers" on public.newsletter_subscribers
  for select to authenticated using ((select public.is_administrator()));
create policy "Administrators remove subscribers" on public.newsletter_subscribers
  for delete to authenticated using ((select public.is_administrator()));
create policy "Sessions at the required assurance level" on public.newsletter_subscribers
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
revoke all on public.newsletter_subscribers from anon, authenticated, service_role;
grant select, delete on public.newsletter_subscribers to authenticated;
grant all on public.newsletter_subscribers to service_role;

create table if not exists private.newsletter_tokens (
  subscriber_id uuid primary key references public.newsletter_subscribers (id) on delete cascade,
  confirm_hash text,
  unsubscribe_token text not null unique
);
revoke all on private.newsletter_tokens from public, anon, authenticated, service_role;

-- One row per confirmation mail handed to the web tier, for as long as it counts.
create table if not exists private.newsletter_confirmation_mails (
  base_hash text not null,
  sent_at timestamptz not null default now()
);
create index if not exists newsletter_confirmation_mails_base_idx on private.newsletter_confirmation_mails (base_hash, sent_at);
create index if not exists newsletter_confirmation_mails_sent_idx on private.newsletter_confirmation_mails (sent_at);
revoke all on private.newsletter_confirmation_mails from public, anon, authenticated, service_role;

create or replace function private.newsletter_new_token()
returns text
language sql
volatile
set search_path = ''
as $$
  select replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
$$;
revoke all on function private.newsletter_new_token() from public, anon, authenticated, service_role;

create or replace function private.newsletter_hash(token text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(sha256(convert_to(coalesce(token, ''), 'UTF8')), 'hex');
$$;
revoke all on function private.newsletter_hash(text) from public, anon, authenticated, service_role;

-- The mailbox an address reaches whatever its variant: `First.Last+news@Example.com` -> `firstlast@example.com`.
create or replace function private.newsletter_base_address(address text)
returns text
language sql
immutable
set search_path = ''
as $$
  select replace(split_part(split_part(lower(trim(address)), '@', 1), '+', 1), '.', '') || '@' || split_part(lower(trim(address)), '@', 2);
$$;
revoke all on function private.newsletter_base_address(text) from public, anon, authenticated, service_role;

create or replace function public.newsletter_forget_unconfirmed()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed integer;
begin
  delete from public.newsletter_subscribers
   where status = 'pending' and confirmed_at is null and created_at < now() - interval '7 days';
  get diagnostics removed = row_count;
  return removed;
end;
$$;
revoke all on function public.newsletter_forget_unconfirmed() from public, anon, authenticated, service_role;
grant execute on function public.newsletter_forget_unconfirmed() to service_role;

-- A new address, or one that unsubscribed, gets a confirmation mail; a pending one again once 10
-- minutes have passed since its last (with a new token: the old link stops working); a confirmed one
-- nothing; all within 3 mails per base address in 24 hours. The lock is on the base address, so
-- simultaneous sign-ups of its variants wait for each other and cannot pass the count together.
-- `language` is the page's the visitor signed up on ('en' when not given): the confirmation mail's
-- and, once confirmed, the newsletters'. A new sign-up of a pending or unsubscribed address takes the
-- new one; a confirmed address is not changed by a sign-up, which anyone can make.
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
  -- Sign-ups share this lock; an import that subscribes (people_import) holds it alone, so the two
  -- never wait for each other's subscriber and person rows in opposite orders.
  perform pg_advisory_xact_lock_shared(hashtextextended('newsletter:import', 0));
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

create or replace function public.newsletter_confirm(token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  confirmed public.newsletter_subscribers;
begin
  update public.newsletter_subscribers s
     set status = 'confirmed', confirmed_at = now(), unsubscribed_at = null
    from private.newsletter_tokens t
   where t.subscriber_id = s.id and t.confirm_hash = private.newsletter_hash(token)
     and s.status = 'pending' and s.confirmation_sent_at > now() - interval '7 days'
  returning s.* into confirmed;
  if confirmed.id is null then
    return null;
  end if;
  -- The link works once.
  update private.newsletter_tokens set confirm_hash = null where subscriber_id = confirmed.id;
  return jsonb_build_object('email', confirmed.email, 'status', confirmed.status);
end;
$$;
revoke all on function public.newsletter_confirm(text) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_confirm(text) to service_role;

-- The tokens of aimed mails' recipients (private.person_mail_tokens, 16_aimed_newsletters.sql) are
-- answered by the same three functions, so that every mail's unsubscribe link works alike.
create or replace function public.newsletter_subscription(token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  found jsonb;
begin
  select jsonb_build_object('email', s.email, 'status', s.status) into found
    from public.newsletter_subscribers s join private.newsletter_tokens t on t.subscriber_id = s.id
   where t.unsubscribe_token = newsletter_subscription.token and s.status in ('confirmed', 'unsubscribed');
  return coalesce(found, private.person_mail_state(token));
end;
$$;
revoke all on function public.newsletter_subscription(text) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_subscription(text) to service_role;

create or replace function public.newsletter_unsubscribe(token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  subscriber public.newsletter_subscribers;
begin
  select s.* into subscriber
    from public.newsletter_subscribers s join private.newsletter_tokens t on t.subscriber_id = s.id
   where t.unsubscribe_token = token and s.status in ('confirmed', 'unsubscribed')
   for update of s;
  if subscriber.id is null then
    return private.person_mail_opt_out(token);
  end if;
  -- A second click (or a mail client's retry) finds it done.
  update public.newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, now()) where id = subscriber.id;
  return jsonb_build_object('email', subscriber.email, 'status', 'unsubscribed');
end;
$$;
revoke all on function public.newsletter_unsubscribe(text) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_unsubscribe(text) to service_role;

-- Only an address that was confirmed before may come back without a new confirmation.
create or replace function public.newsletter_resubscribe(token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  subscriber public.newsletter_subscribers;
begin
  update public.newsletter_subscribers s
     set status = 'confirmed', unsubscribed_at = null
    from private.newsletter_tokens t
   where t.subscriber_id = s.id and t.unsubscribe_token = token and s.status = 'unsubscribed' and s.confirmed_at is not null
  returning s.* into subscriber;
  if subscriber.id is null then
    return private.person_mail_opt_in(token);
  end if;
  return jsonb_build_object('email', subscriber.email, 'status', subscriber.status);
end;
$$;
revoke all on function public.newsletter_resubscribe(text) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_resubscribe(text) to service_role;

-- Mails --------------------------------------------------------------------------------------------------

-- A newsletter that is not a post: written in the back office (Mails) with the posts' rich editor
-- and sent as a post is (once, at once or at a time), never shown on the site. Administrators only,
-- as every part of sending, its history included (02_history.sql); a row version, so that two
-- administrators editing one mail do not overwrite each other unawares.
create table if not exists public.newsletter_mails (
  id uuid primary key default gen_random_uuid(),
  subject text not null
    constraint newsletter_mails_subject_not_blank check (subject ~ '\S')
    constraint newsletter_mails_subject_length check (char_length(subject) <= 200),
  -- As a post's content: a rich-text document within DOCUMENT_LIMITS.content.
  content jsonb not null
    constraint newsletter_mails_content_not_blank check (public.rich_text_has_content(content))
    constraint newsletter_mails_content_length check (public.rich_text_size_ok(content, 1000000, 40000))
    constraint newsletter_mails_content_document check (public.rich_text_shape_ok(content)),
  created_at timestamptz not null default now(),
  row_version integer not null default 1
);
create index if not exists newsletter_mails_created_at_idx on public.newsletter_mails (created_at desc);
create trigger content_history after insert or update or delete on public.newsletter_mails
  for each row execute function public.record_content_revision();
create trigger row_version before update on public.newsletter_mails
  for each row execute function public.check_row_version();
alter table public.newsletter_mails enable row level security;
create policy "Administrators read mails" on public.newsletter_mails
  for select to authenticated using ((select public.is_administrator()));
create policy "Administrators write mails" on public.newsletter_mails
  for insert to authenticated with check ((select public.is_administrator()));
create policy "Administrators edit mails" on public.newsletter_mails
  for update to authenticated using ((select public.is_administrator())) with check ((select public.is_administrator()));
create policy "Administrators delete mails" on public.newsletter_mails
  for delete to authenticated using ((select public.is_administrator()));
create policy "Sessions at the required assurance level" on public.newsletter_mails
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
revoke all on public.newsletter_mails from anon, authenticated, service_role;
grant select, insert, update, delete on public.newsletter_mails to authenticated;
grant all on public.newsletter_mails to service_role;

-- Sends -------------------------------------------------------------------------------------------------

-- One send per post or mail, ever: what was sent, when, by whom and to how many.
create table if not exists public.newsletter_sends (
  id uuid primary key default gen_random_uuid(),
  post_id uuid unique references public.blog_posts (id) on delete cascade,
  subject text not null,
  -- The post's address on the site (its mail links to it); null for a mail, which has no page.
  slug text,
  -- The post's content as sent: a rich-text document; a send made before posts were documents keeps
  -- the Markdown it was sent with, as a JSON string.
  content jsonb not null,
  image_url text,
  image_alt text,
  recipients integer not null,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  -- A send asked for later goes out at this time (newsletter_claim starts it), to the subscribers
  -- confirmed then, with the post as it is then. Null: at once.
  scheduled_for timestamptz,
  -- When its deliveries were queued; null while it waits for scheduled_for.
  started_at timestamptz,
  -- What is sent: a post (post_id) or a mail written for the newsletter (mail_id), one of them.
  mail_id uuid unique references public.newsletter_mails (id) on delete cascade,
  constraint newsletter_sends_when_check check (started_at is not null or scheduled_for is not null),
  constraint newsletter_sends_source_check check (num_nonnulls(post_id, mail_id) = 1)
);
create index if not exists newsletter_sends_due_idx on public.newsletter_sends (scheduled_for) where started_at is null;
alter table public.newsletter_sends enable row level security;
create policy "Administrators read sends" on public.newsletter_sends
  for select to authenticated using ((select public.is_administrator()));
create policy "Sessions at the required assurance level" on public.newsletter_sends
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
revoke all on public.newsletter_sends from anon, authenticated, service_role;
grant select on public.newsletter_sends to authenticated;
grant all on public.newsletter_sends to service_role;

-- The links of a send's mails, each counted as it is followed through the site's own redirect
-- (/newsletter/link/<send>/<number>): how often each link was followed, and nothing about by whom
-- (no open pixel, no third party). The redirect goes only to an address recorded here, so it opens
-- no redirect to anywhere else; a click adds to a counter, so following links stores nothing new.
create table if not exists private.newsletter_links (
  send_id uuid not null references public.newsletter_sends (id) on delete cascade,
  number integer not null,
  url text not null constraint newsletter_links_url_check check (url ~ '^https?://' and length(url) <= 2048),
  clicks bigint not null default 0,
  primary key (send_id, number),
  constraint newsletter_links_url_key unique (send_id, url)
);
revoke all on private.newsletter_links from public, anon, authenticated, service_role;

-- state: queued (waiting for next_attempt_at), sending (claimed; next_attempt_at is the lease's end),
-- sent, failed (a permanent refusal, or temporary ones past the last attempt), skipped (the address
-- was no longer confirmed when its turn came).
create table if not exists private.newsletter_deliveries (
  id bigint generated always as identity primary key,
  send_id uuid not null references public.newsletter_sends (id) on delete cascade,
  -- The recipient: a subscriber (a send to everyone subscribed), or a person (a send aimed at a
  -- segment: person_id, added in 16_aimed_newsletters.sql, which comes after people).
  subscriber_id uuid references public.newsletter_subscribers (id) on delete cascade,
  state text not null default 'queued' constraint newsletter_deliveries_state_check check (state in ('queued', 'sending', 'sent', 'failed', 'skipped')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_by text,
  sent_at timestamptz,
  last_error text,
  unique (send_id, subscriber_id)
);
create index if not exists newsletter_deliveries_due_idx on private.newsletter_deliveries (next_attempt_at, id) where state in ('queued', 'sending');
create index if not exists newsletter_deliveries_send_idx on private.newsletter_deliveries (send_id, state);
create index if not exists newsletter_deliveries_subscriber_idx on private.newsletter_deliveries (subscriber_id);
revoke all on private.newsletter_deliveries from public, anon, authenticated, service_role;

-- The shared sending rate: one row.
create table if not exists private.newsletter_throttle (
  id boolean primary key default true check (id),
  tokens double precision not null default 0,
  updated_at timestamptz not null default clock_timestamp()
);
insert into private.newsletter_throttle (id) values (true) on conflict (id) do nothing;
revoke all on private.newsletter_throttle from public, anon, authenticated, service_role;

-- How many a send would reach now: every confirmed subscriber, or the people of a segment who may be
-- mailed (private.person_mailable).
create or replace function public.newsletter_recipient_count(segment_id uuid default null)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_administrator('send newsletters');
  if segment_id is null then
    return (select count(*)::integer from public.newsletter_subscribers where status = 'confirmed');
  end if;
  return (select count(*)::integer from private.aimed_recipients(private.segment_filter(segment_id)));
end;
$$;
revoke all on function public.newsletter_recipient_count(uuid) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_recipient_count(uuid) to authenticated, service_role;

-- A send with its counts: that of the post or of the mail named (one of them), or null when it has none.
create or replace function public.newsletter_progress(post_id uuid default null, mail_id uuid default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  send public.newsletter_sends;
  counts jsonb;
begin
  perform public.require_administrator('send newsletters');
  select * into send from public.newsletter_sends s
   where s.post_id = newsletter_progress.post_id or s.mail_id = newsletter_progress.mail_id;
  if send.id is null then
    return null;
  end if;
  select jsonb_build_object(
           'sent', count(*) filter (where state = 'sent'),
           'pending', count(*) filter (where state in ('queued', 'sending')),
           'failed', count(*) filter (where state = 'failed'),
           'skipped', count(*) filter (where state = 'skipped'))
    into counts
    from private.newsletter_deliveries where send_id = send.id;
  return jsonb_build_object('id', send.id, 'post_id', send.post_id, 'mail_id', send.mail_id, 'subject', send.subject, 'sent_at', send.started_at,
                            'scheduled_for', send.scheduled_for, 'recipients', send.recipients,
                            'segment', send.segment_name,
                            -- Recipients of this send who have unsubscribed since it started.
                            'unsubscribed', (select count(*) from private.newsletter_deliveries d
                                               left join public.newsletter_subscribers s on s.id = d.subscriber_id
                                               left join public.people p on p.id = d.person_id
                                              where d.send_id = send.id
                                                and ((s.status = 'unsubscribed' and s.unsubscribed_at >= send.started_at)
                                                     or p.mail_opt_out_at >= send.started_at)),
                            'links', coalesce((select jsonb_agg(jsonb_build_object('url', l.url, 'clicks', l.clicks) order by l.number)
                                                 from private.newsletter_links l where l.send_id = send.id), '[]'::jsonb)) || counts;
end;
$$;
revoke all on function public.newsletter_progress(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_progress(uuid, uuid) to authenticated, service_role;

-- Test mails: an administrator mails a post to their own address before sending it to everyone, at
-- most 10 in an hour each (the web tier builds and mails it; nothing is queued or recorded as a send).
-- Counted here, so every web instance shares the count; rows older than the hour are deleted as new
-- ones come, so the table holds at most an hour of test mails.
create table if not exists private.newsletter_test_mails (
  user_id uuid not null references auth.users (id) on delete cascade,
  sent_at timestamptz not null default now()
);
create index if not exists newsletter_test_mails_user_idx on private.newsletter_test_mails (user_id, sent_at);
create index if not exists newsletter_test_mails_sent_idx on private.newsletter_test_mails (sent_at);
revoke all on private.newsletter_test_mails from public, anon, authenticated, service_role;

create or replace function public.newsletter_test_recipient()
returns text
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
revoke all on function public.newsletter_test_recipient() from public, anon, authenticated, service_role;
grant execute on function public.newsletter_test_recipient() to authenticated;

-- One delivery per recipient now, for a send that starts now: every subscriber confirmed now, or the
-- people of its segment who may be mailed now (the segment as it is now; as it was when the send was
-- made, if it has been deleted since); its recipients counted.
create or replace function private.newsletter_queue(send_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  send public.newsletter_sends;
  queued integer;
begin
  select * into send from public.newsletter_sends s where s.id = newsletter_queue.send_id;
  if send.segment_filter is not null then
    queued := private.newsletter_queue_people(send.id, coalesce((select g.filter from public.segments g where g.id = send.segment_id), send.segment_filter));
  else
    insert into private.newsletter_deliveries (send_id, subscriber_id)
      select send.id, s.id from public.newsletter_subscribers s where s.status = 'confirmed' order by s.created_at, s.id;
    get diagnostics queued = row_count;
  end if;
  update public.newsletter_sends set recipients = queued, started_at = now() where id = newsletter_queue.send_id;
  return queued;
end;
$$;
revoke all on function private.newsletter_queue(uuid) from public, anon, authenticated, service_role;

-- A send's time: null (at once) or within a year from now.
create or replace function private.newsletter_check_send_at(send_at timestamptz)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if send_at is not null and send_at <= now() then
    raise exception 'Choose a time in the future to send it later.' using errcode = '22023';
  end if;
  if send_at > now() + interval '1 year' then
    raise exception 'A newsletter can be scheduled up to a year ahead.' using errcode = '22023';
  end if;
end;
$$;
revoke all on function private.newsletter_check_send_at(timestamptz) from public, anon, authenticated, service_role;

-- Queues the post for every confirmed subscriber, once: a second call returns the first send. With
-- send_at, the send waits for that time (within a year), and private.newsletter_start_due_sends
-- queues it then.
create or replace function public.newsletter_send_post(post_id uuid, send_at timestamptz default null, segment_id uuid default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  post public.blog_posts;
  new_send uuid;
begin
  perform public.require_administrator('send newsletters');
  perform private.newsletter_check_send_at(send_at);
  select * into post from public.blog_posts p where p.id = newsletter_send_post.post_id for share;
  if post.id is null then
    raise exception 'No such post' using errcode = 'P0002';
  end if;
  if not post.published or (post.publish_at is not null and post.publish_at > now()) then
    raise exception 'Only a published post can be sent as a newsletter' using errcode = 'RC412';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('newsletter-send:' || post.id::text, 0));
  if exists (select 1 from public.newsletter_sends s where s.post_id = post.id) then
    return public.newsletter_progress(post_id => post.id) || jsonb_build_object('already_sent', true);
  end if;
  insert into public.newsletter_sends (post_id, subject, slug, content, image_url, image_alt, recipients, created_by, scheduled_for, started_at)
    values (post.id, post.title, post.slug, post.content, post.image_url, post.image_alt, 0, (select auth.uid()), send_at,
            case when send_at is null then now() end)
    returning id into new_send;
  perform private.newsletter_aim(new_send, segment_id);
  if send_at is null then
    perform private.newsletter_queue(new_send);
  end if;
  return public.newsletter_progress(post_id => post.id) || jsonb_build_object('already_sent', false);
end;
$$;
revoke all on function public.newsletter_send_post(uuid, timestamptz, uuid) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_send_post(uuid, timestamptz, uuid) to authenticated, service_role;

-- The same for a mail written for the newsletter: once, now or at send_at, with the mail as it is
-- when it goes out.
create or replace function public.newsletter_send_mail(mail_id uuid, send_at timestamptz default null, segment_id uuid default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  mail public.newsletter_mails;
  new_send uuid;
begin
  perform public.require_administrator('send newsletters');
  perform private.newsletter_check_send_at(send_at);
  select * into mail from public.newsletter_mails m where m.id = newsletter_send_mail.mail_id for share;
  if mail.id is null then
    raise exception 'No such mail' using errcode = 'P0002';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('newsletter-send:' || mail.id::text, 0));
  if exists (select 1 from public.newsletter_sends s where s.mail_id = mail.id) then
    return public.newsletter_progress(mail_id => mail.id) || jsonb_build_object('already_sent', true);
  end if;
  insert into public.newsletter_sends (mail_id, subject, content, recipients, created_by, scheduled_for, started_at)
    values (mail.id, mail.subject, mail.content, 0, (select auth.uid()), send_at, case when send_at is null then now() end)
    returning id into new_send;
  perform private.newsletter_aim(new_send, segment_id);
  if send_at is null then
    perform private.newsletter_queue(new_send);
  end if;
  return public.newsletter_progress(mail_id => mail.id) || jsonb_build_object('already_sent', false);
end;
$$;
revoke all on function public.newsletter_send_mail(uuid, timestamptz, uuid) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_send_mail(uuid, timestamptz, uuid) to authenticated, service_role;

-- A send still waiting for its time is cancelled (deleted); one already going out is not (RC409).
-- The row lock orders it against private.newsletter_start_due_sends, which starts a send under the
-- same lock: whichever comes second sees what the first did.
create or replace function public.newsletter_cancel_send(post_id uuid default null, mail_id uuid default null)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  send public.newsletter_sends;
begin
  perform public.require_administrator('send newsletters');
  select * into send from public.newsletter_sends s
   where s.post_id = newsletter_cancel_send.post_id or s.mail_id = newsletter_cancel_send.mail_id
   for update;
  if send.id is null then
    raise exception 'Nothing is waiting to go out for this newsletter.' using errcode = 'P0002';
  end if;
  if send.started_at is not null then
    raise exception 'This newsletter is already going out and can no longer be cancelled.' using errcode = 'RC409';
  end if;
  delete from public.newsletter_sends where id = send.id;
  return true;
end;
$$;
revoke all on function public.newsletter_cancel_send(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_cancel_send(uuid, uuid) to authenticated, service_role;

-- Starts the scheduled sends that are due, each once: whichever instance's claim comes first takes
-- the row, and the others skip it. A send takes its post or mail as it is then and queues one
-- delivery per subscriber confirmed then; a post that is no longer live by then is not sent, and
-- its send is cancelled (the send's dialog says so when it is scheduled). A deleted mail took its
-- send with it.
create or replace function private.newsletter_start_due_sends()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  due record;
  post public.blog_posts;
  mail public.newsletter_mails;
  started integer := 0;
begin
  for due in
    select s.id, s.post_id, s.mail_id from public.newsletter_sends s
     where s.started_at is null and s.scheduled_for <= now()
     order by s.scheduled_for
     for update skip locked
  loop
    if due.mail_id is not null then
      select * into mail from public.newsletter_mails m where m.id = due.mail_id;
      update public.newsletter_sends set subject = mail.subject, content = mail.content where id = due.id;
    else
      select * into post from public.blog_posts p where p.id = due.post_id;
      if not post.published or (post.publish_at is not null and post.publish_at > now()) then
        delete from public.newsletter_sends where id = due.id;
        continue;
      end if;
      update public.newsletter_sends
         set subject = post.title, slug = post.slug, content = post.content, image_url = post.image_url, image_alt = post.image_alt
       where id = due.id;
    end if;
    perform private.newsletter_queue(due.id);
    started := started + 1;
  end loop;
  return started;
end;
$$;
revoke all on function private.newsletter_start_due_sends() from public, anon, authenticated, service_role;

-- Numbers for the links of a send's mail (at most 200 a mail), the same for each instance and
-- language that makes it: a link already numbered keeps its number, a new one takes the next.
create or replace function public.newsletter_link_numbers(send_id uuid, urls text[])
returns table (number integer, url text)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  if cardinality(urls) > 200 then
    raise exception 'A mail has at most 200 links' using errcode = '22023';
  end if;
  -- Two instances making the mail at once must not give two links one number.
  perform pg_advisory_xact_lock(hashtextextended('newsletter-links:' || newsletter_link_numbers.send_id::text, 0));
  insert into private.newsletter_links (send_id, number, url)
    select newsletter_link_numbers.send_id,
           coalesce((select max(l.number) from private.newsletter_links l where l.send_id = newsletter_link_numbers.send_id), 0) + row_number() over (order by u.position),
           u.address
      from (select distinct on (address) address, position from unnest(urls) with ordinality as given(address, position) order by address, position) u
     where not exists (select 1 from private.newsletter_links l where l.send_id = newsletter_link_numbers.send_id and l.url = u.address);
  return query select l.number, l.url from private.newsletter_links l where l.send_id = newsletter_link_numbers.send_id and l.url = any(urls);
end;
$$;
revoke all on function public.newsletter_link_numbers(uuid, text[]) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_link_numbers(uuid, text[]) to service_role;

create or replace function public.newsletter_follow(send_id uuid, number integer)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text;
begin
  update private.newsletter_links l set clicks = l.clicks + 1
   where l.send_id = newsletter_follow.send_id and l.number = newsletter_follow.number
  returning l.url into address;
  return address;
end;
$$;
revoke all on function public.newsletter_follow(uuid, integer) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_follow(uuid, integer) to service_role;

-- First starts the scheduled sends that are due (private.newsletter_start_due_sends), so every
-- instance's polling serves them. Then up to batch_size deliveries due now, within the shared rate (per_second, with at most a second's
-- burst), leased to `worker` for lease_seconds, each with its recipient's language. Rows whose
-- address is no longer confirmed (a person: may no longer be mailed) are skipped, not sent.
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
  perform private.newsletter_start_due_sends();
  select * into bucket from private.newsletter_throttle where id for update;
  available := least(greatest(per_second, 1), bucket.tokens + extract(epoch from clock_timestamp() - bucket.updated_at) * per_second);
  allowed := least(batch_size, floor(available)::integer);
  if allowed > 0 then
    return query
      with picked as (
        select d.id, coalesce(s.email, r.email) as email, coalesce(t.unsubscribe_token, rt.unsubscribe_token) as unsubscribe_token,
               coalesce(s.language, r.language) as language,
               case when d.subscriber_id is not null then s.status = 'confirmed' else private.person_mailable(d.person_id) end as confirmed
          from private.newsletter_deliveries d
          left join public.newsletter_subscribers s on s.id = d.subscriber_id
          left join private.newsletter_tokens t on t.subscriber_id = d.subscriber_id
          left join public.people r on r.id = d.person_id
          left join private.person_mail_tokens rt on rt.person_id = d.person_id
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
        from picked p
       where p.id = d.id and p.confirmed and p.unsubscribe_token is not null
      returning d.id, d.send_id, p.email, p.unsubscribe_token, d.attempts, p.language;
    get diagnostics taken = row_count;
  else
    taken := 0;
  end if;
  update private.newsletter_throttle set tokens = available - taken, updated_at = clock_timestamp() where id;
end;
$$;
revoke all on function public.newsletter_claim(text, integer, double precision, integer) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_claim(text, integer, double precision, integer) to service_role;

-- results: [{"id": 1, "outcome": "sent" | "retry" | "failed" | "release", "error": "..."}]. A retry
-- waits retry_seconds, doubled with each attempt (at most an hour); the fifth failed attempt is
-- final. A release hands back a row the worker did not try (its lease was running out): due at once,
-- the attempt not counted. Only the worker that holds a row's lease records it.
create or replace function public.newsletter_report(worker text, results jsonb, retry_seconds double precision)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  recorded integer;
begin
  update private.newsletter_deliveries d
     set state = case
                   when r.outcome = 'sent' then 'sent'
                   when r.outcome = 'release' or (r.outcome = 'retry' and d.attempts < 5) then 'queued'
                   else 'failed'
                 end,
         attempts = case when r.outcome = 'release' then d.attempts - 1 else d.attempts end,
         sent_at = case when r.outcome = 'sent' then now() end,
         next_attempt_at = case
                             when r.outcome = 'retry' then now() + make_interval(secs => least(3600, retry_seconds * 2 ^ (d.attempts - 1)))
                             when r.outcome = 'release' then now()
                             else d.next_attempt_at
                           end,
         last_error = case when r.outcome in ('sent', 'release') then d.last_error else left(r.error, 500) end,
         claimed_by = null
    from jsonb_to_recordset(results) as r(id bigint, outcome text, error text)
   where d.id = r.id and d.state = 'sending' and d.claimed_by = worker;
  get diagnostics recorded = row_count;
  return recorded;
end;
$$;
revoke all on function public.newsletter_report(text, jsonb, double precision) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_report(text, jsonb, double precision) to service_role;
