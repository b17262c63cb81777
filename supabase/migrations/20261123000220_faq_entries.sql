-- FAQ entries: the Contact page's questions, edited in the back office (Content > FAQ). Visitors read
-- the published ones in `order`; while none is published the site shows its built-in list.
-- Written by following docs/adding-a-content-type.md. Re-runnable.

create table if not exists public.faq_entries (
  id uuid primary key default gen_random_uuid(),
  question text not null
    constraint faq_entries_question_not_blank check (question ~ '\S')
    constraint faq_entries_question_length check (char_length(question) <= 300),
  answer text not null
    constraint faq_entries_answer_not_blank check (answer ~ '\S')
    constraint faq_entries_answer_length check (char_length(answer) <= 5000),
  "order" integer not null default 0 constraint faq_entries_order_check check ("order" >= 0),
  published boolean not null default false,
  created_at timestamptz not null default now()
);
create index if not exists faq_entries_order_idx on public.faq_entries ("order", id);

-- Visitors read published rows; admins read and write every row.
alter table public.faq_entries enable row level security;
revoke truncate, references, trigger on public.faq_entries from anon, authenticated;
revoke insert, update, delete on public.faq_entries from anon;

drop policy if exists "Read published rows, admins read all" on public.faq_entries;
create policy "Read published rows, admins read all" on public.faq_entries
  for select to anon, authenticated using (published or (select public.is_admin()));
drop policy if exists "Admins insert" on public.faq_entries;
create policy "Admins insert" on public.faq_entries
  for insert to authenticated with check ((select public.is_admin()));
drop policy if exists "Admins update" on public.faq_entries;
create policy "Admins update" on public.faq_entries
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
drop policy if exists "Admins delete" on public.faq_entries;
create policy "Admins delete" on public.faq_entries
  for delete to authenticated using ((select public.is_admin()));

-- Reordering any list with an integer "order" column: swaps the item's order with its neighbour's in
-- the list ordered by ("order", id), as move_gallery_item does (see 20261122000400_rpcs.sql), so a
-- new reorderable type needs no RPC of its own. Stages move within their category: use move_stage.
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
revoke all on function public.move_item(text, uuid, text) from public, anon;
grant execute on function public.move_item(text, uuid, text) to authenticated;

-- The Contact page shows published entries: every change moves the live site's content version.
select public.track_content_changes('public.faq_entries');
