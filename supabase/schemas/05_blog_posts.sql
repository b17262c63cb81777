-- Blog posts (/updates): slugs and read times derived by the database, and old addresses that keep
-- working.
--
--   slug_redirects                      an old slug of a post -> the post (filled by a trigger)
--   post_redirect(old_slug)             -> the post's current slug, for /updates/<old> (anyone)
--
-- What a post tells search engines and social sites, when its editor wants more than the defaults:
--   seo_description  the meta and Open Graph description (default: the post's excerpt)
--   seo_image_url    the Open Graph / Twitter image (default: the post's cover, image_url)
--   canonical_url    the canonical address (default: the post's own /updates/<slug>), such as the
--                    original when the post is republished from elsewhere
-- All optional; blank is stored as null (blank_seo_to_null), so a cleared field means "the default".

-- "N min read" for a document: the words of its paragraphs, headings and code blocks (rich_text_words,
-- the rule of readTimeOf in shared/rich-text/render-text.ts), 200 a minute, at least 1 minute.
create or replace function public.read_time_for(content jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select greatest(1, ceil(public.rich_text_words(content) / 200.0)::integer)::text || ' min read';
$$;
revoke all on function public.read_time_for(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.read_time_for(jsonb) to service_role;

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
revoke all on function public.slugify(text) from public, anon, authenticated, service_role;
grant execute on function public.slugify(text) to service_role;

create table if not exists public.blog_posts (
  id uuid primary key default gen_random_uuid(),
  title text not null
    constraint blog_posts_title_not_blank check (title ~ '\S')
    constraint blog_posts_title_length check (char_length(title) <= 200),
  -- For /updates/:slug; derived from the title when not given, made unique with -2, -3, ...
  slug text not null constraint blog_posts_slug_key unique
    constraint blog_posts_slug_check check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 120),
  -- A rich-text document (shared/rich-text/document.ts): well-formed, not empty, within
  -- DOCUMENT_LIMITS.content (1,000,000 bytes, 40,000 nodes); once published, every picture in it
  -- has alt text (drafts may lack it).
  content jsonb not null
    constraint blog_posts_content_not_blank check (public.rich_text_has_content(content))
    constraint blog_posts_content_length check (public.rich_text_size_ok(content, 1000000, 40000))
    constraint blog_posts_content_document check (public.rich_text_shape_ok(content)),
  image_url text
    constraint blog_posts_image_url_check check (image_url ~* '^https?://[^[:space:]]+$' or image_url ~ '^/storage/v1/object/public/[^[:space:]\\]+$')
    constraint blog_posts_image_url_length check (char_length(image_url) <= 2048),
  category text not null constraint blog_posts_category_check check (category in ('development', 'hardware', 'community')),
  milestone text constraint blog_posts_milestone_length check (char_length(milestone) <= 100),
  published boolean not null default false,
  created_at timestamptz not null default now(),
  -- "3 min read": computed from the content (200 words a minute, at least 1) when not given.
  read_time text not null
    constraint blog_posts_read_time_not_blank check (read_time ~ '\S')
    constraint blog_posts_read_time_length check (char_length(read_time) <= 100),
  -- When the post last changed (the Atom feed's <updated>, the sitemap's <lastmod>).
  updated_at timestamptz not null default now(),
  image_alt text constraint blog_posts_image_alt_length check (char_length(image_alt) <= 500),
  image_decorative boolean not null default false,
  publish_at timestamptz,
  row_version integer not null default 1,
  seo_description text constraint blog_posts_seo_description_length check (char_length(seo_description) <= 300),
  seo_image_url text
    constraint blog_posts_seo_image_url_check check (seo_image_url ~* '^https?://[^[:space:]]+$' or seo_image_url ~ '^/storage/v1/object/public/[^[:space:]\\]+$')
    constraint blog_posts_seo_image_url_length check (char_length(seo_image_url) <= 2048),
  canonical_url text
    constraint blog_posts_canonical_url_check check (canonical_url ~* '^https?://[^/[:space:]][^[:space:]]*$')
    constraint blog_posts_canonical_url_length check (char_length(canonical_url) <= 2048),
  constraint blog_posts_content_image_without_alt check (not published or not public.rich_text_image_without_alt(content))
);
create index if not exists blog_posts_created_at_idx on public.blog_posts (created_at desc);
create index if not exists blog_posts_published_created_at_idx on public.blog_posts (published, created_at desc);
create index if not exists blog_posts_publish_at_idx on public.blog_posts (publish_at) where published and publish_at is not null;

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
revoke all on function public.blog_posts_derive_fields() from public, anon, authenticated, service_role;
grant execute on function public.blog_posts_derive_fields() to service_role;

-- Old post addresses -----------------------------------------------------------------------------
-- A redirect names the post, not its next slug: after renames a -> b -> c both a and b lead to the
-- post's current slug c (chains collapse). A post that takes a slug (new or renamed back) ends that
-- slug's redirect, so a live post always wins over an old address. Deleting a post ends its redirects.

create table if not exists public.slug_redirects (
  old_slug text primary key,
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index if not exists slug_redirects_post_id_idx on public.slug_redirects (post_id);

-- security definer: the API's roles cannot write slug_redirects; members' renames reach it only here.
create or replace function public.blog_posts_keep_old_slugs()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.slug is distinct from old.slug then
    insert into public.slug_redirects (old_slug, post_id) values (old.slug, new.id)
      on conflict (old_slug) do update set post_id = excluded.post_id, created_at = now();
  end if;
  delete from public.slug_redirects r where r.old_slug = new.slug;
  return null;
end;
$$;
revoke all on function public.blog_posts_keep_old_slugs() from public, anon, authenticated, service_role;
grant execute on function public.blog_posts_keep_old_slugs() to service_role;

-- What /updates/<old_slug> redirects to: the current slug of a published post, else null.
-- security invoker: the caller's row-level security applies to both tables.
create or replace function public.post_redirect(old_slug text)
returns text
language sql
stable
security invoker
set search_path = ''
as $$
  select p.slug
    from public.slug_redirects r
    join public.blog_posts p on p.id = r.post_id
   where r.old_slug = post_redirect.old_slug and p.published;
$$;
revoke all on function public.post_redirect(text) from public, anon, authenticated, service_role;
grant execute on function public.post_redirect(text) to anon, authenticated, service_role;

-- The posts' triggers (those of one event fire in name order: the blanks first) --------------------
create trigger blank_to_null before insert or update on public.blog_posts
  for each row execute function public.blank_to_null('image_url', 'milestone');
create trigger blank_alt_to_null before insert or update on public.blog_posts
  for each row execute function public.blank_to_null('image_alt');
create trigger blank_seo_to_null before insert or update on public.blog_posts
  for each row execute function public.blank_to_null('seo_description', 'seo_image_url', 'canonical_url');
create trigger derive_fields before insert or update on public.blog_posts
  for each row execute function public.blog_posts_derive_fields();
create trigger blog_posts_touch_updated_at before update on public.blog_posts
  for each row execute function public.touch_updated_at();
create trigger keep_old_slugs after insert or update of slug on public.blog_posts
  for each row execute function public.blog_posts_keep_old_slugs();
create trigger content_history after insert or update or delete on public.blog_posts
  for each row execute function public.record_content_revision();
create trigger row_version before update on public.blog_posts
  for each row execute function public.check_row_version();
create trigger content_version_bump after insert or update or delete or truncate on public.blog_posts
  for each statement execute function public.bump_content_version();

alter table public.blog_posts enable row level security;
create policy "Read published rows, admins read all" on public.blog_posts
  for select to anon, authenticated
  using ((published and (publish_at is null or publish_at <= now())) or (select public.is_admin()));
create policy "Admins insert" on public.blog_posts
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins update" on public.blog_posts
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete" on public.blog_posts
  for delete to authenticated
  using ((select public.is_admin()));
create policy "Sessions at the required assurance level" on public.blog_posts
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
revoke all on public.blog_posts from anon, authenticated, service_role;
grant select on public.blog_posts to anon;
grant select, insert, update, delete on public.blog_posts to authenticated;
grant all on public.blog_posts to service_role;

-- A rename changes what the site answers at the old address.
create trigger content_version_bump after insert or update or delete or truncate on public.slug_redirects
  for each statement execute function public.bump_content_version();

alter table public.slug_redirects enable row level security;
-- A redirect is readable by whoever may read its post (blog_posts' own policies decide), so an old
-- address of a draft reveals nothing.
create policy "Read redirects of readable posts" on public.slug_redirects
  for select to anon, authenticated
  using (exists (select 1 from public.blog_posts p where p.id = post_id));
create policy "Sessions at the required assurance level" on public.slug_redirects
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
-- Read only: the trigger above writes.
revoke all on public.slug_redirects from anon, authenticated, service_role;
grant select on public.slug_redirects to anon, authenticated;
grant all on public.slug_redirects to service_role;
