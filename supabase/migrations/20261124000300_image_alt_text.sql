-- Alt text for every image the site shows. A media asset carries the text that describes it
-- (alt_text), offered when an admin picks it; the content that shows an image stores its own copy
-- beside the image's URL (editable there, since one picture can illustrate different things), plus a
-- flag that marks the image as decorative (rendered with alt="", skipped by screen readers). The
-- site falls back to the content's title when neither is set (shared/images.ts, imageAlt).
--
-- Lengths follow shared/limits.ts (TEXT_LIMITS.alt), which the forms check first; blank text is
-- stored as null, like the URLs beside it. Re-runnable.

alter table public.media_assets
  add column if not exists alt_text text,
  drop constraint if exists media_assets_alt_text_length,
  add constraint media_assets_alt_text_length check (char_length(alt_text) <= 500);

alter table public.blog_posts
  add column if not exists image_alt text,
  add column if not exists image_decorative boolean not null default false,
  drop constraint if exists blog_posts_image_alt_length,
  add constraint blog_posts_image_alt_length check (char_length(image_alt) <= 500);

alter table public.featured_collections
  add column if not exists image_alt text,
  add column if not exists image_decorative boolean not null default false,
  drop constraint if exists featured_collections_image_alt_length,
  add constraint featured_collections_image_alt_length check (char_length(image_alt) <= 500);

alter table public.interface_previews
  add column if not exists image_alt text,
  add column if not exists image_decorative boolean not null default false,
  drop constraint if exists interface_previews_image_alt_length,
  add constraint interface_previews_image_alt_length check (char_length(image_alt) <= 500);

alter table public.cartridge_models
  add column if not exists image_alt text,
  add column if not exists image_decorative boolean not null default false,
  drop constraint if exists cartridge_models_image_alt_length,
  add constraint cartridge_models_image_alt_length check (char_length(image_alt) <= 500);

alter table public.press_quotes
  add column if not exists logo_alt text,
  add column if not exists logo_decorative boolean not null default false,
  drop constraint if exists press_quotes_logo_alt_length,
  add constraint press_quotes_logo_alt_length check (char_length(logo_alt) <= 500);

alter table public.videos
  add column if not exists thumbnail_alt text,
  add column if not exists thumbnail_decorative boolean not null default false,
  drop constraint if exists videos_thumbnail_alt_length,
  add constraint videos_thumbnail_alt_length check (char_length(thumbnail_alt) <= 500);

-- Blank alt text is no text: stored as null (public.blank_to_null, from the content tables' migration).
drop trigger if exists blank_alt_to_null on public.media_assets;
create trigger blank_alt_to_null before insert or update on public.media_assets
  for each row execute function public.blank_to_null('alt_text');
drop trigger if exists blank_alt_to_null on public.blog_posts;
create trigger blank_alt_to_null before insert or update on public.blog_posts
  for each row execute function public.blank_to_null('image_alt');
drop trigger if exists blank_alt_to_null on public.featured_collections;
create trigger blank_alt_to_null before insert or update on public.featured_collections
  for each row execute function public.blank_to_null('image_alt');
drop trigger if exists blank_alt_to_null on public.interface_previews;
create trigger blank_alt_to_null before insert or update on public.interface_previews
  for each row execute function public.blank_to_null('image_alt');
drop trigger if exists blank_alt_to_null on public.cartridge_models;
create trigger blank_alt_to_null before insert or update on public.cartridge_models
  for each row execute function public.blank_to_null('image_alt');
drop trigger if exists blank_alt_to_null on public.press_quotes;
create trigger blank_alt_to_null before insert or update on public.press_quotes
  for each row execute function public.blank_to_null('logo_alt');
drop trigger if exists blank_alt_to_null on public.videos;
create trigger blank_alt_to_null before insert or update on public.videos
  for each row execute function public.blank_to_null('thumbnail_alt');
