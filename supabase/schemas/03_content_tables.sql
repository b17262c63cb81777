-- Content tables: what the site shows and the back office manages (the whitepaper and blog posts
-- have files of their own, 04_whitepaper.sql and 05_blog_posts.sql; form submissions are
-- 09_form_submissions.sql). shared/content-tables.ts lists them for the tests that walk every table.
--
-- Every content table has, besides its own columns and checks:
--   * row-level security: visitors (anon) and signed-in non-members read published rows whose
--     publish_at has come (null: at once; project stages: every row; media: none), members
--     (public.is_admin()) read and write every row; the restrictive two-factor policy (01_team.sql);
--   * grants narrowed from Supabase's defaults: nobody truncates, references or adds triggers
--     through the API; anon never writes;
--   * scheduled publishing, where rows are drafts until published: `publish_at` (null: at once) and
--     its index, which content_version() looks up on every poll (07_live_site.sql). The rule is the
--     read policy itself, evaluated with now() on every read, so no job has to run at the scheduled
--     moment and every reader (the site, its server renders, the sitemap and feed, any API client)
--     gets the same answer;
--   * the three row triggers of 00_foundations.sql: content_history (the history), row_version (no
--     lost update) and, where visitors read it, content_version_bump (the live site);
--   * alt text for every image the site shows: the content stores its own copy beside the image's URL
--     (editable there, since one picture can illustrate different things), plus a flag that marks
--     the image as decorative (rendered with alt="", skipped by screen readers). The site falls back
--     to the content's title when neither is set (shared/images.ts, imageAlt); blank alt text is
--     stored as null (blank_alt_to_null).
--
-- Triggers of one event fire in name order: blank_to_null and blank_alt_to_null first.

-- project_stages ---------------------------------------------------------------------------------
-- The roadmap: everyone reads every stage (there are no drafts); members write.
create table if not exists public.project_stages (
  id uuid primary key default gen_random_uuid(),
  name text not null
    constraint project_stages_name_not_blank check (name ~ '\S')
    constraint project_stages_name_length check (char_length(name) <= 200),
  category text not null constraint project_stages_category_check check (category in ('hardware', 'token')),
  "order" integer not null default 0 constraint project_stages_order_check check ("order" >= 0),
  progress integer not null default 0 constraint project_stages_progress_check check (progress between 0 and 100),
  completed boolean not null default false,
  created_at timestamptz not null default now(),
  row_version integer not null default 1,
  constraint project_stages_completed_check check (completed = (progress = 100))
);
-- Public and admin lists: ordered by category then order (ties by id, as move_stage breaks them).
create index if not exists project_stages_category_order_idx on public.project_stages (category, "order", id);

-- A stage is completed exactly when its progress is 100, whoever writes it (the back office, a script,
-- the SQL editor): the tile percentages and the timeline labels then always agree.
--
--   ticking completed          sets progress to 100
--   unticking completed        a stage left at 100 goes back to 95 (one slider step), in progress
--   moving progress to 100     marks it completed; moving it below 100 reopens it
create or replace function public.project_stages_completion()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.completed is distinct from old.completed then
    if new.completed then
      new.progress := 100;
    elsif new.progress = 100 then
      new.progress := 95;
    end if;
  elsif tg_op = 'UPDATE' and new.progress is distinct from old.progress then
    new.completed := new.progress = 100;
  end if;

  if new.completed then
    new.progress := 100;
  elsif new.progress = 100 then
    new.completed := true;
  end if;
  return new;
end;
$$;
revoke all on function public.project_stages_completion() from public, anon, authenticated, service_role;
grant execute on function public.project_stages_completion() to service_role;

create trigger completion before insert or update on public.project_stages
  for each row execute function public.project_stages_completion();
create trigger content_history after insert or update or delete on public.project_stages
  for each row execute function public.record_content_revision();
create trigger row_version before update on public.project_stages
  for each row execute function public.check_row_version();
create trigger content_version_bump after insert or update or delete or truncate on public.project_stages
  for each statement execute function public.bump_content_version();

alter table public.project_stages enable row level security;
create policy "Anyone reads stages" on public.project_stages
  for select to anon, authenticated
  using (true);
create policy "Admins insert stages" on public.project_stages
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins update stages" on public.project_stages
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete stages" on public.project_stages
  for delete to authenticated
  using ((select public.is_admin()));
create policy "Sessions at the required assurance level" on public.project_stages
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
revoke all on public.project_stages from anon, authenticated, service_role;
grant select on public.project_stages to anon;
grant select, insert, update, delete on public.project_stages to authenticated;
grant all on public.project_stages to service_role;

-- media_assets -----------------------------------------------------------------------------------
-- The back office's media library: members only (the files themselves are public in the storage
-- bucket, 12_storage.sql). A media asset carries the text that describes it (alt_text), offered when
-- a member picks it.
-- Image and video columns here and in 05_blog_posts.sql take an http(s) URL or a host-relative
-- address of our own Storage (/storage/v1/object/public/...), the form the library stores, so the
-- content serves under any API host; the apps make it absolute for the API they read (shared/images.ts).
create table if not exists public.media_assets (
  id uuid primary key default gen_random_uuid(),
  url text not null
    constraint media_assets_url_check check (url ~* '^https?://[^[:space:]]+$' or url ~ '^/storage/v1/object/public/[^[:space:]\\]+$')
    constraint media_assets_url_length check (char_length(url) <= 2048),
  filename text not null
    constraint media_assets_filename_not_blank check (filename ~ '\S')
    constraint media_assets_filename_length check (char_length(filename) <= 255),
  type text not null constraint media_assets_type_check check (type in ('image', 'video')),
  size bigint not null default 0 constraint media_assets_size_check check (size >= 0),
  metadata jsonb not null default '{}'::jsonb constraint media_assets_metadata_check check (
    jsonb_typeof(metadata) = 'object'
    and (metadata -> 'format' is null or jsonb_typeof(metadata -> 'format') in ('string', 'null'))
  ),
  created_at timestamptz not null default now(),
  alt_text text constraint media_assets_alt_text_length check (char_length(alt_text) <= 500),
  row_version integer not null default 1
);
create index if not exists media_assets_created_at_idx on public.media_assets (created_at desc);

create trigger blank_alt_to_null before insert or update on public.media_assets
  for each row execute function public.blank_to_null('alt_text');
create trigger content_history after insert or update or delete on public.media_assets
  for each row execute function public.record_content_revision();
create trigger row_version before update on public.media_assets
  for each row execute function public.check_row_version();

alter table public.media_assets enable row level security;
create policy "Admins read media" on public.media_assets
  for select to authenticated
  using ((select public.is_admin()));
create policy "Admins insert media" on public.media_assets
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins update media" on public.media_assets
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete media" on public.media_assets
  for delete to authenticated
  using ((select public.is_admin()));
create policy "Sessions at the required assurance level" on public.media_assets
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
-- Never visible to visitors.
revoke all on public.media_assets from anon, authenticated, service_role;
grant select, insert, update, delete on public.media_assets to authenticated;
grant all on public.media_assets to service_role;

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
revoke all on function public.gallery_defaults() from public, anon, authenticated, service_role;
grant execute on function public.gallery_defaults() to service_role;

-- featured_collections ---------------------------------------------------------------------------
create table if not exists public.featured_collections (
  id uuid primary key default gen_random_uuid(),
  title text not null
    constraint featured_collections_title_not_blank check (title ~ '\S')
    constraint featured_collections_title_length check (char_length(title) <= 200),
  description text not null
    constraint featured_collections_description_not_blank check (description ~ '\S')
    constraint featured_collections_description_length check (char_length(description) <= 2000),
  image_url text
    constraint featured_collections_image_url_check check (image_url ~* '^https?://[^[:space:]]+$' or image_url ~ '^/storage/v1/object/public/[^[:space:]\\]+$')
    constraint featured_collections_image_url_length check (char_length(image_url) <= 2048),
  -- "At least one feature is required": a non-empty array of strings, at least one of them non-blank;
  -- at most 50 entries of at most 100 characters.
  features jsonb not null default '[]'::jsonb
    constraint featured_collections_features_check check (
      jsonb_typeof(features) = 'array'
      and not jsonb_path_exists(features, '$[*] ? (@.type() != "string")')
      and jsonb_path_exists(features, '$[*] ? (@ like_regex "[^[:space:]]")')
    )
    constraint featured_collections_features_length check (public.entry_count(features) <= 50 and public.longest_text(features) <= 100),
  capacity text not null
    constraint featured_collections_capacity_not_blank check (capacity ~ '\S')
    constraint featured_collections_capacity_length check (char_length(capacity) <= 100),
  published boolean not null default false,
  created_at timestamptz not null default now(),
  image_alt text constraint featured_collections_image_alt_length check (char_length(image_alt) <= 500),
  image_decorative boolean not null default false,
  publish_at timestamptz,
  row_version integer not null default 1
);
create index if not exists featured_collections_created_at_idx on public.featured_collections (created_at desc);
create index if not exists featured_collections_publish_at_idx on public.featured_collections (publish_at) where published and publish_at is not null;

create trigger blank_to_null before insert or update on public.featured_collections
  for each row execute function public.blank_to_null('image_url');
create trigger blank_alt_to_null before insert or update on public.featured_collections
  for each row execute function public.blank_to_null('image_alt');
create trigger content_history after insert or update or delete on public.featured_collections
  for each row execute function public.record_content_revision();
create trigger row_version before update on public.featured_collections
  for each row execute function public.check_row_version();
create trigger content_version_bump after insert or update or delete or truncate on public.featured_collections
  for each statement execute function public.bump_content_version();

alter table public.featured_collections enable row level security;
create policy "Read published rows, admins read all" on public.featured_collections
  for select to anon, authenticated
  using ((published and (publish_at is null or publish_at <= now())) or (select public.is_admin()));
create policy "Admins insert" on public.featured_collections
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins update" on public.featured_collections
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete" on public.featured_collections
  for delete to authenticated
  using ((select public.is_admin()));
create policy "Sessions at the required assurance level" on public.featured_collections
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
revoke all on public.featured_collections from anon, authenticated, service_role;
grant select on public.featured_collections to anon;
grant select, insert, update, delete on public.featured_collections to authenticated;
grant all on public.featured_collections to service_role;

-- videos -----------------------------------------------------------------------------------------
create table if not exists public.videos (
  id uuid primary key default gen_random_uuid(),
  title text not null
    constraint videos_title_not_blank check (title ~ '\S')
    constraint videos_title_length check (char_length(title) <= 200),
  description text not null
    constraint videos_description_not_blank check (description ~ '\S')
    constraint videos_description_length check (char_length(description) <= 2000),
  thumbnail_url text
    constraint videos_thumbnail_url_check check (thumbnail_url ~* '^https?://[^[:space:]]+$' or thumbnail_url ~ '^/storage/v1/object/public/[^[:space:]\\]+$')
    constraint videos_thumbnail_url_length check (char_length(thumbnail_url) <= 2048),
  video_url text
    constraint videos_video_url_check check (video_url ~* '^https?://[^[:space:]]+$' or video_url ~ '^/storage/v1/object/public/[^[:space:]\\]+$')
    constraint videos_video_url_length check (char_length(video_url) <= 2048),
  category text not null constraint videos_category_check check (category in ('Development', 'Hardware', 'Tutorial', 'Community')),
  views bigint not null default 0 constraint videos_views_check check (views >= 0),
  published boolean not null default false,
  created_at timestamptz not null default now(),
  thumbnail_alt text constraint videos_thumbnail_alt_length check (char_length(thumbnail_alt) <= 500),
  thumbnail_decorative boolean not null default false,
  publish_at timestamptz,
  row_version integer not null default 1
);
create index if not exists videos_created_at_idx on public.videos (created_at desc);
create index if not exists videos_publish_at_idx on public.videos (publish_at) where published and publish_at is not null;

create trigger blank_to_null before insert or update on public.videos
  for each row execute function public.blank_to_null('thumbnail_url', 'video_url');
create trigger blank_alt_to_null before insert or update on public.videos
  for each row execute function public.blank_to_null('thumbnail_alt');
create trigger content_history after insert or update or delete on public.videos
  for each row execute function public.record_content_revision();
create trigger row_version before update on public.videos
  for each row execute function public.check_row_version();
create trigger content_version_bump after insert or update or delete or truncate on public.videos
  for each statement execute function public.bump_content_version();

alter table public.videos enable row level security;
create policy "Read published rows, admins read all" on public.videos
  for select to anon, authenticated
  using ((published and (publish_at is null or publish_at <= now())) or (select public.is_admin()));
create policy "Admins insert" on public.videos
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins update" on public.videos
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete" on public.videos
  for delete to authenticated
  using ((select public.is_admin()));
create policy "Sessions at the required assurance level" on public.videos
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
revoke all on public.videos from anon, authenticated, service_role;
grant select on public.videos to anon;
grant select, insert, update, delete on public.videos to authenticated;
grant all on public.videos to service_role;

-- interface_previews -----------------------------------------------------------------------------
create table if not exists public.interface_previews (
  id uuid primary key default gen_random_uuid(),
  title text not null
    constraint interface_previews_title_not_blank check (title ~ '\S')
    constraint interface_previews_title_length check (char_length(title) <= 200),
  description text not null
    constraint interface_previews_description_not_blank check (description ~ '\S')
    constraint interface_previews_description_length check (char_length(description) <= 2000),
  image_url text
    constraint interface_previews_image_url_check check (image_url ~* '^https?://[^[:space:]]+$' or image_url ~ '^/storage/v1/object/public/[^[:space:]\\]+$')
    constraint interface_previews_image_url_length check (char_length(image_url) <= 2048),
  -- Optional in the form: a missing or blank category becomes 'UI' (gallery_defaults).
  category text not null default 'UI' constraint interface_previews_category_check check (category in ('UI', 'Features', 'Effects')),
  "order" integer not null default 0 constraint interface_previews_order_check check ("order" >= 0),
  published boolean not null default false,
  created_at timestamptz not null default now(),
  image_alt text constraint interface_previews_image_alt_length check (char_length(image_alt) <= 500),
  image_decorative boolean not null default false,
  publish_at timestamptz,
  row_version integer not null default 1
);
create index if not exists interface_previews_order_idx on public.interface_previews ("order", id);
create index if not exists interface_previews_publish_at_idx on public.interface_previews (publish_at) where published and publish_at is not null;

create trigger blank_to_null before insert or update on public.interface_previews
  for each row execute function public.blank_to_null('image_url');
create trigger blank_alt_to_null before insert or update on public.interface_previews
  for each row execute function public.blank_to_null('image_alt');
create trigger gallery_defaults before insert or update on public.interface_previews
  for each row execute function public.gallery_defaults();
create trigger content_history after insert or update or delete on public.interface_previews
  for each row execute function public.record_content_revision();
create trigger row_version before update on public.interface_previews
  for each row execute function public.check_row_version();
create trigger content_version_bump after insert or update or delete or truncate on public.interface_previews
  for each statement execute function public.bump_content_version();

alter table public.interface_previews enable row level security;
create policy "Read published rows, admins read all" on public.interface_previews
  for select to anon, authenticated
  using ((published and (publish_at is null or publish_at <= now())) or (select public.is_admin()));
create policy "Admins insert" on public.interface_previews
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins update" on public.interface_previews
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete" on public.interface_previews
  for delete to authenticated
  using ((select public.is_admin()));
create policy "Sessions at the required assurance level" on public.interface_previews
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
revoke all on public.interface_previews from anon, authenticated, service_role;
grant select on public.interface_previews to anon;
grant select, insert, update, delete on public.interface_previews to authenticated;
grant all on public.interface_previews to service_role;

-- cartridge_models -------------------------------------------------------------------------------
create table if not exists public.cartridge_models (
  id uuid primary key default gen_random_uuid(),
  title text not null
    constraint cartridge_models_title_not_blank check (title ~ '\S')
    constraint cartridge_models_title_length check (char_length(title) <= 200),
  description text not null
    constraint cartridge_models_description_not_blank check (description ~ '\S')
    constraint cartridge_models_description_length check (char_length(description) <= 2000),
  image_url text
    constraint cartridge_models_image_url_check check (image_url ~* '^https?://[^[:space:]]+$' or image_url ~ '^/storage/v1/object/public/[^[:space:]\\]+$')
    constraint cartridge_models_image_url_length check (char_length(image_url) <= 2048),
  -- {storage, features, dimensions, weight}, every key optional; new items default to {} (a form's
  -- null too, gallery_defaults). Each specification a short label, at most 50 features.
  specifications jsonb not null default '{}'::jsonb
    constraint cartridge_models_specifications_check check (
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
    )
    constraint cartridge_models_specifications_length check (
      coalesce(char_length(specifications ->> 'storage'), 0) <= 100
      and coalesce(char_length(specifications ->> 'dimensions'), 0) <= 100
      and coalesce(char_length(specifications ->> 'weight'), 0) <= 100
      and public.entry_count(specifications -> 'features') <= 50
      and public.longest_text(specifications -> 'features') <= 100
    ),
  "order" integer not null default 0 constraint cartridge_models_order_check check ("order" >= 0),
  published boolean not null default false,
  created_at timestamptz not null default now(),
  image_alt text constraint cartridge_models_image_alt_length check (char_length(image_alt) <= 500),
  image_decorative boolean not null default false,
  publish_at timestamptz,
  row_version integer not null default 1
);
create index if not exists cartridge_models_order_idx on public.cartridge_models ("order", id);
create index if not exists cartridge_models_publish_at_idx on public.cartridge_models (publish_at) where published and publish_at is not null;

create trigger blank_to_null before insert or update on public.cartridge_models
  for each row execute function public.blank_to_null('image_url');
create trigger blank_alt_to_null before insert or update on public.cartridge_models
  for each row execute function public.blank_to_null('image_alt');
create trigger gallery_defaults before insert or update on public.cartridge_models
  for each row execute function public.gallery_defaults();
create trigger content_history after insert or update or delete on public.cartridge_models
  for each row execute function public.record_content_revision();
create trigger row_version before update on public.cartridge_models
  for each row execute function public.check_row_version();
create trigger content_version_bump after insert or update or delete or truncate on public.cartridge_models
  for each statement execute function public.bump_content_version();

alter table public.cartridge_models enable row level security;
create policy "Read published rows, admins read all" on public.cartridge_models
  for select to anon, authenticated
  using ((published and (publish_at is null or publish_at <= now())) or (select public.is_admin()));
create policy "Admins insert" on public.cartridge_models
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins update" on public.cartridge_models
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete" on public.cartridge_models
  for delete to authenticated
  using ((select public.is_admin()));
create policy "Sessions at the required assurance level" on public.cartridge_models
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
revoke all on public.cartridge_models from anon, authenticated, service_role;
grant select on public.cartridge_models to anon;
grant select, insert, update, delete on public.cartridge_models to authenticated;
grant all on public.cartridge_models to service_role;

-- press_quotes -----------------------------------------------------------------------------------
create table if not exists public.press_quotes (
  id uuid primary key default gen_random_uuid(),
  quote text not null
    constraint press_quotes_quote_not_blank check (quote ~ '\S')
    constraint press_quotes_quote_length check (char_length(quote) <= 1000),
  source text not null
    constraint press_quotes_source_not_blank check (source ~ '\S')
    constraint press_quotes_source_length check (char_length(source) <= 200),
  logo_url text
    constraint press_quotes_logo_url_check check (logo_url ~* '^https?://[^[:space:]]+$' or logo_url ~ '^/storage/v1/object/public/[^[:space:]\\]+$')
    constraint press_quotes_logo_url_length check (char_length(logo_url) <= 2048),
  published boolean not null default false,
  created_at timestamptz not null default now(),
  logo_alt text constraint press_quotes_logo_alt_length check (char_length(logo_alt) <= 500),
  logo_decorative boolean not null default false,
  publish_at timestamptz,
  row_version integer not null default 1
);
create index if not exists press_quotes_created_at_idx on public.press_quotes (created_at desc);
create index if not exists press_quotes_publish_at_idx on public.press_quotes (publish_at) where published and publish_at is not null;

create trigger blank_to_null before insert or update on public.press_quotes
  for each row execute function public.blank_to_null('logo_url');
create trigger blank_alt_to_null before insert or update on public.press_quotes
  for each row execute function public.blank_to_null('logo_alt');
create trigger content_history after insert or update or delete on public.press_quotes
  for each row execute function public.record_content_revision();
create trigger row_version before update on public.press_quotes
  for each row execute function public.check_row_version();
create trigger content_version_bump after insert or update or delete or truncate on public.press_quotes
  for each statement execute function public.bump_content_version();

alter table public.press_quotes enable row level security;
create policy "Read published rows, admins read all" on public.press_quotes
  for select to anon, authenticated
  using ((published and (publish_at is null or publish_at <= now())) or (select public.is_admin()));
create policy "Admins insert" on public.press_quotes
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins update" on public.press_quotes
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete" on public.press_quotes
  for delete to authenticated
  using ((select public.is_admin()));
create policy "Sessions at the required assurance level" on public.press_quotes
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
revoke all on public.press_quotes from anon, authenticated, service_role;
grant select on public.press_quotes to anon;
grant select, insert, update, delete on public.press_quotes to authenticated;
grant all on public.press_quotes to service_role;

-- faq_entries ------------------------------------------------------------------------------------
-- The Contact page's questions, edited in the back office (Content > FAQ). Visitors read the
-- published ones in `order`; while none is published the site shows its built-in list.
create table if not exists public.faq_entries (
  id uuid primary key default gen_random_uuid(),
  question text not null
    constraint faq_entries_question_not_blank check (question ~ '\S')
    constraint faq_entries_question_length check (char_length(question) <= 300),
  -- A rich-text document (shared/rich-text/document.ts): well-formed, not empty, within
  -- DOCUMENT_LIMITS.answer (50,000 bytes, 2,000 nodes).
  answer jsonb not null
    constraint faq_entries_answer_not_blank check (public.rich_text_has_content(answer))
    constraint faq_entries_answer_length check (public.rich_text_size_ok(answer, 50000, 2000))
    constraint faq_entries_answer_document check (public.rich_text_shape_ok(answer)),
  "order" integer not null default 0 constraint faq_entries_order_check check ("order" >= 0),
  published boolean not null default false,
  created_at timestamptz not null default now(),
  publish_at timestamptz,
  row_version integer not null default 1
);
create index if not exists faq_entries_order_idx on public.faq_entries ("order", id);
create index if not exists faq_entries_publish_at_idx on public.faq_entries (publish_at) where published and publish_at is not null;

create trigger content_history after insert or update or delete on public.faq_entries
  for each row execute function public.record_content_revision();
create trigger row_version before update on public.faq_entries
  for each row execute function public.check_row_version();
create trigger content_version_bump after insert or update or delete or truncate on public.faq_entries
  for each statement execute function public.bump_content_version();

alter table public.faq_entries enable row level security;
create policy "Read published rows, admins read all" on public.faq_entries
  for select to anon, authenticated
  using ((published and (publish_at is null or publish_at <= now())) or (select public.is_admin()));
create policy "Admins insert" on public.faq_entries
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins update" on public.faq_entries
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete" on public.faq_entries
  for delete to authenticated
  using ((select public.is_admin()));
create policy "Sessions at the required assurance level" on public.faq_entries
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
revoke all on public.faq_entries from anon, authenticated, service_role;
grant select on public.faq_entries to anon;
grant select, insert, update, delete on public.faq_entries to authenticated;
grant all on public.faq_entries to service_role;
