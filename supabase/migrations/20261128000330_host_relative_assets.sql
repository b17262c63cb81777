-- Our own Storage files are stored host-relative (/storage/v1/object/public/<bucket>/<path>), not
-- with the API host they were uploaded through, so the same content serves under any host: the
-- site, the back office and the mails make them absolute for the API they read. The image and video
-- columns take that form beside any http(s) URL, and every public Storage URL already stored is
-- rewritten to it. That path is Supabase Storage's own on any host, so a hosted project's URLs are
-- rewritten too: they render against the configured API URL, which is that same project.

alter table public.media_assets drop constraint if exists media_assets_url_check;
alter table public.media_assets add constraint media_assets_url_check check (url ~* '^https?://[^[:space:]]+$' or url ~ '^/storage/v1/object/public/[^[:space:]\\]+$');
alter table public.featured_collections drop constraint if exists featured_collections_image_url_check;
alter table public.featured_collections add constraint featured_collections_image_url_check check (image_url ~* '^https?://[^[:space:]]+$' or image_url ~ '^/storage/v1/object/public/[^[:space:]\\]+$');
alter table public.videos drop constraint if exists videos_thumbnail_url_check;
alter table public.videos add constraint videos_thumbnail_url_check check (thumbnail_url ~* '^https?://[^[:space:]]+$' or thumbnail_url ~ '^/storage/v1/object/public/[^[:space:]\\]+$');
alter table public.videos drop constraint if exists videos_video_url_check;
alter table public.videos add constraint videos_video_url_check check (video_url ~* '^https?://[^[:space:]]+$' or video_url ~ '^/storage/v1/object/public/[^[:space:]\\]+$');
alter table public.interface_previews drop constraint if exists interface_previews_image_url_check;
alter table public.interface_previews add constraint interface_previews_image_url_check check (image_url ~* '^https?://[^[:space:]]+$' or image_url ~ '^/storage/v1/object/public/[^[:space:]\\]+$');
alter table public.cartridge_models drop constraint if exists cartridge_models_image_url_check;
alter table public.cartridge_models add constraint cartridge_models_image_url_check check (image_url ~* '^https?://[^[:space:]]+$' or image_url ~ '^/storage/v1/object/public/[^[:space:]\\]+$');
alter table public.press_quotes drop constraint if exists press_quotes_logo_url_check;
alter table public.press_quotes add constraint press_quotes_logo_url_check check (logo_url ~* '^https?://[^[:space:]]+$' or logo_url ~ '^/storage/v1/object/public/[^[:space:]\\]+$');
alter table public.blog_posts drop constraint if exists blog_posts_image_url_check;
alter table public.blog_posts add constraint blog_posts_image_url_check check (image_url ~* '^https?://[^[:space:]]+$' or image_url ~ '^/storage/v1/object/public/[^[:space:]\\]+$');
alter table public.blog_posts drop constraint if exists blog_posts_seo_image_url_check;
alter table public.blog_posts add constraint blog_posts_seo_image_url_check check (seo_image_url ~* '^https?://[^[:space:]]+$' or seo_image_url ~ '^/storage/v1/object/public/[^[:space:]\\]+$');

-- http(s)://<host> dropped from each public Storage URL; only rows that hold one are touched (one
-- with a backslash, which the relative form refuses, stays absolute).
update public.media_assets set url = regexp_replace(url, '^https?://[^/]+', '', 'i') where url ~* '^https?://[^/]+/storage/v1/object/public/.' and strpos(url, chr(92)) = 0;
update public.featured_collections set image_url = regexp_replace(image_url, '^https?://[^/]+', '', 'i') where image_url ~* '^https?://[^/]+/storage/v1/object/public/.' and strpos(image_url, chr(92)) = 0;
update public.videos set thumbnail_url = regexp_replace(thumbnail_url, '^https?://[^/]+', '', 'i') where thumbnail_url ~* '^https?://[^/]+/storage/v1/object/public/.' and strpos(thumbnail_url, chr(92)) = 0;
update public.videos set video_url = regexp_replace(video_url, '^https?://[^/]+', '', 'i') where video_url ~* '^https?://[^/]+/storage/v1/object/public/.' and strpos(video_url, chr(92)) = 0;
update public.interface_previews set image_url = regexp_replace(image_url, '^https?://[^/]+', '', 'i') where image_url ~* '^https?://[^/]+/storage/v1/object/public/.' and strpos(image_url, chr(92)) = 0;
update public.cartridge_models set image_url = regexp_replace(image_url, '^https?://[^/]+', '', 'i') where image_url ~* '^https?://[^/]+/storage/v1/object/public/.' and strpos(image_url, chr(92)) = 0;
update public.press_quotes set logo_url = regexp_replace(logo_url, '^https?://[^/]+', '', 'i') where logo_url ~* '^https?://[^/]+/storage/v1/object/public/.' and strpos(logo_url, chr(92)) = 0;
update public.blog_posts set image_url = regexp_replace(image_url, '^https?://[^/]+', '', 'i') where image_url ~* '^https?://[^/]+/storage/v1/object/public/.' and strpos(image_url, chr(92)) = 0;
update public.blog_posts set seo_image_url = regexp_replace(seo_image_url, '^https?://[^/]+', '', 'i') where seo_image_url ~* '^https?://[^/]+/storage/v1/object/public/.' and strpos(seo_image_url, chr(92)) = 0;
