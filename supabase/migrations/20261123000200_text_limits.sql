-- Length limits on every text the API stores, so that no title, word or URL can grow without bound
-- (a 3,000-character title once pushed the admin table's actions off screen). The numbers are the
-- ones in shared/limits.ts, which the forms check first with the same messages;
-- tests/integration/database-limits.test.ts walks shared/content-tables.ts and proves that both agree.
--
-- Lengths are counted in characters (char_length), as the forms count code points. Columns that
-- already had a bound keep it: blog_posts.slug (120), form_submissions email (320), name (200) and
-- message (10,000). Enumerations (categories, kinds, types) are bounded by their own checks.
--
-- Re-runnable: each constraint is dropped and added again.

-- The longest string of a JSON array: of its elements, or of one field of its objects. 0 for an empty
-- array or anything that is not an array (the shape checks reject those).
create or replace function public.longest_text(items jsonb, field text default null)
returns integer
language sql
immutable
set search_path = ''
as $$
  select coalesce(max(char_length(case when field is null then element #>> '{}' else element ->> field end)), 0)
    from jsonb_array_elements(case when jsonb_typeof(items) = 'array' then items else '[]'::jsonb end) as element;
$$;
-- Check constraints run with the writer's privileges: writers may execute it (it reads nothing).
revoke all on function public.longest_text(jsonb, text) from public, anon;
grant execute on function public.longest_text(jsonb, text) to authenticated, service_role;

-- The number of entries of a JSON array; 0 for anything else.
create or replace function public.entry_count(items jsonb)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case when jsonb_typeof(items) = 'array' then jsonb_array_length(items) else 0 end;
$$;
revoke all on function public.entry_count(jsonb) from public, anon;
grant execute on function public.entry_count(jsonb) to authenticated, service_role;

-- project_stages
alter table public.project_stages
  drop constraint if exists project_stages_name_length,
  add constraint project_stages_name_length check (char_length(name) <= 200);

-- media_assets
alter table public.media_assets
  drop constraint if exists media_assets_url_length,
  add constraint media_assets_url_length check (char_length(url) <= 2048),
  drop constraint if exists media_assets_filename_length,
  add constraint media_assets_filename_length check (char_length(filename) <= 255);

-- featured_collections: features are at most 50 entries of at most 100 characters.
alter table public.featured_collections
  drop constraint if exists featured_collections_title_length,
  add constraint featured_collections_title_length check (char_length(title) <= 200),
  drop constraint if exists featured_collections_description_length,
  add constraint featured_collections_description_length check (char_length(description) <= 2000),
  drop constraint if exists featured_collections_image_url_length,
  add constraint featured_collections_image_url_length check (char_length(image_url) <= 2048),
  drop constraint if exists featured_collections_capacity_length,
  add constraint featured_collections_capacity_length check (char_length(capacity) <= 100),
  drop constraint if exists featured_collections_features_length,
  add constraint featured_collections_features_length check (public.entry_count(features) <= 50 and public.longest_text(features) <= 100);

-- videos
alter table public.videos
  drop constraint if exists videos_title_length,
  add constraint videos_title_length check (char_length(title) <= 200),
  drop constraint if exists videos_description_length,
  add constraint videos_description_length check (char_length(description) <= 2000),
  drop constraint if exists videos_thumbnail_url_length,
  add constraint videos_thumbnail_url_length check (char_length(thumbnail_url) <= 2048),
  drop constraint if exists videos_video_url_length,
  add constraint videos_video_url_length check (char_length(video_url) <= 2048);

-- interface_previews
alter table public.interface_previews
  drop constraint if exists interface_previews_title_length,
  add constraint interface_previews_title_length check (char_length(title) <= 200),
  drop constraint if exists interface_previews_description_length,
  add constraint interface_previews_description_length check (char_length(description) <= 2000),
  drop constraint if exists interface_previews_image_url_length,
  add constraint interface_previews_image_url_length check (char_length(image_url) <= 2048);

-- cartridge_models: each specification a short label, at most 50 features.
alter table public.cartridge_models
  drop constraint if exists cartridge_models_title_length,
  add constraint cartridge_models_title_length check (char_length(title) <= 200),
  drop constraint if exists cartridge_models_description_length,
  add constraint cartridge_models_description_length check (char_length(description) <= 2000),
  drop constraint if exists cartridge_models_image_url_length,
  add constraint cartridge_models_image_url_length check (char_length(image_url) <= 2048),
  drop constraint if exists cartridge_models_specifications_length,
  add constraint cartridge_models_specifications_length check (
    coalesce(char_length(specifications ->> 'storage'), 0) <= 100
    and coalesce(char_length(specifications ->> 'dimensions'), 0) <= 100
    and coalesce(char_length(specifications ->> 'weight'), 0) <= 100
    and public.entry_count(specifications -> 'features') <= 50
    and public.longest_text(specifications -> 'features') <= 100
  );

-- press_quotes
alter table public.press_quotes
  drop constraint if exists press_quotes_quote_length,
  add constraint press_quotes_quote_length check (char_length(quote) <= 1000),
  drop constraint if exists press_quotes_source_length,
  add constraint press_quotes_source_length check (char_length(source) <= 200),
  drop constraint if exists press_quotes_logo_url_length,
  add constraint press_quotes_logo_url_length check (char_length(logo_url) <= 2048);

-- whitepaper: at most 100 sections (titles 200, Markdown 20,000), change-log entries 200.
alter table public.whitepaper
  drop constraint if exists whitepaper_title_length,
  add constraint whitepaper_title_length check (char_length(title) <= 200),
  drop constraint if exists whitepaper_version_length,
  add constraint whitepaper_version_length check (char_length(version) <= 50),
  drop constraint if exists whitepaper_sections_length,
  add constraint whitepaper_sections_length check (
    public.entry_count(sections) <= 100
    and public.longest_text(sections, 'title') <= 200
    and public.longest_text(sections, 'content') <= 20000
  ),
  drop constraint if exists whitepaper_change_log_length,
  add constraint whitepaper_change_log_length check (public.longest_text(change_log) <= 200);

-- blog_posts
alter table public.blog_posts
  drop constraint if exists blog_posts_title_length,
  add constraint blog_posts_title_length check (char_length(title) <= 200),
  drop constraint if exists blog_posts_content_length,
  add constraint blog_posts_content_length check (char_length(content) <= 100000),
  drop constraint if exists blog_posts_image_url_length,
  add constraint blog_posts_image_url_length check (char_length(image_url) <= 2048),
  drop constraint if exists blog_posts_milestone_length,
  add constraint blog_posts_milestone_length check (char_length(milestone) <= 100),
  drop constraint if exists blog_posts_read_time_length,
  add constraint blog_posts_read_time_length check (char_length(read_time) <= 100);
