-- One mailbox, one spelling, and a bound on confirmation mails per mailbox (issue 33).
--
-- Confirmation mails multiplied through variants of one address: `a@example.com.` (the same mailbox
-- as `a@example.com`), `a+1@example.com`, `a+2@example.com`... each a new pending subscriber with a
-- mail of its own, so anyone could fill a stranger's inbox from the newsletter box.
--
-- 1. Stored addresses are dot-separated words on both sides of the @, as shared/validation.ts has it
--    for every form: no dot at either end of the local part or the domain, and none beside another.
--    The checks are NOT VALID: they hold for every row written from now on, and an address stored
--    before them stays as it was.
-- 2. Confirmation mails are counted per base address: lower-cased, the local part without its +tag
--    and without dots (Gmail ignores them, and other providers deliver a +tag to the same mailbox).
--    newsletter_signup returns a token (a mail to send) at most 3 times per base address in 24
--    hours; past that it returns {token: null} and stores nothing, as it does for an address already
--    confirmed, and the visitor's answer is the same. The count lives here, so every web instance
--    shares it; it keeps a hash of the base address only, for the 24 hours that it counts.
--
--   newsletter_signup(address) -> jsonb  {token} to mail, or {token: null} (service role; redefined)

alter table public.form_submissions
  drop constraint if exists form_submissions_email_check,
  add constraint form_submissions_email_check
    check (email ~ '^[^[:space:]@.]+(\.[^[:space:]@.]+)*@[^[:space:]@.]+(\.[^[:space:]@.]+)+$' and length(email) <= 320) not valid;

alter table public.newsletter_subscribers
  drop constraint if exists newsletter_subscribers_email_check,
  add constraint newsletter_subscribers_email_check
    check (email ~ '^[^[:space:]@.]+(\.[^[:space:]@.]+)*@[^[:space:]@.]+(\.[^[:space:]@.]+)+$' and length(email) <= 320) not valid;

-- One row per confirmation mail handed to the web tier, for as long as it counts.
create table if not exists private.newsletter_confirmation_mails (
  base_hash text not null,
  sent_at timestamptz not null default now()
);
create index if not exists newsletter_confirmation_mails_base_idx on private.newsletter_confirmation_mails (base_hash, sent_at);
create index if not exists newsletter_confirmation_mails_sent_idx on private.newsletter_confirmation_mails (sent_at);
revoke all on private.newsletter_confirmation_mails from public, anon, authenticated, service_role;

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

-- As before (a new address, or one that unsubscribed, gets a confirmation mail; a pending one again
-- once 10 minutes have passed since its last; a confirmed one nothing), within 3 mails per base
-- address in 24 hours. The lock is on the base address, so simultaneous sign-ups of its variants
-- wait for each other and cannot pass the count together.
create or replace function public.newsletter_signup(address text)
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
begin
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
    insert into public.newsletter_subscribers (email, confirmation_sent_at) values (normal, now()) returning * into found_row;
    insert into private.newsletter_tokens (subscriber_id, confirm_hash, unsubscribe_token)
      values (found_row.id, private.newsletter_hash(token), private.newsletter_new_token());
    return jsonb_build_object('token', token);
  end if;
  -- Pending past 10 minutes, or unsubscribed: a new confirmation, counted from now.
  update public.newsletter_subscribers
     set status = case when status = 'unsubscribed' then 'pending' else status end,
         confirmation_sent_at = now(),
         created_at = case when status = 'unsubscribed' then now() else created_at end,
         confirmed_at = case when status = 'unsubscribed' then null else confirmed_at end
   where id = found_row.id;
  update private.newsletter_tokens set confirm_hash = private.newsletter_hash(token) where subscriber_id = found_row.id;
  return jsonb_build_object('token', token);
end;
$$;
revoke all on function public.newsletter_signup(text) from public, anon, authenticated;
grant execute on function public.newsletter_signup(text) to service_role;
