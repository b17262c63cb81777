-- Content tables: every entity the site shows and the back office manages, plus the form submissions inbox.
--
-- Conventions
--   * ids are uuid primary keys from gen_random_uuid(); admin_users.id is the auth user's id.
--   * Required text is `not null` and checked non-blank; optional text (URLs, milestone) is null when
--     empty: the blank_to_null trigger below turns '' from a form into null before the checks run.
--   * URLs, where given, are absolute http(s) URLs.
--   * JSON columns are jsonb and checked for their shape with jsonb_typeof / jsonpath:
--       features, change_log          JSON arrays of strings
--       specifications, metadata      JSON objects
--       sections                      JSON array of {title, content, order}
--   * No numeric columns: integer / bigint only.
--   * `order` keeps the spec's name, so it is always quoted.
--
-- Written to be re-runnable (if not exists / or replace) although the migration history applies it once.

-- Shared trigger: turns blank strings into null for the columns named as trigger arguments, so an
-- optional field a form leaves empty is stored as "not given" rather than failing a URL check.
create or replace function public.blank_to_null()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  blanks jsonb;
begin
  select coalesce(jsonb_object_agg(key, null), '{}'::jsonb)
    into blanks
    from jsonb_each(to_jsonb(new))
   where key = any (tg_argv)
     and jsonb_typeof(value) = 'string'
     and value #>> '{}' !~ '\S';
  if blanks <> '{}'::jsonb then
    new := jsonb_populate_record(new, blanks);
  end if;
  return new;
end;
$$;

-- admin_users ------------------------------------------------------------------------------------
-- A row per administrator; id is matched against the signed-in user's id (auth.uid()).
create table if not exists public.admin_users (
  id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);

-- project_stages ---------------------------------------------------------------------------------
create table if not exists public.project_stages (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint project_stages_name_not_blank check (name ~ '\S'),
  category text not null constraint project_stages_category_check check (category in ('hardware', 'token')),
  "order" integer not null default 0 constraint project_stages_order_check check ("order" >= 0),
  progress integer not null default 0 constraint project_stages_progress_check check (progress between 0 and 100),
  completed boolean not null default false,
  created_at timestamptz not null default now()
);
-- Public and admin lists: ordered by category then order (ties by id, as the move RPC breaks them).
create index if not exists project_stages_category_order_idx on public.project_stages (category, "order", id);

-- media_assets -----------------------------------------------------------------------------------
create table if not exists public.media_assets (
  id uuid primary key default gen_random_uuid(),
  url text not null constraint media_assets_url_check check (url ~* '^https?://[^[:space:]]+$'),
  filename text not null constraint media_assets_filename_not_blank check (filename ~ '\S'),
  type text not null constraint media_assets_type_check check (type in ('image', 'video')),
  size bigint not null default 0 constraint media_assets_size_check check (size >= 0),
  metadata jsonb not null default '{}'::jsonb constraint media_assets_metadata_check check (
    jsonb_typeof(metadata) = 'object'
    and (metadata -> 'format' is null or jsonb_typeof(metadata -> 'format') in ('string', 'null'))
  ),
  created_at timestamptz not null default now()
);
create index if not exists media_assets_created_at_idx on public.media_assets (created_at desc);

-- featured_collections ---------------------------------------------------------------------------
create table if not exists public.featured_collections (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint featured_collections_title_not_blank check (title ~ '\S'),
  description text not null constraint featured_collections_description_not_blank check (description ~ '\S'),
  image_url text constraint featured_collections_image_url_check check (image_url ~* '^https?://[^[:space:]]+$'),
  -- "At least one feature is required": a non-empty array of strings, at least one of them non-blank.
  features jsonb not null default '[]'::jsonb constraint featured_collections_features_check check (
    jsonb_typeof(features) = 'array'
    and not jsonb_path_exists(features, '$[*] ? (@.type() != "string")')
    and jsonb_path_exists(features, '$[*] ? (@ like_regex "[^[:space:]]")')
  ),
  capacity text not null constraint featured_collections_capacity_not_blank check (capacity ~ '\S'),
  published boolean not null default false,
  created_at timestamptz not null default now()
);
create index if not exists featured_collections_created_at_idx on public.featured_collections (created_at desc);

-- videos -----------------------------------------------------------------------------------------
create table if not exists public.videos (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint videos_title_not_blank check (title ~ '\S'),
  description text not null constraint videos_description_not_blank check (description ~ '\S'),
  thumbnail_url text constraint videos_thumbnail_url_check check (thumbnail_url ~* '^https?://[^[:space:]]+$'),
  video_url text constraint videos_video_url_check check (video_url ~* '^https?://[^[:space:]]+$'),
  category text not null constraint videos_category_check check (category in ('Development', 'Hardware', 'Tutorial', 'Community')),
  views bigint not null default 0 constraint videos_views_check check (views >= 0),
  published boolean not null default false,
  created_at timestamptz not null default now()
);
create index if not exists videos_created_at_idx on public.videos (created_at desc);

-- interface_previews -----------------------------------------------------------------------------
create table if not exists public.interface_previews (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint interface_previews_title_not_blank check (title ~ '\S'),
  description text not null constraint interface_previews_description_not_blank check (description ~ '\S'),
  image_url text constraint interface_previews_image_url_check check (image_url ~* '^https?://[^[:space:]]+$'),
  -- Optional in the form: a missing or blank category becomes 'UI' (see the trigger below).
  category text not null default 'UI' constraint interface_previews_category_check check (category in ('UI', 'Features', 'Effects')),
  "order" integer not null default 0 constraint interface_previews_order_check check ("order" >= 0),
  published boolean not null default false,
  created_at timestamptz not null default now()
);
create index if not exists interface_previews_order_idx on public.interface_previews ("order", id);

-- cartridge_models -------------------------------------------------------------------------------
create table if not exists public.cartridge_models (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint cartridge_models_title_not_blank check (title ~ '\S'),
  description text not null constraint cartridge_models_description_not_blank check (description ~ '\S'),
  image_url text constraint cartridge_models_image_url_check check (image_url ~* '^https?://[^[:space:]]+$'),
  -- {storage, features, dimensions, weight}, every key optional; new items default to {}.
  specifications jsonb not null default '{}'::jsonb constraint cartridge_models_specifications_check check (
    jsonb_typeof(specifications) = 'object'
    and coalesce(jsonb_typeof(specifications -> 'storage'), 'string') in ('string', 'null')
    and coalesce(jsonb_typeof(specifications -> 'dimensions'), 'string') in ('string', 'null')
    and coalesce(jsonb_typeof(specifications -> 'weight'), 'string') in ('string', 'null')
    and (
      specifications -> 'features' is null
      or jsonb_typeof(specifications -> 'features') = 'null'
      or (
        jsonb_typeof(specifications -> 'features') = 'array'
        and not jsonb_path_exists(specifications -> 'features', '$[*] ? (@.type() != "string")')
      )
    )
  ),
  "order" integer not null default 0 constraint cartridge_models_order_check check ("order" >= 0),
  published boolean not null default false,
  created_at timestamptz not null default now()
);
create index if not exists cartridge_models_order_idx on public.cartridge_models ("order", id);

-- Gallery defaults that a form may send as null: interface category 'UI', cartridge specifications {}.
create or replace function public.gallery_defaults()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_table_name = 'interface_previews' then
    if new.category is null or new.category !~ '\S' then
      new.category := 'UI';
    end if;
  elsif tg_table_name = 'cartridge_models' then
    if new.specifications is null or jsonb_typeof(new.specifications) = 'null' then
      new.specifications := '{}'::jsonb;
    end if;
  end if;
  return new;
end;
$$;

-- press_quotes -----------------------------------------------------------------------------------
create table if not exists public.press_quotes (
  id uuid primary key default gen_random_uuid(),
  quote text not null constraint press_quotes_quote_not_blank check (quote ~ '\S'),
  source text not null constraint press_quotes_source_not_blank check (source ~ '\S'),
  logo_url text constraint press_quotes_logo_url_check check (logo_url ~* '^https?://[^[:space:]]+$'),
  published boolean not null default false,
  created_at timestamptz not null default now()
);
create index if not exists press_quotes_created_at_idx on public.press_quotes (created_at desc);

-- whitepaper -------------------------------------------------------------------------------------
create table if not exists public.whitepaper (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint whitepaper_title_not_blank check (title ~ '\S'),
  -- A dotted version such as 1.0 or 1.10 (at most 9 digits a part, so each part fits an integer).
  version text not null constraint whitepaper_version_check check (version ~ '^[0-9]{1,9}(\.[0-9]{1,9})*$'),
  -- The version as numbers, for ordering: 1.10 sorts above 1.9. Clients order by version_key desc.
  -- (Guarded by the same pattern so that a bad version fails whitepaper_version_check, not the cast.)
  version_key integer[] generated always as (
    case when version ~ '^[0-9]{1,9}(\.[0-9]{1,9})*$' then string_to_array(version, '.')::integer[] end
  ) stored,
  published boolean not null default false,
  created_at timestamptz not null default now(),
  -- [{title, content, order}]: title and content non-blank strings, order a number.
  sections jsonb not null default '[]'::jsonb constraint whitepaper_sections_check check (
    jsonb_typeof(sections) = 'array'
    and not jsonb_path_exists(sections, '$[*] ? (@.type() != "object")')
    and not jsonb_path_exists(sections, '$[*] ? (!(exists(@.title ? (@.type() == "string" && @ like_regex "[^[:space:]]"))))')
    and not jsonb_path_exists(sections, '$[*] ? (!(exists(@.content ? (@.type() == "string" && @ like_regex "[^[:space:]]"))))')
    and not jsonb_path_exists(sections, '$[*] ? (!(exists(@.order ? (@.type() == "number"))))')
  ),
  change_log jsonb not null default '[]'::jsonb constraint whitepaper_change_log_check check (
    jsonb_typeof(change_log) = 'array'
    and not jsonb_path_exists(change_log, '$[*] ? (@.type() != "string")')
  )
);
create index if not exists whitepaper_created_at_idx on public.whitepaper (created_at desc);
-- Public page: the published version with the highest version.
create index if not exists whitepaper_published_version_idx on public.whitepaper (published, version_key desc);
-- At most one published version, whatever path a write takes (the publish RPC keeps it so).
create unique index if not exists whitepaper_one_published_idx on public.whitepaper (published) where published;

-- blog_posts -------------------------------------------------------------------------------------
create table if not exists public.blog_posts (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint blog_posts_title_not_blank check (title ~ '\S'),
  -- For /updates/:slug; derived from the title when not given, made unique with -2, -3, ...
  slug text not null constraint blog_posts_slug_key unique
    constraint blog_posts_slug_check check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 120),
  content text not null constraint blog_posts_content_not_blank check (content ~ '\S'),
  image_url text constraint blog_posts_image_url_check check (image_url ~* '^https?://[^[:space:]]+$'),
  category text not null constraint blog_posts_category_check check (category in ('development', 'hardware', 'community')),
  milestone text,
  published boolean not null default false,
  created_at timestamptz not null default now(),
  -- "3 min read": computed from the content (200 words a minute, at least 1) when not given.
  read_time text not null constraint blog_posts_read_time_not_blank check (read_time ~ '\S')
);
create index if not exists blog_posts_created_at_idx on public.blog_posts (created_at desc);
create index if not exists blog_posts_published_created_at_idx on public.blog_posts (published, created_at desc);

-- form_submissions -------------------------------------------------------------------------------
-- Waitlist, newsletter and contact forms, written by the local form intake with the service role;
-- admins read them and mark them handled.
create table if not exists public.form_submissions (
  id uuid primary key default gen_random_uuid(),
  kind text not null constraint form_submissions_kind_check check (kind in ('waitlist', 'newsletter', 'contact')),
  email text not null constraint form_submissions_email_check check (email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$' and length(email) <= 320),
  name text constraint form_submissions_name_check check (name ~ '\S' and length(name) <= 200),
  message text constraint form_submissions_message_check check (message ~ '\S' and length(message) <= 10000),
  created_at timestamptz not null default now(),
  handled boolean not null default false,
  -- Contact messages carry a name and a message (spec: name, email and message all required).
  constraint form_submissions_contact_fields_check check (kind <> 'contact' or (name is not null and message is not null))
);
create index if not exists form_submissions_created_at_idx on public.form_submissions (created_at desc);
create index if not exists form_submissions_handled_created_at_idx on public.form_submissions (handled, created_at desc);

-- Derived blog fields ----------------------------------------------------------------------------

-- "N min read" for a text: words are runs of non-space characters, 200 a minute, at least 1 minute.
create or replace function public.read_time_for(content text)
returns text
language sql
immutable
set search_path = ''
as $$
  select greatest(1, ceil(regexp_count(coalesce(content, ''), '\S+') / 200.0)::integer)::text || ' min read';
$$;

-- A URL slug for a title: lower-case ASCII letters and digits separated by single hyphens, at most
-- 80 characters; 'post' when nothing is left.
create or replace function public.slugify(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select coalesce(
    nullif(trim(both '-' from left(regexp_replace(lower(coalesce(value, '')), '[^a-z0-9]+', '-', 'g'), 80)), ''),
    'post'
  );
$$;

-- Before insert or update of a blog post:
--   slug: when not given (null or blank), derived from the title and made unique (-2, -3, ...);
--         when given, normalised with slugify (a clash with another post is a unique violation).
--   read_time: computed from the content when not given, and again when the content changes while
--         read_time is left as it was.
-- security definer so the uniqueness probe sees every post, drafts included, whoever writes.
create or replace function public.blog_posts_derive_fields()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  base text;
  candidate text;
  suffix integer := 1;
begin
  if new.slug is null or new.slug !~ '\S' then
    base := public.slugify(new.title);
    candidate := base;
    while exists (select 1 from public.blog_posts where slug = candidate and id <> new.id) loop
      suffix := suffix + 1;
      candidate := base || '-' || suffix;
    end loop;
    new.slug := candidate;
  elsif tg_op = 'INSERT' or new.slug is distinct from old.slug then
    new.slug := public.slugify(new.slug);
  end if;

  if new.read_time is null or new.read_time !~ '\S'
     or (tg_op = 'UPDATE' and new.content is distinct from old.content and new.read_time is not distinct from old.read_time) then
    new.read_time := public.read_time_for(new.content);
  end if;
  return new;
end;
$$;

-- Triggers (they fire in name order: blank_to_null first) ----------------------------------------
drop trigger if exists blank_to_null on public.featured_collections;
create trigger blank_to_null before insert or update on public.featured_collections
  for each row execute function public.blank_to_null('image_url');

drop trigger if exists blank_to_null on public.videos;
create trigger blank_to_null before insert or update on public.videos
  for each row execute function public.blank_to_null('thumbnail_url', 'video_url');

drop trigger if exists blank_to_null on public.interface_previews;
create trigger blank_to_null before insert or update on public.interface_previews
  for each row execute function public.blank_to_null('image_url');
drop trigger if exists gallery_defaults on public.interface_previews;
create trigger gallery_defaults before insert or update on public.interface_previews
  for each row execute function public.gallery_defaults();

drop trigger if exists blank_to_null on public.cartridge_models;
create trigger blank_to_null before insert or update on public.cartridge_models
  for each row execute function public.blank_to_null('image_url');
drop trigger if exists gallery_defaults on public.cartridge_models;
create trigger gallery_defaults before insert or update on public.cartridge_models
  for each row execute function public.gallery_defaults();

drop trigger if exists blank_to_null on public.press_quotes;
create trigger blank_to_null before insert or update on public.press_quotes
  for each row execute function public.blank_to_null('logo_url');

drop trigger if exists blank_to_null on public.blog_posts;
create trigger blank_to_null before insert or update on public.blog_posts
  for each row execute function public.blank_to_null('image_url', 'milestone');
drop trigger if exists derive_fields on public.blog_posts;
create trigger derive_fields before insert or update on public.blog_posts
  for each row execute function public.blog_posts_derive_fields();

drop trigger if exists blank_to_null on public.form_submissions;
create trigger blank_to_null before insert or update on public.form_submissions
  for each row execute function public.blank_to_null('name', 'message');
