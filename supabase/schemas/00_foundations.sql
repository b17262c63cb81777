-- Foundations: the private schema, and the helpers and row triggers that many tables share.
--
-- The schema files (this folder, applied in name order on a fresh database) hold the one current
-- definition of every object of ours: what a reader should read, and what the migrations in
-- supabase/migrations/ must produce. tests/integration/postgres-schema-files.test.ts builds one
-- database from each and fails on any difference; README.md in this folder says how to change one.
--
-- Conventions of every table
--   * ids are uuid primary keys from gen_random_uuid(); admin_users.id is the auth user's id.
--   * Required text is `not null` and checked non-blank; optional text (URLs, milestone) is null when
--     empty: the blank_to_null trigger turns '' from a form into null before the checks run.
--   * URLs, where given, are absolute http(s) URLs.
--   * JSON columns are jsonb and checked for their shape with jsonb_typeof / jsonpath.
--   * No numeric columns: integer / bigint only.
--   * `order` keeps the spec's name, so it is always quoted.
--   * Every text the API stores has a length check, with the numbers of shared/limits.ts (which the
--     forms check first with the same messages); lengths are counted in characters (char_length).
--   * Grants are written out for the three API roles: Supabase's default privileges give them
--     everything on a new table or function of schema public, and each object here says what it keeps.

-- Schema `private`: tables and helpers the API does not expose and its roles cannot use; callers
-- reach them only through the functions of schema public that name them.
create schema if not exists private;
revoke all on schema private from public, anon, authenticated, service_role;

-- Shared check and trigger helpers ---------------------------------------------------------------

-- Shared trigger: turns blank strings into null for the columns named as trigger arguments, so an
-- optional field a form leaves empty is stored as "not given" rather than failing a URL check.
create or replace function public.blank_to_null()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  blanks jsonb;
begin
  select coalesce(jsonb_object_agg(key, null), '{}'::jsonb)
    into blanks
    from jsonb_each(to_jsonb(new))
   where key = any (tg_argv)
     and jsonb_typeof(value) = 'string'
     and value #>> '{}' !~ '\S';
  if blanks <> '{}'::jsonb then
    new := jsonb_populate_record(new, blanks);
  end if;
  return new;
end;
$$;
revoke all on function public.blank_to_null() from public, anon, authenticated, service_role;
grant execute on function public.blank_to_null() to service_role;

-- Sets updated_at on every update (blog posts: the Atom feed's <updated>, the sitemap's <lastmod>).
create or replace function public.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
revoke all on function public.touch_updated_at() from public, anon, authenticated, service_role;
grant execute on function public.touch_updated_at() to service_role;

-- The longest string of a JSON array: of its elements, or of one field of its objects. 0 for an empty
-- array or anything that is not an array (the shape checks reject those). Check constraints run
-- with the writer's privileges: writers may execute it (it reads nothing).
create or replace function public.longest_text(items jsonb, field text default null)
returns integer
language sql
immutable
set search_path = ''
as $$
  select coalesce(max(char_length(case when field is null then element #>> '{}' else element ->> field end)), 0)
    from jsonb_array_elements(case when jsonb_typeof(items) = 'array' then items else '[]'::jsonb end) as element;
$$;
revoke all on function public.longest_text(jsonb, text) from public, anon, authenticated, service_role;
grant execute on function public.longest_text(jsonb, text) to authenticated, service_role;

-- The number of entries of a JSON array; 0 for anything else.
create or replace function public.entry_count(items jsonb)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case when jsonb_typeof(items) = 'array' then jsonb_array_length(items) else 0 end;
$$;
revoke all on function public.entry_count(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.entry_count(jsonb) to authenticated, service_role;

-- History: one row trigger per table that keeps one (docs/architecture.md, "History and activity").
-- Every insert, update and delete is recorded in public.content_revisions (02_history.sql), with the
-- row before and after, who made the change and when.
--
-- The row trigger. security definer: it inserts as the table's owner (the API roles cannot), and
-- the statement-level guard on content_revisions lets the owner through. Who: the caller's JWT
-- (auth.uid(), and the email in its claims or, for tokens without one, auth.users); null for the
-- database itself (migrations, the seed). An update that changes nothing is not a version, nor is a
-- row_version bump alone (its diff leaves row_version out, shared/revisions.ts).
create or replace function public.record_content_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := auth.uid();
  restoring text := nullif(current_setting('rcrt.restoring_revision', true), '');
  old_image jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  new_image jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
begin
  if tg_op = 'UPDATE' and old_image - 'row_version' = new_image - 'row_version' then
    return null;
  end if;
  insert into public.content_revisions (table_name, row_id, action, before, after, changed_by, changed_by_email, restored_from)
  values (
    tg_table_name,
    (coalesce(new_image, old_image) ->> 'id')::uuid,
    case when restoring is not null then 'restore' else lower(tg_op) end,
    old_image,
    new_image,
    actor,
    coalesce(nullif(auth.jwt() ->> 'email', ''), (select u.email from auth.users u where u.id = actor)),
    restoring::bigint
  );
  return null;
end;
$$;
revoke all on function public.record_content_revision() from public, anon, authenticated, service_role;

-- For a migration: `select public.track_content_history('public.<table>');` adds the trigger.
create or replace function public.track_content_history(target regclass)
returns void
language plpgsql
set search_path = ''
as $$
begin
  execute format('drop trigger if exists content_history on %s', target);
  execute format(
    'create trigger content_history after insert or update or delete on %s '
    'for each row execute function public.record_content_revision()',
    target
  );
end;
$$;
revoke all on function public.track_content_history(regclass) from public, anon, authenticated, service_role;

-- Row versions: no lost update (docs/architecture.md, "The team and concurrent edits"). Every
-- content table with a history carries `row_version` (1 on insert). An update by an API caller (anon,
-- authenticated) must set row_version to the version it read plus one, else it is refused with
-- SQLSTATE RC409 "Someone else changed this item since you opened it" and the row's current version
-- as detail. The column is `row_version`, not `version`, because whitepaper.version already names a
-- whitepaper's dotted version number (1.10). The service role and the database itself (migrations,
-- the seed) are trusted: the trigger bumps the version for them. RPCs that change content take the
-- version the caller read where they act on one row, and bump every row they touch.
--
-- The one refusal every stale write gets (the trigger, the RPCs): detail is the current version.
create or replace function public.refuse_stale_version(current_version integer, given_version integer)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if given_version is distinct from current_version then
    raise exception 'Someone else changed this item since you opened it'
      using errcode = 'RC409', detail = current_version::text,
            hint = 'Reload the item to see the other change, then make yours again.';
  end if;
end;
$$;
revoke all on function public.refuse_stale_version(integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.refuse_stale_version(integer, integer) to authenticated, service_role;

create or replace function public.check_row_version()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    perform public.refuse_stale_version(old.row_version, new.row_version - 1);
  else
    new.row_version := old.row_version + 1;
  end if;
  return new;
end;
$$;
revoke all on function public.check_row_version() from public, anon, authenticated, service_role;
grant execute on function public.check_row_version() to service_role;

-- For a migration: `select public.track_row_versions('public.<table>');` adds the column and the
-- trigger.
create or replace function public.track_row_versions(target regclass)
returns void
language plpgsql
set search_path = ''
as $$
begin
  execute format('alter table %s add column if not exists row_version integer not null default 1', target);
  execute format('drop trigger if exists row_version on %s', target);
  execute format(
    'create trigger row_version before update on %s for each row execute function public.check_row_version()',
    target
  );
end;
$$;
revoke all on function public.track_row_versions(regclass) from public, anon, authenticated, service_role;

-- The live site (07_live_site.sql): every write to a table the site shows moves one counter, with
-- statement-level triggers, so that web instances know when their cached pages are stale.
create or replace function public.bump_content_version()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update private.content_version set version = version + 1, changed_at = now();
  return null;
end;
$$;
revoke all on function public.bump_content_version() from public, anon, authenticated, service_role;

-- For a migration: `select public.track_content_changes('public.<table>');` adds the trigger.
create or replace function public.track_content_changes(target regclass)
returns void
language plpgsql
set search_path = ''
as $$
begin
  execute format('drop trigger if exists content_version_bump on %s', target);
  execute format(
    'create trigger content_version_bump after insert or update or delete or truncate on %s '
    'for each statement execute function public.bump_content_version()',
    target
  );
end;
$$;
revoke all on function public.track_content_changes(regclass) from public, anon, authenticated, service_role;

-- A new content table ----------------------------------------------------------------------------
-- make_content_table(target, visibility, limits): everything a new content table needs besides its
-- own columns, in one call, so that a hand-written migration for a new type is its `create table`
-- and this line (docs/adding-a-content-type.md). The schema files spell the same rules out for each
-- table instead, so that a reader finds them beside the table.
--
--   visibility 'published'  visitors read published rows whose publish_at has come (the columns and
--                           their index are added when missing); members read every row
--              'everyone'   visitors read every row (no drafts)
--              'admins'     only members read
--   limits     {"column": max characters, ...}: each column gets `<table>_<column>_not_blank` (text
--              with something besides spaces; null stays allowed for optional columns) and
--              `<table>_<column>_length` checks
--
-- It applies: row-level security, the grants every content table has (visitors never write), the
-- members' insert, update and delete policies, the restrictive two-factor policy, the live site's
-- content version (tables visitors can read), the history (content_revisions, History, Undo,
-- Activity) and row versions (a save based on an old version is refused with RC409). Re-runnable:
-- policies, constraints and triggers are replaced.
create or replace function public.make_content_table(target regclass, visibility text default 'published', limits jsonb default '{}')
returns void
language plpgsql
set search_path = ''
as $$
declare
  table_name text;
  read_rule text;
  read_policy text;
  column_name text;
  max_length integer;
begin
  select c.relname into table_name
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where c.oid = target and n.nspname = 'public';
  if table_name is null then
    raise exception 'make_content_table: % is not a table of the public schema', target using errcode = '22023';
  end if;
  if visibility is null or visibility not in ('published', 'everyone', 'admins') then
    raise exception 'make_content_table: visibility must be published, everyone or admins, not %', coalesce(visibility, 'null')
      using errcode = '22023';
  end if;
  if jsonb_typeof(limits) is distinct from 'object' then
    raise exception 'make_content_table: limits must be a JSON object of column: max characters' using errcode = '22023';
  end if;
  if not exists (
    select 1 from pg_catalog.pg_attribute a
     where a.attrelid = target and a.attname = 'id' and a.atttypid = 'uuid'::regtype and not a.attisdropped
  ) then
    raise exception 'make_content_table: % needs an id uuid primary key (the back office''s record id)', target using errcode = '22023';
  end if;

  if visibility = 'published' then
    execute format('alter table %s add column if not exists published boolean not null default false', target);
    execute format('alter table %s add column if not exists publish_at timestamptz', target);
    -- content_version() looks up the earliest future moment on every poll.
    execute format('create index if not exists %I on %s (publish_at) where published and publish_at is not null', table_name || '_publish_at_idx', target);
    read_rule := '(published and (publish_at is null or publish_at <= now())) or (select public.is_admin())';
    read_policy := 'Read published rows, admins read all';
  elsif visibility = 'everyone' then
    read_rule := 'true';
    read_policy := 'Everyone reads';
  else
    read_rule := '(select public.is_admin())';
    read_policy := 'Admins read';
  end if;

  for column_name, max_length in select key, value::integer from jsonb_each_text(limits) loop
    if not exists (
      select 1 from pg_catalog.pg_attribute a
       where a.attrelid = target and a.attname = column_name and a.atttypid = 'text'::regtype and not a.attisdropped
    ) then
      raise exception 'make_content_table: % has no text column %', target, column_name using errcode = '22023';
    end if;
    execute format('alter table %s drop constraint if exists %I', target, table_name || '_' || column_name || '_not_blank');
    execute format('alter table %s add constraint %I check (%I ~ %L)', target, table_name || '_' || column_name || '_not_blank', column_name, '\S');
    execute format('alter table %s drop constraint if exists %I', target, table_name || '_' || column_name || '_length');
    execute format('alter table %s add constraint %I check (char_length(%I) <= %s)', target, table_name || '_' || column_name || '_length', column_name, max_length);
  end loop;

  execute format('alter table %s enable row level security', target);
  -- What Supabase's default privileges give a table made by its owner, said outright: a table made
  -- by another role has the same grants.
  execute format('grant select, insert, update, delete on %s to anon, authenticated, service_role', target);
  execute format('revoke truncate, references, trigger on %s from anon, authenticated', target);
  execute format('revoke insert, update, delete on %s from anon', target);
  -- A table made again with another visibility keeps only the new read rule.
  execute format('drop policy if exists %I on %s', 'Read published rows, admins read all', target);
  execute format('drop policy if exists %I on %s', 'Everyone reads', target);
  execute format('drop policy if exists %I on %s', 'Admins read', target);
  execute format('create policy %I on %s for select to anon, authenticated using (%s)', read_policy, target, read_rule);
  execute format('drop policy if exists %I on %s', 'Admins insert', target);
  execute format('create policy %I on %s for insert to authenticated with check ((select public.is_admin()))', 'Admins insert', target);
  execute format('drop policy if exists %I on %s', 'Admins update', target);
  execute format(
    'create policy %I on %s for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()))',
    'Admins update', target);
  execute format('drop policy if exists %I on %s', 'Admins delete', target);
  execute format('create policy %I on %s for delete to authenticated using ((select public.is_admin()))', 'Admins delete', target);
  perform public.require_session_assurance(target);

  if visibility <> 'admins' then
    perform public.track_content_changes(target);
  end if;
  perform public.track_content_history(target);
  perform public.track_row_versions(target);
end;
$$;
revoke all on function public.make_content_table(regclass, text, jsonb) from public, anon, authenticated, service_role;
