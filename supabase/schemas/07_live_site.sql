-- The live site (docs/architecture.md, "Live pages"): the web tier renders public pages from the
-- database and caches them. It must learn of every change to what visitors see within 2 s, from any
-- number of web instances, without reading the content on each request. So every write to a table
-- the site shows moves one counter (the content_version_bump statement triggers of each table, with
-- public.bump_content_version() in 00_foundations.sql), and `content_version()` tells a web instance
-- whether its cached pages are still current.
--
--   content_version()                  -> jsonb {version, changed_at, next_change_at} (service role)
--   home_page()                        -> json  the home page's three lists in one read (anyone)
--   create_preview_link(target_table text, row_id uuid, ttl_seconds integer = 900) -> {token, expires_at}
--       admins only; the token is random (two v4 UUIDs, 244 random bits) and is returned once:
--       only its SHA-256 is stored, with its one target and its expiry (at most an hour)
--   preview_content(token text)        -> {table, row, translations, expires_at} | null
--       anyone may call it; it answers the target row, draft or not, for a valid unexpired token,
--       and null for anything else (an unknown, expired or malformed token, a deleted row)
--
-- The counter and the links live in schema `private`, which the API does not expose: callers reach
-- them only through the functions below.

-- Change counter -------------------------------------------------------------------------------

create table if not exists private.content_version (
  id boolean primary key default true constraint content_version_single_row check (id),
  version bigint not null default 0,
  changed_at timestamptz not null default now()
);
insert into private.content_version (id) values (true) on conflict (id) do nothing;
alter table private.content_version enable row level security;
-- Read through content_version() only; written by the triggers only.
revoke all on private.content_version from public, anon, authenticated, service_role;

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

-- What a web instance polls. `next_change_at` is the earliest future moment at which rows become
-- visible or hidden by time alone (null while no content is scheduled); caches also expire then.
-- It tells the time of an unannounced publication, so only the web tier may call it, with the
-- service role.
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
revoke all on function public.content_version() from public, anon, authenticated, service_role;
grant execute on function public.content_version() to service_role;

-- The home page in one read ----------------------------------------------------------------------
-- A page render (and a visitor's first look at the home page) costs one request instead of three:
-- each request carries a fixed cost (a transaction with the caller's role and claims) that dominated
-- the home page's uncached render.
--
-- SECURITY INVOKER: the caller's row-level security applies, exactly as to the table reads it
-- replaces; the filters on `published` say so again, so an admin's token shows no drafts here.
-- Whole rows, so a column added to one of these tables reaches the site with no change here.
create or replace function public.home_page()
returns json
language sql
stable
security invoker
set search_path = public
as $$
  select json_build_object(
    'stages', coalesce((select json_agg(s order by s.category, s."order", s.id) from public.project_stages s), '[]'::json),
    'collections', coalesce((select json_agg(c order by c.created_at desc, c.id) from public.featured_collections c where c.published), '[]'::json),
    'press', coalesce((select json_agg(p order by p.created_at desc, p.id) from public.press_quotes p where p.published), '[]'::json)
  )
$$;
revoke all on function public.home_page() from public, anon, authenticated, service_role;
grant execute on function public.home_page() to anon, authenticated, service_role;

-- Draft preview ------------------------------------------------------------------------------------
-- A member asks for a preview link to one row of publishable content; the web tier renders that
-- row's public page with it for whoever holds the link, until it expires.

create table if not exists private.preview_links (
  token_hash text primary key,
  target_table text not null,
  row_id uuid not null,
  created_by uuid not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index if not exists preview_links_expires_at_idx on private.preview_links (expires_at);
alter table private.preview_links enable row level security;
revoke all on private.preview_links from public, anon, authenticated, service_role;

-- Rows that visitors may see once published: tables of schema public with a `published` flag.
create or replace function private.is_publishable(target_table text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_attribute a on a.attrelid = c.oid
    where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname = target_table
      and a.attname = 'published' and not a.attisdropped
  );
$$;
revoke all on function private.is_publishable(text) from public, anon, authenticated, service_role;

create or replace function public.create_preview_link(target_table text, row_id uuid, ttl_seconds integer default 900)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  token text;
  expiry timestamptz;
  found_row boolean;
begin
  perform public.require_admin('preview drafts');
  if target_table is null or not private.is_publishable(target_table) then
    raise exception 'Nothing to preview in %', coalesce(target_table, 'null') using errcode = '22023';
  end if;
  if ttl_seconds is null or ttl_seconds < 1 or ttl_seconds > 3600 then
    raise exception 'A preview link lasts 1 to 3600 seconds' using errcode = '22023';
  end if;
  execute format('select exists (select 1 from public.%I where id = $1)', target_table) into found_row using row_id;
  if not found_row then
    raise exception 'No % row %', target_table, row_id using errcode = 'P0002';
  end if;
  delete from private.preview_links where expires_at < now();
  token := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  expiry := now() + make_interval(secs => ttl_seconds);
  insert into private.preview_links (token_hash, target_table, row_id, created_by, expires_at)
    values (encode(sha256(convert_to(token, 'UTF8')), 'hex'), target_table, row_id, auth.uid(), expiry);
  return jsonb_build_object('token', token, 'expires_at', expiry);
end;
$$;
revoke all on function public.create_preview_link(text, uuid, integer) from public, anon, authenticated, service_role;
grant execute on function public.create_preview_link(text, uuid, integer) to authenticated, service_role;

create or replace function public.preview_content(token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  link private.preview_links;
  target jsonb;
begin
  if token is null or token !~ '^[0-9a-f]{64}$' then
    return null;
  end if;
  select * into link from private.preview_links l
    where l.token_hash = encode(sha256(convert_to(token, 'UTF8')), 'hex') and l.expires_at > now();
  if not found then
    return null;
  end if;
  execute format('select to_jsonb(t) from public.%I t where t.id = $1', link.target_table) into target using link.row_id;
  if target is null then
    return null;
  end if;
  -- Its translations too, drafts included (content_translations), so a page in another language
  -- previews the words it will show: by language, each its translated fields.
  return jsonb_build_object(
    'table', link.target_table,
    'row', target,
    'translations', coalesce((
      select jsonb_object_agg(t.language, t.fields)
        from public.content_translations t
       where t.source_table = link.target_table and t.row_id = link.row_id
    ), '{}'::jsonb),
    'expires_at', link.expires_at);
end;
$$;
revoke all on function public.preview_content(text) from public, anon, authenticated, service_role;
grant execute on function public.preview_content(text) to anon, authenticated, service_role;
