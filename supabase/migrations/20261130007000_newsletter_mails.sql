-- Mails written for the newsletter (public.newsletter_mails): a newsletter that is not a post, sent as a
-- post is (once, at once or at a time). A send now names its post or its mail (newsletter_sends.mail_id),
-- and the progress and cancel RPCs take either; the queueing of a send's deliveries is one function,
-- private.newsletter_queue, for sends made at once and for scheduled ones. A mail's history is read by
-- administrators only, as the mail itself.

drop policy if exists "Revisions are read as their rows are" on "public"."content_revisions";

drop function if exists "public"."newsletter_cancel_send"(post_id uuid);

drop function if exists "public"."newsletter_progress"(post_id uuid);

create table if not exists "public"."newsletter_mails" (
    "id" uuid not null default gen_random_uuid(),
    "subject" text not null,
    "content" jsonb not null,
    "created_at" timestamp with time zone not null default now(),
    "row_version" integer not null default 1
      );

revoke all on table "public"."newsletter_mails" from anon, authenticated, service_role;

alter table "public"."newsletter_mails" enable row level security;

alter table "public"."newsletter_sends" add column if not exists "mail_id" uuid;

alter table "public"."newsletter_sends" alter column "post_id" drop not null;

alter table "public"."newsletter_sends" alter column "slug" drop not null;

create index if not exists newsletter_mails_created_at_idx ON public.newsletter_mails USING btree (created_at DESC);

create UNIQUE index if not exists newsletter_mails_pkey ON public.newsletter_mails USING btree (id);

create UNIQUE index if not exists newsletter_sends_mail_id_key ON public.newsletter_sends USING btree (mail_id);

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."newsletter_mails"'::regclass and conname = 'newsletter_mails_pkey') then
    alter table "public"."newsletter_mails" add constraint "newsletter_mails_pkey" PRIMARY KEY using index "newsletter_mails_pkey";
  end if;
end
$$;

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."newsletter_mails"'::regclass and conname = 'newsletter_mails_content_document') then
    alter table "public"."newsletter_mails" add constraint "newsletter_mails_content_document" CHECK (rich_text_shape_ok(content)) not valid;
  end if;
end
$$;

alter table "public"."newsletter_mails" validate constraint "newsletter_mails_content_document";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."newsletter_mails"'::regclass and conname = 'newsletter_mails_content_length') then
    alter table "public"."newsletter_mails" add constraint "newsletter_mails_content_length" CHECK (rich_text_size_ok(content, 1000000, 40000)) not valid;
  end if;
end
$$;

alter table "public"."newsletter_mails" validate constraint "newsletter_mails_content_length";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."newsletter_mails"'::regclass and conname = 'newsletter_mails_content_not_blank') then
    alter table "public"."newsletter_mails" add constraint "newsletter_mails_content_not_blank" CHECK (rich_text_has_content(content)) not valid;
  end if;
end
$$;

alter table "public"."newsletter_mails" validate constraint "newsletter_mails_content_not_blank";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."newsletter_mails"'::regclass and conname = 'newsletter_mails_subject_length') then
    alter table "public"."newsletter_mails" add constraint "newsletter_mails_subject_length" CHECK ((char_length(subject) <= 200)) not valid;
  end if;
end
$$;

alter table "public"."newsletter_mails" validate constraint "newsletter_mails_subject_length";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."newsletter_mails"'::regclass and conname = 'newsletter_mails_subject_not_blank') then
    alter table "public"."newsletter_mails" add constraint "newsletter_mails_subject_not_blank" CHECK ((subject ~ '\S'::text)) not valid;
  end if;
end
$$;

alter table "public"."newsletter_mails" validate constraint "newsletter_mails_subject_not_blank";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."newsletter_sends"'::regclass and conname = 'newsletter_sends_mail_id_fkey') then
    alter table "public"."newsletter_sends" add constraint "newsletter_sends_mail_id_fkey" FOREIGN KEY (mail_id) REFERENCES newsletter_mails(id) ON DELETE CASCADE not valid;
  end if;
end
$$;

alter table "public"."newsletter_sends" validate constraint "newsletter_sends_mail_id_fkey";

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."newsletter_sends"'::regclass and conname = 'newsletter_sends_mail_id_key') then
    alter table "public"."newsletter_sends" add constraint "newsletter_sends_mail_id_key" UNIQUE using index "newsletter_sends_mail_id_key";
  end if;
end
$$;

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"public"."newsletter_sends"'::regclass and conname = 'newsletter_sends_source_check') then
    alter table "public"."newsletter_sends" add constraint "newsletter_sends_source_check" CHECK ((num_nonnulls(post_id, mail_id) = 1)) not valid;
  end if;
end
$$;

alter table "public"."newsletter_sends" validate constraint "newsletter_sends_source_check";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.newsletter_check_send_at(send_at timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if send_at is not null and send_at <= now() then
    raise exception 'Choose a time in the future to send it later.' using errcode = '22023';
  end if;
  if send_at > now() + interval '1 year' then
    raise exception 'A newsletter can be scheduled up to a year ahead.' using errcode = '22023';
  end if;
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
  queued integer;
begin
  insert into private.newsletter_deliveries (send_id, subscriber_id)
    select newsletter_queue.send_id, s.id from public.newsletter_subscribers s where s.status = 'confirmed' order by s.created_at, s.id;
  get diagnostics queued = row_count;
  update public.newsletter_sends set recipients = queued, started_at = now() where id = newsletter_queue.send_id;
  return queued;
end;
$function$
;

CREATE OR REPLACE FUNCTION public.newsletter_cancel_send(post_id uuid DEFAULT NULL::uuid, mail_id uuid DEFAULT NULL::uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
                            -- Recipients of this send who have unsubscribed since it started.
                            'unsubscribed', (select count(*) from private.newsletter_deliveries d
                                               join public.newsletter_subscribers s on s.id = d.subscriber_id
                                              where d.send_id = send.id and s.status = 'unsubscribed' and s.unsubscribed_at >= send.started_at),
                            'links', coalesce((select jsonb_agg(jsonb_build_object('url', l.url, 'clicks', l.clicks) order by l.number)
                                                 from private.newsletter_links l where l.send_id = send.id), '[]'::jsonb)) || counts;
end;
$function$
;

CREATE OR REPLACE FUNCTION public.newsletter_send_mail(mail_id uuid, send_at timestamp with time zone DEFAULT NULL::timestamp with time zone)
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
  if send_at is null then
    perform private.newsletter_queue(new_send);
  end if;
  return public.newsletter_progress(mail_id => mail.id) || jsonb_build_object('already_sent', false);
end;
$function$
;

CREATE OR REPLACE FUNCTION private.newsletter_start_due_sends()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  if send_at is null then
    perform private.newsletter_queue(new_send);
  end if;
  return public.newsletter_progress(post_id => post.id) || jsonb_build_object('already_sent', false);
end;
$function$
;

grant delete on table "public"."newsletter_mails" to "authenticated";

grant insert on table "public"."newsletter_mails" to "authenticated";

grant select on table "public"."newsletter_mails" to "authenticated";

grant update on table "public"."newsletter_mails" to "authenticated";

grant delete on table "public"."newsletter_mails" to "service_role";

grant insert on table "public"."newsletter_mails" to "service_role";

grant references on table "public"."newsletter_mails" to "service_role";

grant select on table "public"."newsletter_mails" to "service_role";

grant trigger on table "public"."newsletter_mails" to "service_role";

grant truncate on table "public"."newsletter_mails" to "service_role";

grant update on table "public"."newsletter_mails" to "service_role";

drop policy if exists "Administrators delete mails" on "public"."newsletter_mails";

create policy "Administrators delete mails"
  on "public"."newsletter_mails"
  as permissive
  for delete
  to authenticated
using (( SELECT is_administrator() AS is_administrator));

drop policy if exists "Administrators edit mails" on "public"."newsletter_mails";

create policy "Administrators edit mails"
  on "public"."newsletter_mails"
  as permissive
  for update
  to authenticated
using (( SELECT is_administrator() AS is_administrator))
with check (( SELECT is_administrator() AS is_administrator));

drop policy if exists "Administrators read mails" on "public"."newsletter_mails";

create policy "Administrators read mails"
  on "public"."newsletter_mails"
  as permissive
  for select
  to authenticated
using (( SELECT is_administrator() AS is_administrator));

drop policy if exists "Administrators write mails" on "public"."newsletter_mails";

create policy "Administrators write mails"
  on "public"."newsletter_mails"
  as permissive
  for insert
  to authenticated
with check (( SELECT is_administrator() AS is_administrator));

drop policy if exists "Sessions at the required assurance level" on "public"."newsletter_mails";

create policy "Sessions at the required assurance level"
  on "public"."newsletter_mails"
  as restrictive
  for all
  to authenticated
using (( SELECT session_meets_assurance() AS session_meets_assurance))
with check (( SELECT session_meets_assurance() AS session_meets_assurance));

drop policy if exists "Revisions are read as their rows are" on "public"."content_revisions";

create policy "Revisions are read as their rows are"
  on "public"."content_revisions"
  as permissive
  for select
  to authenticated
using ((( SELECT is_admin() AS is_admin) AND ((NOT is_team_table(table_name)) OR ( SELECT is_administrator() AS is_administrator) OR ((table_name = 'admin_users'::text) AND (row_id = ( SELECT auth.uid() AS uid)))) AND ((table_name <> 'newsletter_mails'::text) OR ( SELECT is_administrator() AS is_administrator))));

drop trigger if exists content_history on public.newsletter_mails;

CREATE TRIGGER content_history AFTER INSERT OR DELETE OR UPDATE ON public.newsletter_mails FOR EACH ROW EXECUTE FUNCTION record_content_revision();

drop trigger if exists row_version on public.newsletter_mails;

CREATE TRIGGER row_version BEFORE UPDATE ON public.newsletter_mails FOR EACH ROW EXECUTE FUNCTION check_row_version();

revoke all on function public.newsletter_progress(uuid, uuid) from public, anon, authenticated, service_role;

grant execute on function public.newsletter_progress(uuid, uuid) to authenticated, service_role;

revoke all on function private.newsletter_queue(uuid) from public, anon, authenticated, service_role;

revoke all on function private.newsletter_check_send_at(timestamp with time zone) from public, anon, authenticated, service_role;

revoke all on function public.newsletter_send_mail(uuid, timestamp with time zone) from public, anon, authenticated, service_role;

grant execute on function public.newsletter_send_mail(uuid, timestamp with time zone) to authenticated, service_role;

revoke all on function public.newsletter_cancel_send(uuid, uuid) from public, anon, authenticated, service_role;

grant execute on function public.newsletter_cancel_send(uuid, uuid) to authenticated, service_role;
