-- RPCs for the back office's invariants. Each runs in the one transaction of its request, as the
-- caller (security invoker, so RLS still applies), and starts with the admin check: a non-admin
-- gets SQLSTATE 42501 "Access denied. Admin privileges required."; anon may not even execute them.
--
--   publish_whitepaper(whitepaper_id uuid)   -> whitepaper   unpublishes every other version, publishes this one
--   unpublish_whitepaper(whitepaper_id uuid) -> whitepaper   clears this version's flag
--   move_item(kind text, item_id uuid, direction text) -> boolean
--       kind: any public table with an integer "order" column but project_stages; direction 'up' | 'down'
--   move_stage(stage_id uuid, direction text) -> boolean     within the stage's own category
--
-- Moves swap the item's `order` with its neighbour's in the list ordered by ("order", id) and return
-- true; moving the first item up or the last item down changes nothing and returns false. When the
-- two orders are equal (a tie), the list (a stage's category) is first renumbered 0, 1, 2, ... in
-- that same ordering, so the move always takes effect.

-- The admin check every RPC starts with ----------------------------------------------------------

create or replace function public.require_admin(action text)
returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not (select public.is_admin()) then
    raise exception 'Access denied. Admin privileges required.'
      using errcode = '42501', hint = format('Only administrators can %s.', action);
  end if;
end;
$$;

-- Whitepaper -------------------------------------------------------------------------------------

create or replace function public.publish_whitepaper(whitepaper_id uuid)
returns public.whitepaper
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  result public.whitepaper;
begin
  perform public.require_admin('publish whitepaper versions');

  -- Publishers queue up, so concurrent calls leave exactly one version published (the last one).
  perform pg_advisory_xact_lock(hashtextextended('public.whitepaper.published', 0));

  if not exists (select 1 from public.whitepaper w where w.id = whitepaper_id) then
    raise exception 'Whitepaper version % not found', whitepaper_id using errcode = 'P0002';
  end if;

  update public.whitepaper w set published = false where w.published and w.id <> whitepaper_id;
  update public.whitepaper w set published = true where w.id = whitepaper_id returning w.* into result;
  return result;
end;
$$;

create or replace function public.unpublish_whitepaper(whitepaper_id uuid)
returns public.whitepaper
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  result public.whitepaper;
begin
  perform public.require_admin('unpublish whitepaper versions');

  perform pg_advisory_xact_lock(hashtextextended('public.whitepaper.published', 0));

  update public.whitepaper w set published = false where w.id = whitepaper_id returning w.* into result;
  if result.id is null then
    raise exception 'Whitepaper version % not found', whitepaper_id using errcode = 'P0002';
  end if;
  return result;
end;
$$;

-- Reordering -------------------------------------------------------------------------------------
-- move_item serves every reorderable list, so a new reorderable type needs no RPC of its own; stages
-- move within their category, with move_stage.

create or replace function public.move_item(kind text, item_id uuid, direction text)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  item_order integer;
  neighbour_id uuid;
  neighbour_order integer;
begin
  perform public.require_admin('reorder items');
  if kind is null or kind = 'project_stages' or not exists (
    select 1 from information_schema.columns c
     where c.table_schema = 'public' and c.table_name = kind and c.column_name = 'order' and c.data_type = 'integer'
  ) then
    raise exception 'Unknown list "%": expected a table with an order column (stages: move_stage)', kind
      using errcode = '22023';
  end if;
  if direction is null or direction not in ('up', 'down') then
    raise exception 'Unknown direction "%": expected up or down', direction using errcode = '22023';
  end if;

  -- One reorder of a list at a time.
  perform pg_advisory_xact_lock(hashtextextended('public.' || kind || '.order', 0));

  execute format('select t."order" from public.%I t where t.id = $1', kind) into item_order using item_id;
  if item_order is null then
    raise exception 'Item % not found in %', item_id, kind using errcode = 'P0002';
  end if;

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
      'update public.%1$I t set "order" = r.position
         from (select id, (row_number() over (order by "order", id) - 1)::integer as position from public.%1$I) r
        where t.id = r.id and t."order" is distinct from r.position', kind);
    execute format('select t."order" from public.%I t where t.id = $1', kind) into item_order using item_id;
    execute format('select t."order" from public.%I t where t.id = $1', kind) into neighbour_order using neighbour_id;
  end if;

  execute format(
    'update public.%I t set "order" = case when t.id = $1 then $2 else $3 end where t.id in ($1, $4)', kind)
    using item_id, neighbour_order, item_order, neighbour_id;
  return true;
end;
$$;

create or replace function public.move_stage(stage_id uuid, direction text)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  item_category text;
  item_order integer;
  neighbour_id uuid;
  neighbour_order integer;
begin
  perform public.require_admin('reorder project stages');
  if direction is null or direction not in ('up', 'down') then
    raise exception 'Unknown direction "%": expected up or down', direction using errcode = '22023';
  end if;

  perform pg_advisory_xact_lock(hashtextextended('public.project_stages.order', 0));

  select s.category, s."order" into item_category, item_order
    from public.project_stages s where s.id = stage_id;
  if item_category is null then
    raise exception 'Project stage % not found', stage_id using errcode = 'P0002';
  end if;

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
    update public.project_stages s set "order" = r.position
      from (select x.id, (row_number() over (order by x."order", x.id) - 1)::integer as position
              from public.project_stages x where x.category = item_category) r
     where s.id = r.id and s."order" is distinct from r.position;
    select s."order" into item_order from public.project_stages s where s.id = stage_id;
    select s."order" into neighbour_order from public.project_stages s where s.id = neighbour_id;
  end if;

  update public.project_stages s
     set "order" = case when s.id = stage_id then neighbour_order else item_order end
   where s.id in (stage_id, neighbour_id);
  return true;
end;
$$;

-- Only signed-in users may call them (and only admins get past the check).
revoke all on function public.require_admin(text) from public, anon;
revoke all on function public.publish_whitepaper(uuid) from public, anon;
revoke all on function public.unpublish_whitepaper(uuid) from public, anon;
revoke all on function public.move_item(text, uuid, text) from public, anon;
revoke all on function public.move_stage(uuid, text) from public, anon;
grant execute on function public.require_admin(text) to authenticated;
grant execute on function public.publish_whitepaper(uuid) to authenticated;
grant execute on function public.unpublish_whitepaper(uuid) to authenticated;
grant execute on function public.move_item(text, uuid, text) to authenticated;
grant execute on function public.move_stage(uuid, text) to authenticated;
