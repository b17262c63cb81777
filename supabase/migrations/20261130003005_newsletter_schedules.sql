-- Scheduled newsletters: newsletter_send_post takes send_at (within a year); such a send waits with
-- no deliveries, and newsletter_claim, which every web instance polls, first starts the sends that
-- are due (private.newsletter_start_due_sends: each once, FOR UPDATE SKIP LOCKED), with the post and
-- the confirmed subscribers as they are then. newsletter_cancel_send cancels one still waiting.
-- newsletter_progress's sent_at is when a send started (null while it waits), with scheduled_for.
-- The web tier that sends send_at needs this first; the one before keeps working with it
-- (supabase/schemas/11_newsletters.sql).

drop function if exists "public"."newsletter_send_post"(post_id uuid);

alter table "public"."newsletter_sends" add column if not exists "scheduled_for" timestamp with time zone;

alter table "public"."newsletter_sends" add column if not exists "started_at" timestamp with time zone;

-- Every send made before this went out when it was made.
update "public"."newsletter_sends" set started_at = created_at where started_at is null and scheduled_for is null;

create index if not exists newsletter_sends_due_idx ON public.newsletter_sends USING btree (scheduled_for) WHERE (started_at IS NULL);

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."newsletter_sends"'::regclass and conname = 'newsletter_sends_when_check') then
    alter table "public"."newsletter_sends" add constraint "newsletter_sends_when_check" CHECK (((started_at IS NOT NULL) OR (scheduled_for IS NOT NULL))) not valid;
  end if;
end
$$;

alter table "public"."newsletter_sends" validate constraint "newsletter_sends_when_check";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.newsletter_start_due_sends()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  due record;
  post public.blog_posts;
  queued integer;
  started integer := 0;
begin
  for due in
    select s.id, s.post_id from public.newsletter_sends s
     where s.started_at is null and s.scheduled_for <= now()
     order by s.scheduled_for
     for update skip locked
  loop
    select * into post from public.blog_posts p where p.id = due.post_id;
    if not post.published or (post.publish_at is not null and post.publish_at > now()) then
      delete from public.newsletter_sends where id = due.id;
      continue;
    end if;
    insert into private.newsletter_deliveries (send_id, subscriber_id)
      select due.id, s.id from public.newsletter_subscribers s where s.status = 'confirmed' order by s.created_at, s.id;
    get diagnostics queued = row_count;
    update public.newsletter_sends
       set subject = post.title, slug = post.slug, content = post.content, image_url = post.image_url, image_alt = post.image_alt,
           recipients = queued, started_at = now()
     where id = due.id;
    started := started + 1;
  end loop;
  return started;
end;
$function$
;

CREATE OR REPLACE FUNCTION public.newsletter_cancel_send(post_id uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  send public.newsletter_sends;
begin
  perform public.require_administrator('send newsletters');
  select * into send from public.newsletter_sends s where s.post_id = newsletter_cancel_send.post_id for update;
  if send.id is null then
    raise exception 'This post has no newsletter waiting to go out.' using errcode = 'P0002';
  end if;
  if send.started_at is not null then
    raise exception 'This newsletter is already going out and can no longer be cancelled.' using errcode = 'RC409';
  end if;
  delete from public.newsletter_sends where id = send.id;
  return true;
end;
$function$
;

CREATE OR REPLACE FUNCTION public.newsletter_send_post(post_id uuid, send_at timestamp with time zone DEFAULT NULL::timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  post public.blog_posts;
  new_send uuid;
  queued integer;
begin
  perform public.require_administrator('send newsletters');
  if send_at is not null and send_at <= now() then
    raise exception 'Choose a time in the future to send it later.' using errcode = '22023';
  end if;
  if send_at > now() + interval '1 year' then
    raise exception 'A newsletter can be scheduled up to a year ahead.' using errcode = '22023';
  end if;
  select * into post from public.blog_posts p where p.id = newsletter_send_post.post_id for share;
  if post.id is null then
    raise exception 'No such post' using errcode = 'P0002';
  end if;
  if not post.published or (post.publish_at is not null and post.publish_at > now()) then
    raise exception 'Only a published post can be sent as a newsletter' using errcode = 'RC412';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('newsletter-send:' || post.id::text, 0));
  if exists (select 1 from public.newsletter_sends s where s.post_id = post.id) then
    return public.newsletter_progress(post.id) || jsonb_build_object('already_sent', true);
  end if;
  if send_at is not null then
    insert into public.newsletter_sends (post_id, subject, slug, content, image_url, image_alt, recipients, created_by, scheduled_for)
      values (post.id, post.title, post.slug, post.content, post.image_url, post.image_alt, 0, (select auth.uid()), send_at);
    return public.newsletter_progress(post.id) || jsonb_build_object('already_sent', false);
  end if;
  insert into public.newsletter_sends (post_id, subject, slug, content, image_url, image_alt, recipients, created_by, started_at)
    values (post.id, post.title, post.slug, post.content, post.image_url, post.image_alt, 0, (select auth.uid()), now())
    returning id into new_send;
  insert into private.newsletter_deliveries (send_id, subscriber_id)
    select new_send, s.id from public.newsletter_subscribers s where s.status = 'confirmed' order by s.created_at, s.id;
  get diagnostics queued = row_count;
  update public.newsletter_sends set recipients = queued where id = new_send;
  return public.newsletter_progress(post.id) || jsonb_build_object('already_sent', false);
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
$function$
;

CREATE OR REPLACE FUNCTION public.newsletter_progress(post_id uuid)
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
  select * into send from public.newsletter_sends s where s.post_id = newsletter_progress.post_id;
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
  return jsonb_build_object('id', send.id, 'post_id', send.post_id, 'subject', send.subject, 'sent_at', send.started_at,
                            'scheduled_for', send.scheduled_for, 'recipients', send.recipients) || counts;
end;
$function$
;

revoke all on function public.newsletter_send_post(uuid, timestamp with time zone) from public, anon, authenticated, service_role;

grant execute on function public.newsletter_send_post(uuid, timestamp with time zone) to authenticated, service_role;

revoke all on function public.newsletter_cancel_send(uuid) from public, anon, authenticated, service_role;

grant execute on function public.newsletter_cancel_send(uuid) to authenticated, service_role;

revoke all on function private.newsletter_start_due_sends() from public, anon, authenticated, service_role;
