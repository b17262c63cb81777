-- Editing together: reordering, bulk actions and presence (docs/architecture.md, "The team and
-- concurrent edits"). Row versions themselves (the `row_version` column and its trigger on every
-- content table) are in 00_foundations.sql.
--
--   move_item(kind, item_id, direction, item_version) -> boolean
--       kind: any public table with an integer "order" column and row versions but project_stages;
--       direction 'up' | 'down'
--   move_stage(stage_id, direction, stage_version)    -> boolean   within the stage's own category
--   set_published_many(target_table, items, publish)  -> integer   rows changed
--   delete_many(target_table, items)                  -> integer   rows deleted
--   hold_edit_lease(target_table, target_id)          -> jsonb     [{user_id, email}] of the others holding one
--   release_edit_lease(target_table, target_id)       -> void
--   current_editors(target_table)                     -> jsonb     [{row_id, user_id, email}] of the others
--
-- Each runs in the one transaction of its request and starts with the membership check (SQLSTATE
-- 42501 "Access denied. Admin privileges required."); anon may not even execute them.

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
revoke all on function public.is_versioned_table(text) from public, anon, authenticated, service_role;
grant execute on function public.is_versioned_table(text) to authenticated, service_role;

-- Reordering ---------------------------------------------------------------------------------------
-- move_item serves every reorderable list, so a new reorderable type needs no RPC of its own; stages
-- move within their category, with move_stage. Security invoker: RLS still applies.
--
-- Moves swap the item's `order` with its neighbour's in the list ordered by ("order", id) and return
-- true; moving the first item up or the last item down changes nothing and returns false. When the
-- two orders are equal (a tie), the list (a stage's category) is first renumbered 0, 1, 2, ... in
-- that same ordering, so the move always takes effect. The moved item must still be at the version
-- the caller read, and every row whose order changes gets a new version.

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
revoke all on function public.move_item(text, uuid, text, integer) from public, anon, authenticated, service_role;
grant execute on function public.move_item(text, uuid, text, integer) to authenticated, service_role;

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
revoke all on function public.move_stage(uuid, text, integer) from public, anon, authenticated, service_role;
grant execute on function public.move_stage(uuid, text, integer) to authenticated, service_role;

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
revoke all on function public.lock_bulk_items(text, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.lock_bulk_items(text, jsonb) to authenticated, service_role;

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
revoke all on function public.set_published_many(text, jsonb, boolean) from public, anon, authenticated, service_role;
grant execute on function public.set_published_many(text, jsonb, boolean) to authenticated, service_role;

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
revoke all on function public.delete_many(text, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.delete_many(text, jsonb) to authenticated, service_role;

-- Presence: who else is editing --------------------------------------------------------------------
-- Presence without Realtime: an open editor holds a 15-second lease on its row (hold_edit_lease,
-- renewed every 5 s, released on close and when its tab goes away) and learns who else holds one;
-- lists ask current_editors for the rows being edited. A tab that ends without a word (a crash, a
-- lost connection) stops being named within the 15 s. Leases are read and written through the RPCs only (security definer).

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
create policy "Sessions at the required assurance level" on public.edit_leases
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
revoke all on public.edit_leases from anon, authenticated, service_role;
grant all on public.edit_leases to service_role;

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
revoke all on function public.require_lease_table(text) from public, anon, authenticated, service_role;
grant execute on function public.require_lease_table(text) to service_role;

-- A lease names a row that exists: another id is refused with SQLSTATE P0002, "This item no longer
-- exists". The membership check comes first (42501 for anyone else, whatever the id), and members
-- read every row of the tables leases may name (the versioned content tables), so the answer tells
-- nobody of a draft they may not read.
create or replace function public.hold_edit_lease(target_table text, target_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  holder uuid := auth.uid();
  row_exists boolean;
begin
  perform public.require_lease_table(target_table);
  if target_id is null then
    raise exception 'A lease needs the row''s id' using errcode = '22023';
  end if;
  execute format('select exists (select 1 from public.%I t where t.id = $1)', target_table) into row_exists using target_id;
  if not row_exists then
    raise exception 'This item no longer exists' using errcode = 'P0002', hint = 'It may have been deleted: reload the list.';
  end if;
  delete from public.edit_leases l where l.expires_at <= now();
  insert into public.edit_leases (table_name, row_id, user_id, email, expires_at)
  values (target_table, target_id, holder,
          coalesce(nullif(auth.jwt() ->> 'email', ''), (select u.email from auth.users u where u.id = holder)),
          now() + interval '15 seconds')
  on conflict (table_name, row_id, user_id) do update set email = excluded.email, expires_at = excluded.expires_at;
  return coalesce((
    select jsonb_agg(jsonb_build_object('user_id', l.user_id, 'email', l.email) order by l.email, l.user_id)
      from public.edit_leases l
     where l.table_name = target_table and l.row_id = target_id and l.user_id <> holder and l.expires_at > now()
  ), '[]'::jsonb);
end;
$$;
revoke all on function public.hold_edit_lease(text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.hold_edit_lease(text, uuid) to authenticated, service_role;

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
revoke all on function public.release_edit_lease(text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.release_edit_lease(text, uuid) to authenticated, service_role;

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
revoke all on function public.current_editors(text) from public, anon, authenticated, service_role;
grant execute on function public.current_editors(text) to authenticated, service_role;
