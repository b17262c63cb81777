-- The home page's three lists in one read. A page render (and a visitor's first look at the home
-- page) then costs one request instead of three: each request carries a fixed cost (a transaction
-- with the caller's role and claims) that dominated the home page's uncached render.
--
-- SECURITY INVOKER: the caller's row-level security applies, exactly as to the table reads it
-- replaces; the filters on `published` say so again, so an admin's token shows no drafts here.
-- Whole rows, so a column added to one of these tables reaches the site with no change here.
create or replace function public.home_page()
returns json
language sql
stable
security invoker
set search_path = public
as $$
  select json_build_object(
    'stages', coalesce((select json_agg(s order by s.category, s."order", s.id) from public.project_stages s), '[]'::json),
    'collections', coalesce((select json_agg(c order by c.created_at desc, c.id) from public.featured_collections c where c.published), '[]'::json),
    'press', coalesce((select json_agg(p order by p.created_at desc, p.id) from public.press_quotes p where p.published), '[]'::json)
  )
$$;

revoke all on function public.home_page() from public;
grant execute on function public.home_page() to anon, authenticated, service_role;
