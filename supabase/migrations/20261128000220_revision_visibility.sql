-- The history follows the rows it records (docs/architecture.md, "History and activity").
--
-- Revisions were readable by every member, so editors read every member's address and role through
-- the team's history (admin_users), which the table itself shows them for their own row only. A
-- revision is now readable exactly as its row is to the caller:
--
--   content tables            every member (members read every row, drafts included)
--   the team's tables         administrators; a member also reads the history of their own
--   (admin_users,              admin_users row. Team settings are read by administrators only.
--    team_settings)
--
-- The content tables are every table with a history but the team's (a test walks the catalog and
-- holds each one to this, so a new table with a history whose rows members may not all read fails
-- until it has a rule here). The Activity screen keeps showing team changes to administrators.

-- The tables of the team, whose changes are history but never restored (restore_revision).
create or replace function public.is_team_table(table_name text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select table_name in ('admin_users', 'team_settings');
$$;
revoke all on function public.is_team_table(text) from public, anon;
-- Evaluated inside the revisions' read policy, as the caller.
grant execute on function public.is_team_table(text) to authenticated;

drop policy if exists "Admins read revisions" on public.content_revisions;
drop policy if exists "Revisions are read as their rows are" on public.content_revisions;
create policy "Revisions are read as their rows are" on public.content_revisions
  for select to authenticated
  using (
    (select public.is_admin())
    and (not public.is_team_table(table_name)
         or (select public.is_administrator())
         or (table_name = 'admin_users' and row_id = (select auth.uid())))
  );

-- restore_revision as in 20261126000100_team.sql, refusing the changes of every team table alike (the
-- team settings' too, which an administrator reads).
create or replace function public.restore_revision(revision_id bigint, use_before boolean default false)
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
     and a.attname <> 'row_version' and image ? a.attname::text;

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
revoke all on function public.restore_revision(bigint, boolean) from public, anon;
grant execute on function public.restore_revision(bigint, boolean) to authenticated;
