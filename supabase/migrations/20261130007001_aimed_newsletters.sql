-- Newsletters aimed at a segment of people (supabase/schemas/16_aimed_newsletters.sql): a send may name
-- a segment (newsletter_sends.segment_id, with the segment's name and filter as they were), and then
-- queues one delivery per person of the segment who may be mailed (newsletter_deliveries.person_id,
-- with an unsubscribe token of the person's own in private.person_mail_tokens) instead of one per
-- confirmed subscriber. The claim, the progress and the token pages read both kinds of delivery.

drop function if exists "public"."newsletter_recipient_count"();

drop function if exists "public"."newsletter_send_mail"(mail_id uuid, send_at timestamp with time zone);

drop function if exists "public"."newsletter_send_post"(post_id uuid, send_at timestamp with time zone);

create table if not exists "private"."person_mail_tokens" (
    "person_id" uuid not null,
    "unsubscribe_token" text not null
      );

alter table "private"."newsletter_deliveries" add column if not exists "person_id" uuid;

alter table "private"."newsletter_deliveries" alter column "subscriber_id" drop not null;

alter table "public"."newsletter_sends" add column if not exists "segment_id" uuid;

alter table "public"."newsletter_sends" add column if not exists "segment_name" text;

alter table "public"."newsletter_sends" add column if not exists "segment_filter" jsonb;

create index if not exists newsletter_deliveries_person_idx ON private.newsletter_deliveries USING btree (person_id);

create UNIQUE index if not exists newsletter_deliveries_send_person_idx ON private.newsletter_deliveries USING btree (send_id, person_id);

create UNIQUE index if not exists person_mail_tokens_pkey ON private.person_mail_tokens USING btree (person_id);

create UNIQUE index if not exists person_mail_tokens_unsubscribe_token_key ON private.person_mail_tokens USING btree (unsubscribe_token);

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"private"."person_mail_tokens"'::regclass and conname = 'person_mail_tokens_pkey') then
    alter table "private"."person_mail_tokens" add constraint "person_mail_tokens_pkey" PRIMARY KEY using index "person_mail_tokens_pkey";
  end if;
end
$$;

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"private"."newsletter_deliveries"'::regclass and conname = 'newsletter_deliveries_person_id_fkey') then
    alter table "private"."newsletter_deliveries" add constraint "newsletter_deliveries_person_id_fkey" FOREIGN KEY (person_id) REFERENCES people(id) ON DELETE CASCADE not valid;
  end if;
end
$$;

alter table "private"."newsletter_deliveries" validate constraint "newsletter_deliveries_person_id_fkey";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"private"."newsletter_deliveries"'::regclass and conname = 'newsletter_deliveries_recipient_check') then
    alter table "private"."newsletter_deliveries" add constraint "newsletter_deliveries_recipient_check" CHECK ((num_nonnulls(subscriber_id, person_id) = 1)) not valid;
  end if;
end
$$;

alter table "private"."newsletter_deliveries" validate constraint "newsletter_deliveries_recipient_check";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"private"."person_mail_tokens"'::regclass and conname = 'person_mail_tokens_person_id_fkey') then
    alter table "private"."person_mail_tokens" add constraint "person_mail_tokens_person_id_fkey" FOREIGN KEY (person_id) REFERENCES people(id) ON DELETE CASCADE not valid;
  end if;
end
$$;

alter table "private"."person_mail_tokens" validate constraint "person_mail_tokens_person_id_fkey";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"private"."person_mail_tokens"'::regclass and conname = 'person_mail_tokens_unsubscribe_token_key') then
    alter table "private"."person_mail_tokens" add constraint "person_mail_tokens_unsubscribe_token_key" UNIQUE using index "person_mail_tokens_unsubscribe_token_key";
  end if;
end
$$;

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."newsletter_sends"'::regclass and conname = 'newsletter_sends_segment_id_fkey') then
    alter table "public"."newsletter_sends" add constraint "newsletter_sends_segment_id_fkey" FOREIGN KEY (segment_id) REFERENCES segments(id) ON DELETE SET NULL not valid;
  end if;
end
$$;

alter table "public"."newsletter_sends" validate constraint "newsletter_sends_segment_id_fkey";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.aimed_recipients(filter jsonb)
 RETURNS SETOF uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return query
    select p.id from public.people p
     where p.id in (select private.people_ids(filter)) and private.person_mailable(p.id)
     order by p.created_at, p.id;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.newsletter_aim(send_id uuid, segment_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.newsletter_queue_people(send_id uuid, filter jsonb)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.person_mail_opt_in(token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.person_mail_opt_out(token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.person_mail_state(token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return (select jsonb_build_object('email', p.email, 'status', case when p.mail_opt_out_at is null then 'confirmed' else 'unsubscribed' end)
            from public.people p join private.person_mail_tokens t on t.person_id = p.id
           where t.unsubscribe_token = person_mail_state.token);
end;
$function$
;

CREATE OR REPLACE FUNCTION private.person_mailable(person_id uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.segment_filter(segment_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  chosen jsonb;
begin
  select s.filter into chosen from public.segments s where s.id = segment_filter.segment_id;
  if chosen is null then
    raise exception 'No such segment' using errcode = 'P0002';
  end if;
  return chosen;
end;
$function$
;

CREATE OR REPLACE FUNCTION public.newsletter_recipient_count(segment_id uuid DEFAULT NULL::uuid)
 RETURNS integer
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform public.require_administrator('send newsletters');
  if segment_id is null then
    return (select count(*)::integer from public.newsletter_subscribers where status = 'confirmed');
  end if;
  return (select count(*)::integer from private.aimed_recipients(private.segment_filter(segment_id)));
end;
$function$
;

CREATE OR REPLACE FUNCTION public.newsletter_send_mail(mail_id uuid, send_at timestamp with time zone DEFAULT NULL::timestamp with time zone, segment_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION public.newsletter_send_post(post_id uuid, send_at timestamp with time zone DEFAULT NULL::timestamp with time zone, segment_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.newsletter_queue(send_id uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION public.newsletter_claim(worker text, batch_size integer, per_second double precision, lease_seconds integer)
 RETURNS TABLE(delivery_id bigint, send_id uuid, email text, unsubscribe_token text, attempts integer, language text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION public.newsletter_progress(post_id uuid DEFAULT NULL::uuid, mail_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION public.newsletter_resubscribe(token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION public.newsletter_subscription(token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  found jsonb;
begin
  select jsonb_build_object('email', s.email, 'status', s.status) into found
    from public.newsletter_subscribers s join private.newsletter_tokens t on t.subscriber_id = s.id
   where t.unsubscribe_token = newsletter_subscription.token and s.status in ('confirmed', 'unsubscribed');
  return coalesce(found, private.person_mail_state(token));
end;
$function$
;

CREATE OR REPLACE FUNCTION public.newsletter_unsubscribe(token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

revoke all on function public.newsletter_recipient_count(uuid) from public, anon, authenticated, service_role;

grant execute on function public.newsletter_recipient_count(uuid) to authenticated, service_role;

revoke all on function public.newsletter_send_post(uuid, timestamp with time zone, uuid) from public, anon, authenticated, service_role;

grant execute on function public.newsletter_send_post(uuid, timestamp with time zone, uuid) to authenticated, service_role;

revoke all on function public.newsletter_send_mail(uuid, timestamp with time zone, uuid) from public, anon, authenticated, service_role;

grant execute on function public.newsletter_send_mail(uuid, timestamp with time zone, uuid) to authenticated, service_role;

revoke all on function private.person_mailable(uuid) from public, anon, authenticated, service_role;

revoke all on function private.aimed_recipients(jsonb) from public, anon, authenticated, service_role;

revoke all on function private.segment_filter(uuid) from public, anon, authenticated, service_role;

revoke all on function private.newsletter_aim(uuid, uuid) from public, anon, authenticated, service_role;

revoke all on function private.newsletter_queue_people(uuid, jsonb) from public, anon, authenticated, service_role;

revoke all on function private.person_mail_state(text) from public, anon, authenticated, service_role;

revoke all on function private.person_mail_opt_out(text) from public, anon, authenticated, service_role;

revoke all on function private.person_mail_opt_in(text) from public, anon, authenticated, service_role;
