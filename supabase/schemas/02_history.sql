-- History of content and of the team (docs/architecture.md, "History and activity").
--
-- Every insert, update and delete of a row of a table with a history is recorded by a row trigger
-- (content_history, public.record_content_revision() in 00_foundations.sql) in
-- public.content_revisions, with the row before and after, who made the change and when. Members
-- read it (the editors' History panels, the Activity screen); nobody writes it through the API: only
-- the trigger function (security definer) inserts, and the rows are never changed afterwards.
-- `restore_revision()` brings a row back to a recorded version, which is itself recorded (action
-- `restore`). Form submissions are not content (the inbox marks them handled; nobody edits or
-- deletes them), so they keep no history.
--
-- A revision is readable exactly as its row is to the caller:
--
--   content tables            every member (members read every row, drafts included)
--   the team's tables         administrators; a member also reads the history of their own
--   (admin_users,              admin_users row. Team settings are read by administrators only.
--    team_settings)
--   newsletter_mails          administrators (as the mails themselves)
--
-- The content tables are every table with a history but the team's and the mails (a test walks the
-- catalog and holds each one to this, so a new table with a history whose rows members may not all
-- read fails until it has a rule here). The Activity screen shows team changes to administrators.

create table if not exists public.content_revisions (
  id bigint generated always as identity primary key,
  table_name text not null,
  row_id uuid not null,
  action text not null constraint content_revisions_action_check check (action in ('insert', 'update', 'delete', 'restore')),
  before jsonb,
  after jsonb,
  changed_by uuid,
  changed_by_email text,
  changed_at timestamptz not null default clock_timestamp(),
  -- For action 'restore': the revision whose version was brought back.
  restored_from bigint,
  constraint content_revisions_images_check check (
    case action
      when 'insert' then before is null and after is not null
      when 'delete' then before is not null and after is null
      else before is not null or after is not null
    end
  )
);
create index if not exists content_revisions_row_idx on public.content_revisions (table_name, row_id, id desc);
create index if not exists content_revisions_changed_at_idx on public.content_revisions (changed_at desc, id desc);
create index if not exists content_revisions_changed_by_idx on public.content_revisions (changed_by, id desc);

-- Revisions are never changed or removed through the API, whatever an environment grants.
create or replace function public.content_revisions_immutable()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated', 'service_role') then
    raise exception 'Revisions are written by the database only and never changed'
      using errcode = '42501', hint = 'Restore a revision with restore_revision(revision_id).';
  end if;
  return null;
end;
$$;
revoke all on function public.content_revisions_immutable() from public, anon, authenticated, service_role;
create trigger immutable before insert or update or delete or truncate on public.content_revisions
  for each statement execute function public.content_revisions_immutable();

-- The tables of the team, whose changes are history but never restored (restore_revision).
-- Evaluated inside the revisions' read policy, as the caller, for each row: PL/pgSQL, because a SQL
-- function with a pinned search_path is planned anew at every call (supabase/schemas/01_team.sql).
create or replace function public.is_team_table(table_name text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  return table_name in ('admin_users', 'team_settings');
end;
$$;
revoke all on function public.is_team_table(text) from public, anon, authenticated, service_role;
grant execute on function public.is_team_table(text) to authenticated, service_role;

alter table public.content_revisions enable row level security;
create policy "Revisions are read as their rows are" on public.content_revisions
  for select to authenticated
  using (
    (select public.is_admin())
    and (not public.is_team_table(table_name)
         or (select public.is_administrator())
         or (table_name = 'admin_users' and row_id = (select auth.uid())))
    and (table_name <> 'newsletter_mails' or (select public.is_administrator()))
  );
create policy "Sessions at the required assurance level" on public.content_revisions
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
-- Read only (RLS above); the identity column's sequence keeps Supabase's default grants.
revoke all on public.content_revisions from anon, authenticated, service_role;
grant select on public.content_revisions to authenticated, service_role;

-- restore_revision(revision_id, use_before, with_publishing) -> jsonb (the row as it now is)
-- Brings the row back to the version a revision recorded: the row after the change (insert, update,
-- restore), or before it (delete; or any revision with use_before, for the version a row had before
-- its first recorded change). A row that exists is updated to that image, a deleted one is inserted
-- again with its id. Columns the image lacks (added since) keep their value or default; generated
-- columns are computed. Runs as the caller (RLS applies) after the admin check. The changes of the
-- team's tables are refused (the team RPCs keep its rules). A restore is a deliberate overwrite, so
-- it takes the row's current version plus one (a deleted row comes back one version above the one it
-- was deleted at).
--
-- Publish state and schedule (`published`, `publish_at`) are not content: people restore a version
-- for its words, and an old image would silently take a live page down or put a draft up. So they
-- are left out unless with_publishing: a row that exists keeps them, and a deleted row comes back
-- with the table's defaults, a draft with no schedule as a new item starts (whoever restores it may
-- not know it was live, and it is published again in one click, while a page that went up by
-- surprise has been seen). With with_publishing the image's are restored too; a published whitepaper
-- version is then published as publish_whitepaper() does, the others unpublished first under its
-- lock, and its publishing trigger still refuses editors.
--
-- A version recorded before rich text holds Markdown where documents now stand, and SQL cannot
-- convert it: the caller does (shared/rich-text/from-markdown.ts, as the conversion did) and hands
-- the documents over in `converted`, for fields the version holds; the table's checks judge them.
create or replace function public.restore_revision(revision_id bigint, use_before boolean default false, with_publishing boolean default false, converted jsonb default null)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  revision public.content_revisions;
  image jsonb;
  target regclass;
  versioned boolean;
  columns text;
  values_list text;
  result jsonb;
begin
  perform public.require_admin('restore revisions');

  select r.* into revision from public.content_revisions r where r.id = revision_id;
  if revision.id is null then
    raise exception 'Revision % not found', revision_id using errcode = 'P0002';
  end if;
  if public.is_team_table(revision.table_name) then
    raise exception 'Team changes cannot be restored: change the team on the Team screen' using errcode = '22023';
  end if;
  image := case when use_before or revision.action = 'delete' then revision.before else revision.after end;
  if image is null then
    raise exception 'Revision % has no earlier version to restore', revision_id using errcode = '22023';
  end if;
  if converted is not null then
    if jsonb_typeof(converted) <> 'object' or exists (select 1 from jsonb_object_keys(converted) as field where not image ? field) then
      raise exception 'Converted values must be an object naming fields the version holds' using errcode = '22023';
    end if;
    image := image || converted;
  end if;

  target := to_regclass(format('public.%I', revision.table_name));
  if target is null or not exists (select 1 from pg_catalog.pg_trigger t where t.tgrelid = target and t.tgname = 'content_history') then
    raise exception 'Table % no longer keeps a history', revision.table_name using errcode = '22023';
  end if;
  versioned := public.is_versioned_table(revision.table_name);

  select string_agg(pg_catalog.quote_ident(a.attname), ', ' order by a.attnum),
         string_agg('r.' || pg_catalog.quote_ident(a.attname), ', ' order by a.attnum)
    into columns, values_list
    from pg_catalog.pg_attribute a
   where a.attrelid = target and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     and a.attname <> 'row_version' and image ? a.attname::text
     and (with_publishing or a.attname not in ('published', 'publish_at'));

  if with_publishing and revision.table_name = 'whitepaper' and (image ->> 'published')::boolean then
    perform pg_advisory_xact_lock(hashtextextended('public.whitepaper.published', 0));
    update public.whitepaper w set published = false, row_version = w.row_version + 1 where w.published and w.id <> revision.row_id;
  end if;

  perform pg_catalog.set_config('rcrt.restoring_revision', revision.id::text, true);
  execute format('select to_jsonb(t) from %s t where t.id = $1 for update', target) into result using revision.row_id;
  if result is null and versioned then
    execute format('insert into %s (%s, row_version) select %s, $2 from jsonb_populate_record(null::%s, $1) r', target, columns, values_list, target)
      using image, coalesce((image ->> 'row_version')::integer, 0) + 1;
  elsif result is null then
    execute format('insert into %s (%s) select %s from jsonb_populate_record(null::%s, $1) r', target, columns, values_list, target)
      using image;
  elsif versioned then
    execute format('update %s t set (%s) = (select %s from jsonb_populate_record(null::%s, $1) r), row_version = t.row_version + 1 where t.id = $2',
      target, columns, values_list, target)
      using image, revision.row_id;
  else
    execute format('update %s t set (%s) = (select %s from jsonb_populate_record(null::%s, $1) r) where t.id = $2', target, columns, values_list, target)
      using image, revision.row_id;
  end if;
  perform pg_catalog.set_config('rcrt.restoring_revision', '', true);

  execute format('select to_jsonb(t) from %s t where t.id = $1', target) into result using revision.row_id;
  return result;
end;
$$;
revoke all on function public.restore_revision(bigint, boolean, boolean, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.restore_revision(bigint, boolean, boolean, jsonb) to authenticated, service_role;

-- The people who changed content, for the Activity screen's filter.
create or replace function public.content_revision_authors()
returns table (changed_by uuid, changed_by_email text)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform public.require_admin('read the history');
  return query
    select distinct on (r.changed_by) r.changed_by, r.changed_by_email
      from public.content_revisions r
     where r.changed_by is not null
     order by r.changed_by, r.id desc;
end;
$$;
revoke all on function public.content_revision_authors() from public, anon, authenticated, service_role;
grant execute on function public.content_revision_authors() to authenticated, service_role;
