-- Scheduled publishing: every table with a `published` flag gets `publish_at` (null: at once).
-- Visitors see a row when it is published and its time has come. The rule is the read policy
-- itself, evaluated with now() on every read, so no job has to run at the scheduled moment and every
-- reader (the site, its server renders, the sitemap and feed, any API client) gets the same answer.
-- The live site's caches learn the next such moment from content_version()'s `next_change_at`.

do $$
declare
  t text;
begin
  foreach t in array array[
    'featured_collections', 'videos', 'interface_previews', 'cartridge_models',
    'press_quotes', 'whitepaper', 'blog_posts', 'faq_entries'
  ] loop
    execute format('alter table public.%I add column if not exists publish_at timestamptz', t);
    -- content_version() looks up the earliest future moment on every poll.
    execute format('create index if not exists %I on public.%I (publish_at) where published and publish_at is not null', t || '_publish_at_idx', t);
    execute format('drop policy if exists %I on public.%I', 'Read published rows, admins read all', t);
    execute format(
      'create policy %I on public.%I for select to anon, authenticated '
      'using ((published and (publish_at is null or publish_at <= now())) or (select public.is_admin()))',
      'Read published rows, admins read all', t);
  end loop;
end
$$;

-- The earliest future publish_at of a published row in any table that has the column (tables are
-- found in the catalog, so a new schedulable table needs no edit here); null when nothing is due.
create or replace function private.next_scheduled_change()
returns timestamptz
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  t text;
  candidate timestamptz;
  earliest timestamptz;
begin
  for t in
    select c.relname from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
      and exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attname = 'publish_at' and not a.attisdropped)
      and exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attname = 'published' and not a.attisdropped)
  loop
    execute format('select min(publish_at) from public.%I where published and publish_at > now()', t) into candidate;
    if candidate is not null and (earliest is null or candidate < earliest) then
      earliest := candidate;
    end if;
  end loop;
  return earliest;
end;
$$;
revoke all on function private.next_scheduled_change() from public, anon, authenticated, service_role;

create or replace function public.content_version()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('version', version, 'changed_at', changed_at, 'next_change_at', private.next_scheduled_change())
  from private.content_version;
$$;
revoke all on function public.content_version() from public;
grant execute on function public.content_version() to anon, authenticated, service_role;
