-- Newsletters aimed at a segment (15_people.sql): a post or a mail sent to the people a segment
-- selects instead of to every confirmed subscriber, each of them once.
--
-- Who may be mailed (private.person_mailable): a person who confirmed an address with us, by the
-- newsletter's double opt-in or the waitlist's, or whose import stated their consent (the import made
-- them a confirmed subscriber), and who has neither unsubscribed from the newsletter nor opted out of
-- our mail. Everyone else in a segment is left out of its sends: an imported address without consent,
-- a pending sign-up, a contact message's sender.
--
-- An aimed mail's unsubscribe link carries the person's own token (private.person_mail_tokens, made
-- when they are first queued). Following it opts them out of all our mail (people.mail_opt_out_at) and
-- unsubscribes their newsletter subscription if they have one; resubscribing from its page undoes
-- both. 11_newsletters.sql's token functions answer these tokens too, so every mail's link works alike.
--
-- The columns a send and a delivery need for this are added here, to 11_newsletters.sql's tables,
-- because people and segments come after those tables.

alter table public.newsletter_sends add column if not exists segment_id uuid references public.segments (id) on delete set null;
-- The segment's name and filter when the send was made: what the send's dialog shows, and whom a
-- scheduled send reaches if the segment is deleted before its time.
alter table public.newsletter_sends add column if not exists segment_name text;
alter table public.newsletter_sends add column if not exists segment_filter jsonb;

alter table private.newsletter_deliveries add column if not exists person_id uuid references public.people (id) on delete cascade;
alter table private.newsletter_deliveries
  add constraint newsletter_deliveries_recipient_check check (num_nonnulls(subscriber_id, person_id) = 1);
create unique index if not exists newsletter_deliveries_send_person_idx on private.newsletter_deliveries (send_id, person_id);
create index if not exists newsletter_deliveries_person_idx on private.newsletter_deliveries (person_id);

create table if not exists private.person_mail_tokens (
  person_id uuid primary key references public.people (id) on delete cascade,
  unsubscribe_token text not null unique
);
revoke all on private.person_mail_tokens from public, anon, authenticated, service_role;

create or replace function private.person_mailable(person_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  address text;
begin
  select p.email into address from public.people p where p.id = person_mailable.person_id and p.mail_opt_out_at is null;
  if address is null or exists (select 1 from public.newsletter_subscribers s where lower(s.email) = address and s.status = 'unsubscribed') then
    return false;
  end if;
  return exists (select 1 from public.newsletter_subscribers s where lower(s.email) = address and s.status = 'confirmed')
      or exists (select 1 from public.waitlist_members w where lower(w.email) = address and w.status = 'confirmed');
end;
$$;
revoke all on function private.person_mailable(uuid) from public, anon, authenticated, service_role;

-- The people of a filter who may be mailed now, in the order they came.
create or replace function private.aimed_recipients(filter jsonb)
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
    select p.id from public.people p
     where p.id in (select private.people_ids(filter)) and private.person_mailable(p.id)
     order by p.created_at, p.id;
end;
$$;
revoke all on function private.aimed_recipients(jsonb) from public, anon, authenticated, service_role;

-- A saved segment's filter; P0002 when there is no such segment.
create or replace function private.segment_filter(segment_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  chosen jsonb;
begin
  select s.filter into chosen from public.segments s where s.id = segment_filter.segment_id;
  if chosen is null then
    raise exception 'No such segment' using errcode = 'P0002';
  end if;
  return chosen;
end;
$$;
revoke all on function private.segment_filter(uuid) from public, anon, authenticated, service_role;

-- Aims a new send at a segment (none: everyone subscribed), keeping its name and filter as they are.
create or replace function private.newsletter_aim(send_id uuid, segment_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if segment_id is null then
    return;
  end if;
  update public.newsletter_sends s
     set segment_id = g.id, segment_name = g.name, segment_filter = g.filter
    from public.segments g
   where s.id = newsletter_aim.send_id and g.id = newsletter_aim.segment_id;
  if not found then
    raise exception 'No such segment' using errcode = 'P0002';
  end if;
end;
$$;
revoke all on function private.newsletter_aim(uuid, uuid) from public, anon, authenticated, service_role;

-- One delivery per person of `filter` who may be mailed now, each with an unsubscribe token of their own.
create or replace function private.newsletter_queue_people(send_id uuid, filter jsonb)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  queued integer;
begin
  with chosen as (
    select id from private.aimed_recipients(filter) as id
  ), tokens as (
    insert into private.person_mail_tokens (person_id, unsubscribe_token)
      select c.id, private.newsletter_new_token() from chosen c
    on conflict (person_id) do nothing
  )
  insert into private.newsletter_deliveries (send_id, person_id)
    select newsletter_queue_people.send_id, c.id from chosen c;
  get diagnostics queued = row_count;
  return queued;
end;
$$;
revoke all on function private.newsletter_queue_people(uuid, jsonb) from public, anon, authenticated, service_role;

-- An aimed mail's token: {email, status} as newsletter_subscription answers, or null when unknown.
create or replace function private.person_mail_state(token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select jsonb_build_object('email', p.email, 'status', case when p.mail_opt_out_at is null then 'confirmed' else 'unsubscribed' end)
            from public.people p join private.person_mail_tokens t on t.person_id = p.id
           where t.unsubscribe_token = person_mail_state.token);
end;
$$;
revoke all on function private.person_mail_state(text) from public, anon, authenticated, service_role;

-- Opts the token's person out of our mail and unsubscribes their newsletter subscription; twice is fine.
create or replace function private.person_mail_opt_out(token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  person public.people;
begin
  select p.* into person from public.people p join private.person_mail_tokens t on t.person_id = p.id
   where t.unsubscribe_token = person_mail_opt_out.token
   for update of p;
  if person.id is null then
    return null;
  end if;
  if person.mail_opt_out_at is null then
    update public.people set mail_opt_out_at = now() where id = person.id;
    update public.newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now()
     where lower(email) = person.email and status = 'confirmed';
  end if;
  return jsonb_build_object('email', person.email, 'status', 'unsubscribed');
end;
$$;
revoke all on function private.person_mail_opt_out(text) from public, anon, authenticated, service_role;

-- Undoes person_mail_opt_out: the opt-out, and the newsletter subscription it unsubscribed.
create or replace function private.person_mail_opt_in(token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  person public.people;
begin
  select p.* into person from public.people p join private.person_mail_tokens t on t.person_id = p.id
   where t.unsubscribe_token = person_mail_opt_in.token and p.mail_opt_out_at is not null
   for update of p;
  if person.id is null then
    return null;
  end if;
  update public.newsletter_subscribers set status = 'confirmed', unsubscribed_at = null
   where lower(email) = person.email and status = 'unsubscribed' and confirmed_at is not null and unsubscribed_at >= person.mail_opt_out_at;
  update public.people set mail_opt_out_at = null where id = person.id;
  return jsonb_build_object('email', person.email, 'status', 'confirmed');
end;
$$;
revoke all on function private.person_mail_opt_in(text) from public, anon, authenticated, service_role;
