-- A team, not one account: roles, no lost updates, and who else is editing.
--
-- Roles. A member is a row of admin_users (public.is_admin() still means "any member"); its role is
-- `administrator` or `editor` (public.is_administrator()). Members do all content work: content
-- tables, storage, history and restore, previews, search, media usage. Only administrators read and
-- triage form submissions and their statistics, publish or unpublish the whitepaper (whatever the
-- path: RPC, direct PATCH, insert, restore), and manage the team through add_team_member,
-- set_team_role and remove_team_member (nobody writes admin_users through the API otherwise). The
-- team always keeps an administrator (a trigger, whoever writes), and team changes are recorded in
-- content_revisions like content changes, so the Activity screen shows who invited or removed whom.
--
-- Versions. Every content table with a history carries `row_version` (1 on insert). An update by an
-- API caller (anon, authenticated) must set row_version to the version it read plus one, else it is
-- refused with SQLSTATE RC409 "Someone else changed this item since you opened it" and the row's
-- current version as detail: two people saving the same item can no longer overwrite each other
-- silently. The column is `row_version`, not `version`, because whitepaper.version already names a
-- whitepaper's dotted version number (1.10). The service role and the database itself (migrations,
-- the seed) are trusted: the trigger bumps the version for them. RPCs that change content take the
-- version the caller read where it acts on one row, and bump every row they touch.
--
-- Leases. Presence without Realtime: an open editor holds a 30-second lease on its row
-- (hold_edit_lease, renewed every 10 s, released on close) and learns who else holds one; lists ask
-- current_editors for the rows being edited.
--
-- Re-runnable: functions are replaced, triggers and policies dropped and created again.

-- Members and roles --------------------------------------------------------------------------------

alter table public.admin_users
  add column if not exists role text not null default 'administrator',
  add column if not exists email text,
  add column if not exists invited_by uuid references auth.users (id) on delete set null,
  drop constraint if exists admin_users_role_check,
  add constraint admin_users_role_check check (role in ('administrator', 'editor'));

update public.admin_users a set email = u.email from auth.users u where u.id = a.id and a.email is null;

create or replace function public.is_administrator()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.admin_users where id = (select auth.uid()) and role = 'administrator');
$$;
revoke all on function public.is_administrator() from public, anon;
grant execute on function public.is_administrator() to authenticated, service_role;

-- The administrators' counterpart of require_admin (20261122000400_rpcs.sql), for security invoker RPCs.
create or replace function public.require_administrator(action text)
returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not (select public.is_administrator()) then
    raise exception 'Access denied. Administrator privileges required.'
      using errcode = '42501', hint = format('Only administrators can %s.', action);
  end if;
end;
$$;
revoke all on function public.require_administrator(text) from public, anon;
grant execute on function public.require_administrator(text) to authenticated;

-- A member's address for display and the audit trail: the account's, unless the writer gives one.
create or replace function public.admin_users_fill_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.email is null or new.email !~ '\S' then
    new.email := (select u.email from auth.users u where u.id = new.id);
  end if;
  return new;
end;
$$;
revoke all on function public.admin_users_fill_email() from public, anon, authenticated;
drop trigger if exists fill_email on public.admin_users;
create trigger fill_email before insert on public.admin_users
  for each row execute function public.admin_users_fill_email();

-- The last administrator stays. Demotions and removals of administrators queue on one lock, and each
-- counts the others only once it holds it, so two concurrent demotions cannot both see "one left".
create or replace function public.admin_users_keep_an_administrator()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role = 'administrator' and (tg_op = 'DELETE' or new.role is distinct from 'administrator') then
    perform pg_advisory_xact_lock(hashtextextended('public.admin_users.administrators', 0));
    if not exists (select 1 from public.admin_users a where a.role = 'administrator' and a.id <> old.id) then
      raise exception 'The team needs at least one administrator' using errcode = 'RC412';
    end if;
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
revoke all on function public.admin_users_keep_an_administrator() from public, anon, authenticated;
drop trigger if exists keep_an_administrator on public.admin_users;
create trigger keep_an_administrator before update or delete on public.admin_users
  for each row execute function public.admin_users_keep_an_administrator();

-- Members read their own row; administrators read the whole team. Only the RPCs below write.
revoke all on public.admin_users from anon;
revoke insert, update, delete, truncate, references, trigger on public.admin_users from authenticated;
drop policy if exists "Users read their own admin row" on public.admin_users;
drop policy if exists "Members read their own row, administrators the team" on public.admin_users;
create policy "Members read their own row, administrators the team" on public.admin_users
  for select to authenticated
  using (id = (select auth.uid()) or (select public.is_administrator()));

select public.track_content_history('public.admin_users');

-- Team RPCs ------------------------------------------------------------------------------------------
-- security definer: they write admin_users, which the API roles cannot; the acting member is still
-- auth.uid(), so the history records who did it.

create or replace function public.require_team_administrator()
returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not (select public.is_administrator()) then
    raise exception 'Only administrators manage the team' using errcode = '42501';
  end if;
end;
$$;
revoke all on function public.require_team_administrator() from public, anon, authenticated;

create or replace function public.require_team_role(member_role text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if member_role is null or member_role not in ('administrator', 'editor') then
    raise exception 'Role must be administrator or editor' using errcode = '22023';
  end if;
end;
$$;
revoke all on function public.require_team_role(text) from public, anon, authenticated;

create or replace function public.add_team_member(member_id uuid, member_email text, member_role text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  result public.admin_users;
begin
  perform public.require_team_administrator();
  perform public.require_team_role(member_role);
  if not exists (select 1 from auth.users u where u.id = member_id) then
    raise exception 'No such account' using errcode = 'P0002';
  end if;
  if exists (select 1 from public.admin_users a where a.id = member_id) then
    raise exception 'This address is already a member of the team' using errcode = '23505';
  end if;
  insert into public.admin_users (id, email, role, invited_by)
  values (member_id, nullif(btrim(member_email), ''), member_role, auth.uid())
  returning * into result;
  return to_jsonb(result);
end;
$$;

create or replace function public.set_team_role(member_id uuid, member_role text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  result public.admin_users;
begin
  perform public.require_team_administrator();
  perform public.require_team_role(member_role);
  if member_id = auth.uid() then
    raise exception 'You cannot change your own role: ask another administrator' using errcode = 'RC403';
  end if;
  update public.admin_users a set role = member_role where a.id = member_id returning * into result;
  if result.id is null then
    raise exception 'No such member' using errcode = 'P0002';
  end if;
  return to_jsonb(result);
end;
$$;

create or replace function public.remove_team_member(member_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform public.require_team_administrator();
  if member_id = auth.uid() then
    raise exception 'You cannot remove yourself: ask another administrator' using errcode = 'RC403';
  end if;
  delete from public.admin_users a where a.id = member_id;
  if not found then
    raise exception 'No such member' using errcode = 'P0002';
  end if;
  delete from public.edit_leases l where l.user_id = member_id;
end;
$$;

-- Form submissions and their figures: administrators only -------------------------------------------

drop policy if exists "Admins read submissions" on public.form_submissions;
create policy "Admins read submissions" on public.form_submissions
  for select to authenticated
  using ((select public.is_administrator()));
drop policy if exists "Admins mark submissions handled" on public.form_submissions;
create policy "Admins mark submissions handled" on public.form_submissions
  for update to authenticated
  using ((select public.is_administrator()))
  with check ((select public.is_administrator()));

-- As in 20261124000500_editorial_tools.sql, for administrators only (non-members get require_admin's
-- refusal, as before; editors are told that it takes an administrator).
create or replace function public.submission_counts(days integer)
returns table (day date, kind text, submissions integer)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  today date := (now() at time zone 'UTC')::date;
  first_day date;
begin
  perform public.require_admin('read submission statistics');
  perform public.require_administrator('read submission statistics');
  if days is null or days < 1 or days > 366 then
    raise exception 'days must be between 1 and 366' using errcode = '22023';
  end if;
  first_day := today - (days - 1);
  return query
    with counted as (
      select (s.created_at at time zone 'UTC')::date as on_day, s.kind as of_kind, count(*)::integer as n
        from public.form_submissions s
       where s.created_at >= first_day::timestamp at time zone 'UTC'
       group by 1, 2
    )
    select d::date, k.kind_name, coalesce(c.n, 0)
      from generate_series(first_day::timestamp, today::timestamp, interval '1 day') d
     cross join unnest(array['waitlist', 'newsletter', 'contact']) with ordinality as k(kind_name, kind_order)
      left join counted c on c.on_day = d::date and c.of_kind = k.kind_name
     order by 1, k.kind_order;
end;
$$;

create or replace function public.waitlist_totals(days integer)
returns table (day date, total integer)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  today date := (now() at time zone 'UTC')::date;
  first_day date;
  before_window integer;
begin
  perform public.require_admin('read submission statistics');
  perform public.require_administrator('read submission statistics');
  if days is null or days < 1 or days > 366 then
    raise exception 'days must be between 1 and 366' using errcode = '22023';
  end if;
  first_day := today - (days - 1);
  select count(*)::integer into before_window
    from public.form_submissions s
   where s.kind = 'waitlist' and s.created_at < first_day::timestamp at time zone 'UTC';
  return query
    with counted as (
      select (s.created_at at time zone 'UTC')::date as on_day, count(*)::integer as n
        from public.form_submissions s
       where s.kind = 'waitlist' and s.created_at >= first_day::timestamp at time zone 'UTC'
       group by 1
    )
    select d::date, (before_window + sum(coalesce(c.n, 0)) over (order by d))::integer
      from generate_series(first_day::timestamp, today::timestamp, interval '1 day') d
      left join counted c on c.on_day = d::date
     order by 1;
end;
$$;

-- Whitepaper publishing: administrators only, whatever the path ------------------------------------
-- A change of `published`, an insert of a published version, or moving a published version's
-- publish_at (which hides or shows it) are publishing. Trusted roles pass (service role, owner).
create or replace function public.whitepaper_publishing_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated')
     and (case
            when tg_op = 'INSERT' then new.published
            else new.published is distinct from old.published
                 or (new.published and new.publish_at is distinct from old.publish_at)
          end)
     and not (select public.is_administrator()) then
    raise exception 'Only an administrator can publish or unpublish the whitepaper' using errcode = '42501';
  end if;
  return new;
end;
$$;
revoke all on function public.whitepaper_publishing_guard() from public, anon, authenticated;
drop trigger if exists publishing_guard on public.whitepaper;
create trigger publishing_guard before insert or update on public.whitepaper
  for each row execute function public.whitepaper_publishing_guard();

-- Row versions ------------------------------------------------------------------------------------

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
revoke all on function public.refuse_stale_version(integer, integer) from public, anon;
grant execute on function public.refuse_stale_version(integer, integer) to authenticated;

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
revoke all on function public.check_row_version() from public, anon, authenticated;

-- One line per content table: `select public.track_row_versions('public.<table>');`
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

select public.track_row_versions(target)
from unnest(array[
  'public.project_stages', 'public.media_assets', 'public.featured_collections', 'public.videos',
  'public.interface_previews', 'public.cartridge_models', 'public.press_quotes', 'public.whitepaper',
  'public.blog_posts', 'public.faq_entries'
]::regclass[]) as target;

-- A content table whose rows carry versions (the tables bulk actions and leases may name).
create or replace function public.is_versioned_table(target_table text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from pg_catalog.pg_trigger t
    join pg_catalog.pg_class c on c.oid = t.tgrelid
    where c.relnamespace = 'public'::regnamespace and c.relname = target_table and t.tgname = 'row_version'
  );
$$;
revoke all on function public.is_versioned_table(text) from public, anon;
grant execute on function public.is_versioned_table(text) to authenticated;

-- History: a version bump alone is no change, and its diff leaves row_version out (shared/revisions.ts).
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

-- restore_revision as in 20261124000400_content_revisions.sql, plus: team changes are not restored
-- (the team RPCs keep its rules), and a restore is a deliberate overwrite, so it takes the row's
-- current version plus one (a deleted row comes back one version above the one it was deleted at).
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
  if revision.table_name = 'admin_users' then
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

-- Whitepaper publishing, with the version the caller read -------------------------------------------
-- As in 20261122000400_rpcs.sql; every row whose flag changes gets a new version, and publishing the
-- version that is already published (or unpublishing a draft) changes nothing.

drop function if exists public.publish_whitepaper(uuid);
drop function if exists public.unpublish_whitepaper(uuid);

create or replace function public.publish_whitepaper(whitepaper_id uuid, whitepaper_version integer)
returns public.whitepaper
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  current_version integer;
  result public.whitepaper;
begin
  perform public.require_admin('publish whitepaper versions');
  if not (select public.is_administrator()) then
    raise exception 'Only an administrator can publish or unpublish the whitepaper' using errcode = '42501';
  end if;

  -- Publishers queue up, so concurrent calls leave exactly one version published (the last one).
  perform pg_advisory_xact_lock(hashtextextended('public.whitepaper.published', 0));

  select w.row_version into current_version from public.whitepaper w where w.id = whitepaper_id for update;
  if current_version is null then
    raise exception 'Whitepaper version % not found', whitepaper_id using errcode = 'P0002';
  end if;
  perform public.refuse_stale_version(current_version, whitepaper_version);

  update public.whitepaper w set published = false, row_version = w.row_version + 1 where w.published and w.id <> whitepaper_id;
  update public.whitepaper w set published = true, row_version = w.row_version + 1 where w.id = whitepaper_id and not w.published;
  select w.* into result from public.whitepaper w where w.id = whitepaper_id;
  return result;
end;
$$;

create or replace function public.unpublish_whitepaper(whitepaper_id uuid, whitepaper_version integer)
returns public.whitepaper
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  current_version integer;
  result public.whitepaper;
begin
  perform public.require_admin('unpublish whitepaper versions');
  if not (select public.is_administrator()) then
    raise exception 'Only an administrator can publish or unpublish the whitepaper' using errcode = '42501';
  end if;

  perform pg_advisory_xact_lock(hashtextextended('public.whitepaper.published', 0));

  select w.row_version into current_version from public.whitepaper w where w.id = whitepaper_id for update;
  if current_version is null then
    raise exception 'Whitepaper version % not found', whitepaper_id using errcode = 'P0002';
  end if;
  perform public.refuse_stale_version(current_version, whitepaper_version);

  update public.whitepaper w set published = false, row_version = w.row_version + 1 where w.id = whitepaper_id and w.published;
  select w.* into result from public.whitepaper w where w.id = whitepaper_id;
  return result;
end;
$$;

revoke all on function public.publish_whitepaper(uuid, integer) from public, anon;
revoke all on function public.unpublish_whitepaper(uuid, integer) from public, anon;
grant execute on function public.publish_whitepaper(uuid, integer) to authenticated;
grant execute on function public.unpublish_whitepaper(uuid, integer) to authenticated;

-- Reordering, with the version the caller read ----------------------------------------------------
-- As in 20261122000400_rpcs.sql (move_item, move_stage); the moved item must still be at the version
-- the caller read, and every row whose order changes gets a new version.

drop function if exists public.move_item(text, uuid, text);
drop function if exists public.move_stage(uuid, text);

create or replace function public.move_item(kind text, item_id uuid, direction text, item_version integer)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  item_order integer;
  current_version integer;
  neighbour_id uuid;
  neighbour_order integer;
begin
  perform public.require_admin('reorder items');
  if kind is null or kind = 'project_stages' or not public.is_versioned_table(kind) or not exists (
    select 1 from information_schema.columns c
     where c.table_schema = 'public' and c.table_name = kind and c.column_name = 'order' and c.data_type = 'integer'
  ) then
    raise exception 'Unknown list "%": expected a table with an order column (stages: move_stage)', kind
      using errcode = '22023';
  end if;
  if direction is null or direction not in ('up', 'down') then
    raise exception 'Unknown direction "%": expected up or down', direction using errcode = '22023';
  end if;

  perform pg_advisory_xact_lock(hashtextextended('public.' || kind || '.order', 0));

  execute format('select t."order", t.row_version from public.%I t where t.id = $1 for update', kind)
    into item_order, current_version using item_id;
  if item_order is null then
    raise exception 'Item % not found in %', item_id, kind using errcode = 'P0002';
  end if;
  perform public.refuse_stale_version(current_version, item_version);

  if direction = 'up' then
    execute format(
      'select t.id, t."order" from public.%I t where (t."order", t.id) < ($1, $2)
        order by t."order" desc, t.id desc limit 1', kind)
      into neighbour_id, neighbour_order using item_order, item_id;
  else
    execute format(
      'select t.id, t."order" from public.%I t where (t."order", t.id) > ($1, $2)
        order by t."order", t.id limit 1', kind)
      into neighbour_id, neighbour_order using item_order, item_id;
  end if;

  if neighbour_id is null then
    return false; -- first item up, or last item down
  end if;

  if neighbour_order = item_order then
    execute format(
      'update public.%1$I t set "order" = r.position, row_version = t.row_version + 1
         from (select id, (row_number() over (order by "order", id) - 1)::integer as position from public.%1$I) r
        where t.id = r.id and t."order" is distinct from r.position', kind);
    execute format('select t."order" from public.%I t where t.id = $1', kind) into item_order using item_id;
    execute format('select t."order" from public.%I t where t.id = $1', kind) into neighbour_order using neighbour_id;
  end if;

  execute format(
    'update public.%I t set "order" = case when t.id = $1 then $2 else $3 end, row_version = t.row_version + 1
      where t.id in ($1, $4)', kind)
    using item_id, neighbour_order, item_order, neighbour_id;
  return true;
end;
$$;

create or replace function public.move_stage(stage_id uuid, direction text, stage_version integer)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  item_category text;
  item_order integer;
  current_version integer;
  neighbour_id uuid;
  neighbour_order integer;
begin
  perform public.require_admin('reorder project stages');
  if direction is null or direction not in ('up', 'down') then
    raise exception 'Unknown direction "%": expected up or down', direction using errcode = '22023';
  end if;

  perform pg_advisory_xact_lock(hashtextextended('public.project_stages.order', 0));

  select s.category, s."order", s.row_version into item_category, item_order, current_version
    from public.project_stages s where s.id = stage_id for update;
  if item_category is null then
    raise exception 'Project stage % not found', stage_id using errcode = 'P0002';
  end if;
  perform public.refuse_stale_version(current_version, stage_version);

  if direction = 'up' then
    select s.id, s."order" into neighbour_id, neighbour_order
      from public.project_stages s
     where s.category = item_category and (s."order", s.id) < (item_order, stage_id)
     order by s."order" desc, s.id desc
     limit 1;
  else
    select s.id, s."order" into neighbour_id, neighbour_order
      from public.project_stages s
     where s.category = item_category and (s."order", s.id) > (item_order, stage_id)
     order by s."order", s.id
     limit 1;
  end if;

  if neighbour_id is null then
    return false; -- first stage of its category up, or last one down
  end if;

  if neighbour_order = item_order then
    update public.project_stages s set "order" = r.position, row_version = s.row_version + 1
      from (select x.id, (row_number() over (order by x."order", x.id) - 1)::integer as position
              from public.project_stages x where x.category = item_category) r
     where s.id = r.id and s."order" is distinct from r.position;
    select s."order" into item_order from public.project_stages s where s.id = stage_id;
    select s."order" into neighbour_order from public.project_stages s where s.id = neighbour_id;
  end if;

  update public.project_stages s
     set "order" = case when s.id = stage_id then neighbour_order else item_order end,
         row_version = s.row_version + 1
   where s.id in (stage_id, neighbour_id);
  return true;
end;
$$;

revoke all on function public.move_item(text, uuid, text, integer) from public, anon;
revoke all on function public.move_stage(uuid, text, integer) from public, anon;
grant execute on function public.move_item(text, uuid, text, integer) to authenticated;
grant execute on function public.move_stage(uuid, text, integer) to authenticated;

-- Bulk actions: all or nothing ----------------------------------------------------------------------
-- items = [{"id": "<uuid>", "version": <the version the caller read>}, ...]. The rows are locked, then
-- any item whose row is gone or at another version refuses the whole call (RC409, detail: the JSON
-- array of those ids). Security invoker: RLS applies.

-- The ids of the items, after locking their rows and refusing the call if any is stale: the first
-- step of the two RPCs below (executable by members because they run as the caller).
create or replace function public.lock_bulk_items(target_table text, items jsonb)
returns uuid[]
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  ids uuid[];
  stale jsonb;
begin
  perform public.require_admin('change several items at once');
  if target_table is null or not public.is_versioned_table(target_table) then
    raise exception 'Unknown content table "%"', coalesce(target_table, '') using errcode = '22023';
  end if;
  if jsonb_typeof(items) is distinct from 'array' or exists (
    select 1 from jsonb_array_elements(items) e
     where jsonb_typeof(e) <> 'object' or jsonb_typeof(e -> 'id') is distinct from 'string'
        or jsonb_typeof(e -> 'version') is distinct from 'number'
  ) then
    raise exception 'items must be a JSON array of {"id", "version"}' using errcode = '22023';
  end if;
  select coalesce(array_agg(i.id), '{}') into ids from jsonb_to_recordset(items) as i(id uuid, version integer);
  execute format('select count(*) from (select 1 from public.%I t where t.id = any($1) for update) locked', target_table) using ids;
  execute format(
    'select coalesce(jsonb_agg(i.id order by i.position), ''[]''::jsonb)
       from rows from (jsonb_to_recordset($1) as (id uuid, version integer)) with ordinality as i(id, version, position)
       left join public.%I t on t.id = i.id
      where t.row_version is distinct from i.version', target_table)
    into stale using items;
  if stale <> '[]'::jsonb then
    raise exception 'Someone else changed this item since you opened it'
      using errcode = 'RC409', detail = stale::text, hint = 'Reload the list and try again.';
  end if;
  return ids;
end;
$$;
revoke all on function public.lock_bulk_items(text, jsonb) from public, anon;
grant execute on function public.lock_bulk_items(text, jsonb) to authenticated;

create or replace function public.set_published_many(target_table text, items jsonb, publish boolean)
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  ids uuid[];
  changed integer;
begin
  perform public.require_admin('publish several items at once');
  if target_table = 'whitepaper' then
    raise exception 'Publish whitepaper versions one at a time' using errcode = '22023';
  end if;
  if publish is null or target_table is null or not exists (
    select 1 from information_schema.columns c
     where c.table_schema = 'public' and c.table_name = target_table and c.column_name = 'published'
  ) then
    raise exception 'Nothing to publish in "%"', coalesce(target_table, '') using errcode = '22023';
  end if;
  ids := public.lock_bulk_items(target_table, items);
  execute format(
    'update public.%I t set published = $2, row_version = t.row_version + 1 where t.id = any($1) and t.published is distinct from $2',
    target_table)
    using ids, publish;
  get diagnostics changed = row_count;
  return changed;
end;
$$;

create or replace function public.delete_many(target_table text, items jsonb)
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  ids uuid[];
  deleted integer;
begin
  perform public.require_admin('delete several items at once');
  ids := public.lock_bulk_items(target_table, items);
  execute format('delete from public.%I t where t.id = any($1)', target_table) using ids;
  get diagnostics deleted = row_count;
  return deleted;
end;
$$;

revoke all on function public.set_published_many(text, jsonb, boolean) from public, anon;
revoke all on function public.delete_many(text, jsonb) from public, anon;
grant execute on function public.set_published_many(text, jsonb, boolean) to authenticated;
grant execute on function public.delete_many(text, jsonb) to authenticated;

-- Presence: who else is editing --------------------------------------------------------------------
-- A lease lives 30 s unless renewed. Read and written through the RPCs only (security definer).

create table if not exists public.edit_leases (
  table_name text not null,
  row_id uuid not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  email text,
  expires_at timestamptz not null,
  primary key (table_name, row_id, user_id)
);
create index if not exists edit_leases_expires_at_idx on public.edit_leases (expires_at);
alter table public.edit_leases enable row level security;
revoke all on public.edit_leases from public, anon, authenticated;

create or replace function public.require_lease_table(target_table text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform public.require_admin('see who is editing');
  if target_table is null or not public.is_versioned_table(target_table) then
    raise exception 'Unknown content table "%"', coalesce(target_table, '') using errcode = '22023';
  end if;
end;
$$;
revoke all on function public.require_lease_table(text) from public, anon, authenticated;

create or replace function public.hold_edit_lease(target_table text, target_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  holder uuid := auth.uid();
begin
  perform public.require_lease_table(target_table);
  if target_id is null then
    raise exception 'A lease needs the row''s id' using errcode = '22023';
  end if;
  delete from public.edit_leases l where l.expires_at <= now();
  insert into public.edit_leases (table_name, row_id, user_id, email, expires_at)
  values (target_table, target_id, holder,
          coalesce(nullif(auth.jwt() ->> 'email', ''), (select u.email from auth.users u where u.id = holder)),
          now() + interval '30 seconds')
  on conflict (table_name, row_id, user_id) do update set email = excluded.email, expires_at = excluded.expires_at;
  return coalesce((
    select jsonb_agg(jsonb_build_object('user_id', l.user_id, 'email', l.email) order by l.email, l.user_id)
      from public.edit_leases l
     where l.table_name = target_table and l.row_id = target_id and l.user_id <> holder and l.expires_at > now()
  ), '[]'::jsonb);
end;
$$;

create or replace function public.release_edit_lease(target_table text, target_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform public.require_lease_table(target_table);
  delete from public.edit_leases l
   where l.table_name = target_table and l.row_id = target_id and l.user_id = auth.uid();
end;
$$;

create or replace function public.current_editors(target_table text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_lease_table(target_table);
  return coalesce((
    select jsonb_agg(jsonb_build_object('row_id', l.row_id, 'user_id', l.user_id, 'email', l.email) order by l.row_id, l.email, l.user_id)
      from public.edit_leases l
     where l.table_name = target_table and l.user_id <> auth.uid() and l.expires_at > now()
  ), '[]'::jsonb);
end;
$$;

-- Team and presence RPCs: signed-in callers only (each checks the administrator role or membership).
revoke all on function public.add_team_member(uuid, text, text) from public, anon;
revoke all on function public.set_team_role(uuid, text) from public, anon;
revoke all on function public.remove_team_member(uuid) from public, anon;
revoke all on function public.hold_edit_lease(text, uuid) from public, anon;
revoke all on function public.release_edit_lease(text, uuid) from public, anon;
revoke all on function public.current_editors(text) from public, anon;
grant execute on function public.add_team_member(uuid, text, text) to authenticated;
grant execute on function public.set_team_role(uuid, text) to authenticated;
grant execute on function public.remove_team_member(uuid) to authenticated;
grant execute on function public.hold_edit_lease(text, uuid) to authenticated;
grant execute on function public.release_edit_lease(text, uuid) to authenticated;
grant execute on function public.current_editors(text) to authenticated;
