-- Draft preview: an administrator asks for a preview link to one row of publishable content; the
-- web tier renders that row's public page with it for whoever holds the link, until it expires.
--
--   create_preview_link(target_table text, row_id uuid, ttl_seconds integer = 900) -> {token, expires_at}
--       admins only; the token is random (two v4 UUIDs, 244 random bits) and is returned once:
--       only its SHA-256 is stored, with its one target and its expiry (at most an hour)
--   preview_content(token text) -> {table, row, expires_at} | null
--       anyone may call it; it answers the target row, draft or not, for a valid unexpired token,
--       and null for anything else (an unknown, expired or malformed token, a deleted row)
--
-- The links live in schema `private`, which the API does not expose.

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
revoke all on function public.create_preview_link(text, uuid, integer) from public, anon;
grant execute on function public.create_preview_link(text, uuid, integer) to authenticated;

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
  return jsonb_build_object('table', link.target_table, 'row', target, 'expires_at', link.expires_at);
end;
$$;
revoke all on function public.preview_content(text) from public;
grant execute on function public.preview_content(text) to anon, authenticated;
