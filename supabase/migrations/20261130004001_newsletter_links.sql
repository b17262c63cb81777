-- Clicks per link of a newsletter: the links of a send's mail are numbered (newsletter_link_numbers)
-- and the mail links to the site's own redirect, /newsletter/link/<send>/<number>, which counts the
-- click (newsletter_follow) and goes on to the recorded address only. Counts, not people: no open
-- pixel, no third party. newsletter_progress adds each link's clicks and the recipients who have
-- unsubscribed since the send started (supabase/schemas/11_newsletters.sql).

create table if not exists "private"."newsletter_links" (
    "send_id" uuid not null,
    "number" integer not null,
    "url" text not null,
    "clicks" bigint not null default 0
      );

create UNIQUE index if not exists newsletter_links_pkey ON private.newsletter_links USING btree (send_id, number);

create UNIQUE index if not exists newsletter_links_url_key ON private.newsletter_links USING btree (send_id, url);

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"private"."newsletter_links"'::regclass and conname = 'newsletter_links_pkey') then
    alter table "private"."newsletter_links" add constraint "newsletter_links_pkey" PRIMARY KEY using index "newsletter_links_pkey";
  end if;
end
$$;

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"private"."newsletter_links"'::regclass and conname = 'newsletter_links_send_id_fkey') then
    alter table "private"."newsletter_links" add constraint "newsletter_links_send_id_fkey" FOREIGN KEY (send_id) REFERENCES newsletter_sends(id) ON DELETE CASCADE not valid;
  end if;
end
$$;

alter table "private"."newsletter_links" validate constraint "newsletter_links_send_id_fkey";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"private"."newsletter_links"'::regclass and conname = 'newsletter_links_url_check') then
    alter table "private"."newsletter_links" add constraint "newsletter_links_url_check" CHECK (((url ~ '^https?://'::text) AND (length(url) <= 2048))) not valid;
  end if;
end
$$;

alter table "private"."newsletter_links" validate constraint "newsletter_links_url_check";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"private"."newsletter_links"'::regclass and conname = 'newsletter_links_url_key') then
    alter table "private"."newsletter_links" add constraint "newsletter_links_url_key" UNIQUE using index "newsletter_links_url_key";
  end if;
end
$$;

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.newsletter_follow(send_id uuid, number integer)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  address text;
begin
  update private.newsletter_links l set clicks = l.clicks + 1
   where l.send_id = newsletter_follow.send_id and l.number = newsletter_follow.number
  returning l.url into address;
  return address;
end;
$function$
;

CREATE OR REPLACE FUNCTION public.newsletter_link_numbers(send_id uuid, urls text[])
 RETURNS TABLE(number integer, url text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
                            'scheduled_for', send.scheduled_for, 'recipients', send.recipients,
                            -- Recipients of this send who have unsubscribed since it started.
                            'unsubscribed', (select count(*) from private.newsletter_deliveries d
                                               join public.newsletter_subscribers s on s.id = d.subscriber_id
                                              where d.send_id = send.id and s.status = 'unsubscribed' and s.unsubscribed_at >= send.started_at),
                            'links', coalesce((select jsonb_agg(jsonb_build_object('url', l.url, 'clicks', l.clicks) order by l.number)
                                                 from private.newsletter_links l where l.send_id = send.id), '[]'::jsonb)) || counts;
end;
$function$
;

revoke all on function public.newsletter_link_numbers(uuid, text[]) from public, anon, authenticated, service_role;

grant execute on function public.newsletter_link_numbers(uuid, text[]) to service_role;

revoke all on function public.newsletter_follow(uuid, integer) from public, anon, authenticated, service_role;

grant execute on function public.newsletter_follow(uuid, integer) to service_role;
