-- The live site (see docs/architecture.md, "Live pages"): the web tier renders public pages from the
-- database and caches them. It must learn of every change to what visitors see within 2 s, from any
-- number of web instances, without reading the content on each request. So every write to a table
-- the site shows moves one counter (statement-level triggers), and `content_version()` (anon may call
-- it, it reads one row) tells a web instance whether its cached pages are still current.
--
-- It also keeps the form intake's per-address limit in Postgres, so that several web instances
-- share one count.
--
-- Both tables live in schema `private`, which the API does not expose and its roles cannot use:
-- callers reach them only through the functions below.

create schema if not exists private;
revoke all on schema private from public, anon, authenticated, service_role;

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

-- One line per table the site shows: `select public.track_content_changes('public.<table>');`
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

select public.track_content_changes(target)
from unnest(array[
  'public.project_stages', 'public.featured_collections', 'public.videos', 'public.interface_previews',
  'public.cartridge_models', 'public.press_quotes', 'public.whitepaper', 'public.blog_posts'
]::regclass[]) as target;

-- What a web instance polls. `next_change_at` is the earliest future moment at which rows become
-- visible or hidden by time alone (null while no content is scheduled); caches also expire then.
create or replace function public.content_version()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('version', version, 'changed_at', changed_at, 'next_change_at', null::timestamptz)
  from private.content_version;
$$;
revoke all on function public.content_version() from public;
grant execute on function public.content_version() to anon, authenticated, service_role;

-- Posts know when they last changed (the Atom feed's <updated>, the sitemap's <lastmod>) -----------

alter table public.blog_posts add column if not exists updated_at timestamptz not null default now();

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
revoke all on function public.touch_updated_at() from public, anon, authenticated;

drop trigger if exists blog_posts_touch_updated_at on public.blog_posts;
create trigger blog_posts_touch_updated_at before update on public.blog_posts
  for each row execute function public.touch_updated_at();

-- Form intake limit -----------------------------------------------------------------------------
-- One row per accepted post: the caller's address as the web tier hashes it (no addresses stored).

create table if not exists private.form_post_events (
  address_hash text not null,
  posted_at timestamptz not null default now()
);
create index if not exists form_post_events_address_idx on private.form_post_events (address_hash, posted_at);
create index if not exists form_post_events_posted_at_idx on private.form_post_events (posted_at);
alter table private.form_post_events enable row level security;
revoke all on private.form_post_events from public, anon, authenticated, service_role;

-- Records a post from `address_hash` and returns 0, or, when `max_posts` were already taken within
-- `window_seconds`, records nothing and returns the seconds until the next one is allowed.
create or replace function public.take_form_post(address_hash text, max_posts integer, window_seconds integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  recent integer;
  oldest timestamptz;
begin
  if address_hash is null or max_posts is null or window_seconds is null or max_posts < 1 or window_seconds < 1 then
    raise exception 'take_form_post needs an address and a positive limit and window' using errcode = '22023';
  end if;
  -- Two posts from one address at once must not both see room for one more.
  perform pg_advisory_xact_lock(hashtextextended('form_post:' || address_hash, 0));
  delete from private.form_post_events e
    where e.posted_at < now() - make_interval(secs => greatest(window_seconds, 86400));
  select count(*), min(e.posted_at) into recent, oldest
    from private.form_post_events e
    where e.address_hash = take_form_post.address_hash and e.posted_at > now() - make_interval(secs => window_seconds);
  if recent >= max_posts then
    return greatest(1, ceil(extract(epoch from (oldest + make_interval(secs => window_seconds) - clock_timestamp())))::integer);
  end if;
  insert into private.form_post_events (address_hash) values (take_form_post.address_hash);
  return 0;
end;
$$;
revoke all on function public.take_form_post(text, integer, integer) from public, anon, authenticated;
grant execute on function public.take_form_post(text, integer, integer) to service_role;
