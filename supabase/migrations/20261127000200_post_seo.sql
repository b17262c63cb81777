-- What a post tells search engines and social sites, when its editor wants more than the defaults:
--   seo_description  the meta and Open Graph description (default: the post's excerpt)
--   seo_image_url    the Open Graph / Twitter image (default: the post's cover, image_url)
--   canonical_url    the canonical address (default: the post's own /updates/<slug>), such as the
--                    original when the post is republished from elsewhere
-- All optional; blank is stored as null (public.blank_to_null), so a cleared field means "the default".
-- Limits follow shared/limits.ts (TEXT_LIMITS.seoDescription, url), which the editor checks first with
-- the same messages; tests/integration/database-limits.test.ts proves them from shared/content-tables.ts.
-- History and row versions need nothing here: their triggers record and check whole rows.
-- Re-runnable.

alter table public.blog_posts
  add column if not exists seo_description text,
  add column if not exists seo_image_url text,
  add column if not exists canonical_url text,
  drop constraint if exists blog_posts_seo_description_length,
  add constraint blog_posts_seo_description_length check (char_length(seo_description) <= 300),
  drop constraint if exists blog_posts_seo_image_url_check,
  add constraint blog_posts_seo_image_url_check check (seo_image_url ~* '^https?://[^[:space:]]+$'),
  drop constraint if exists blog_posts_seo_image_url_length,
  add constraint blog_posts_seo_image_url_length check (char_length(seo_image_url) <= 2048),
  drop constraint if exists blog_posts_canonical_url_check,
  add constraint blog_posts_canonical_url_check check (canonical_url ~* '^https?://[^/[:space:]][^[:space:]]*$'),
  drop constraint if exists blog_posts_canonical_url_length,
  add constraint blog_posts_canonical_url_length check (char_length(canonical_url) <= 2048);

drop trigger if exists blank_seo_to_null on public.blog_posts;
create trigger blank_seo_to_null before insert or update on public.blog_posts
  for each row execute function public.blank_to_null('seo_description', 'seo_image_url', 'canonical_url');
