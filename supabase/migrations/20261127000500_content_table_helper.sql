-- make_content_table(target, visibility, limits): everything a new content table needs besides its
-- own columns, in one call, so that a migration for a new type is its `create table` and this line.
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
-- members' insert, update and delete policies, the live site's content version (tables visitors can
-- read), the history (content_revisions, History, Undo, Activity) and row versions (a save based on
-- an old version is refused with RC409). Re-runnable: policies, constraints and triggers are replaced.
-- Tables made before this function (see 20261122000100_content_tables.sql onwards) have the same
-- rules written out; the tests that walk the content-table list hold both kinds to them.

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

  if visibility <> 'admins' then
    perform public.track_content_changes(target);
  end if;
  perform public.track_content_history(target);
  perform public.track_row_versions(target);
end;
$$;
revoke all on function public.make_content_table(regclass, text, jsonb) from public, anon, authenticated, service_role;
