-- A renamed post's old address is kept only if visitors could have seen it (issue 35; docs/architecture.md,
-- "Live pages", and supabase/schemas/05_blog_posts.sql).
--
-- keep_old_slugs recorded every rename, a never-published draft's included: once the post was
-- published, its working slugs became readable redirects. Now a slug is kept only when the post is
-- visible as it is renamed (published, its publish_at come) or was visible under that slug before
-- (private.post_was_public_as, from the post's revisions). post_redirect also answers only for a post
-- whose publish_at has come, whoever asks. Redirects recorded before this rule that it would not have
-- made are removed.
--
--   private.post_was_public_as(post_id, slug) -> whether the post was visible under the slug before

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.post_was_public_as(post_id uuid, slug text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select exists (
    select 1
      from public.content_revisions r
     where r.table_name = 'blog_posts'
       and r.row_id = post_was_public_as.post_id
       and r.before ->> 'slug' = post_was_public_as.slug
       and (r.before ->> 'published')::boolean
       and (r.before ->> 'publish_at' is null or (r.before ->> 'publish_at')::timestamptz < r.changed_at)
  );
$function$
;

CREATE OR REPLACE FUNCTION public.blog_posts_keep_old_slugs()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'UPDATE' and new.slug is distinct from old.slug
     and ((old.published and (old.publish_at is null or old.publish_at <= now())) or private.post_was_public_as(old.id, old.slug)) then
    insert into public.slug_redirects (old_slug, post_id) values (old.slug, new.id)
      on conflict (old_slug) do update set post_id = excluded.post_id, created_at = now();
  end if;
  delete from public.slug_redirects r where r.old_slug = new.slug;
  return null;
end;
$function$
;

CREATE OR REPLACE FUNCTION public.post_redirect(old_slug text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select p.slug
    from public.slug_redirects r
    join public.blog_posts p on p.id = r.post_id
   where r.old_slug = post_redirect.old_slug and p.published and (p.publish_at is null or p.publish_at <= now());
$function$
;

revoke all on function private.post_was_public_as(uuid, text) from public, anon, authenticated, service_role;

delete from public.slug_redirects r where not private.post_was_public_as(r.post_id, r.old_slug);
