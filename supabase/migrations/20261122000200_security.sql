-- Security model (docs/architecture.md): RLS on every public table, admin check, policies and narrowed grants.
--
--   anon, authenticated non-admins   read published rows (project_stages: every row); write nothing
--   admins (id in admin_users)       read and write everything they manage; no whitepaper delete
--   admin_users                      readable by its own row only; never writable through the API
--   form_submissions                 admins read them and mark them handled; the form intake inserts
--                                    with the service role; anon and non-admins see nothing
--   media_assets                     the back office's library: admins only (the files themselves are
--                                    public in the storage bucket)
--
-- Policies are dropped and created again so that the file stays re-runnable.

-- is_admin() -------------------------------------------------------------------------------------
-- security definer: reads admin_users whatever the caller may read; search_path pinned.
create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.admin_users where id = (select auth.uid()));
$$;

revoke all on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;

-- Helper and trigger functions are not part of the API.
revoke all on function public.blank_to_null() from public, anon, authenticated;
revoke all on function public.gallery_defaults() from public, anon, authenticated;
revoke all on function public.blog_posts_derive_fields() from public, anon, authenticated;
revoke all on function public.read_time_for(text) from public, anon, authenticated;
revoke all on function public.slugify(text) from public, anon, authenticated;

-- Row level security everywhere ------------------------------------------------------------------
alter table public.admin_users enable row level security;
alter table public.project_stages enable row level security;
alter table public.media_assets enable row level security;
alter table public.featured_collections enable row level security;
alter table public.videos enable row level security;
alter table public.interface_previews enable row level security;
alter table public.cartridge_models enable row level security;
alter table public.press_quotes enable row level security;
alter table public.whitepaper enable row level security;
alter table public.blog_posts enable row level security;
alter table public.form_submissions enable row level security;

-- Grants: Supabase's defaults give anon and authenticated everything on new tables; narrow them. --
-- Nobody truncates, references or adds triggers through the API; anon never writes.
revoke truncate, references, trigger on
  public.admin_users, public.project_stages, public.media_assets, public.featured_collections,
  public.videos, public.interface_previews, public.cartridge_models, public.press_quotes,
  public.whitepaper, public.blog_posts, public.form_submissions
  from anon, authenticated;

revoke insert, update, delete on
  public.project_stages, public.media_assets, public.featured_collections, public.videos,
  public.interface_previews, public.cartridge_models, public.press_quotes, public.whitepaper,
  public.blog_posts
  from anon;

-- admin_users: select only (RLS narrows it to the caller's own row).
revoke insert, update, delete on public.admin_users from anon, authenticated;

-- media_assets: never visible to visitors.
revoke select on public.media_assets from anon;

-- whitepaper versions are never deleted, by anyone.
revoke delete on public.whitepaper from anon, authenticated, service_role;

-- form_submissions: the intake inserts with the service role; admins select and mark handled.
revoke all on public.form_submissions from anon;
revoke insert, delete on public.form_submissions from authenticated;
revoke update on public.form_submissions from authenticated;
grant update (handled) on public.form_submissions to authenticated;

-- Guards that hold whatever the grants are ----------------------------------------------------------
-- Table grants are the first line; these triggers keep the two column- and command-level rules even
-- where an environment grants more than the revokes above leave.

-- form_submissions: through the API only `handled` may change.
create or replace function public.form_submissions_guard_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated')
     and (new.id, new.kind, new.email, new.name, new.message, new.created_at)
         is distinct from (old.id, old.kind, old.email, old.name, old.message, old.created_at) then
    raise exception 'Only the handled flag of a form submission can be changed'
      using errcode = '42501', hint = 'Send only {"handled": true|false}.';
  end if;
  return new;
end;
$$;
revoke all on function public.form_submissions_guard_columns() from public, anon, authenticated;
drop trigger if exists guard_columns on public.form_submissions;
create trigger guard_columns before update on public.form_submissions
  for each row execute function public.form_submissions_guard_columns();

-- whitepaper: versions are never deleted through the API (statement level, so it fires even when
-- no row would match).
create or replace function public.whitepaper_no_delete()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated', 'service_role') then
    raise exception 'Whitepaper versions cannot be deleted'
      using errcode = '42501', hint = 'Unpublish the version instead.';
  end if;
  return null;
end;
$$;
revoke all on function public.whitepaper_no_delete() from public, anon, authenticated;
drop trigger if exists no_delete on public.whitepaper;
create trigger no_delete before delete or truncate on public.whitepaper
  for each statement execute function public.whitepaper_no_delete();

-- Policies ---------------------------------------------------------------------------------------

-- admin_users
drop policy if exists "Users read their own admin row" on public.admin_users;
create policy "Users read their own admin row" on public.admin_users
  for select to authenticated
  using (id = (select auth.uid()));

-- project_stages: everyone reads every stage; admins write.
drop policy if exists "Anyone reads stages" on public.project_stages;
create policy "Anyone reads stages" on public.project_stages
  for select to anon, authenticated
  using (true);
drop policy if exists "Admins insert stages" on public.project_stages;
create policy "Admins insert stages" on public.project_stages
  for insert to authenticated
  with check ((select public.is_admin()));
drop policy if exists "Admins update stages" on public.project_stages;
create policy "Admins update stages" on public.project_stages
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
drop policy if exists "Admins delete stages" on public.project_stages;
create policy "Admins delete stages" on public.project_stages
  for delete to authenticated
  using ((select public.is_admin()));

-- media_assets: admins only.
drop policy if exists "Admins read media" on public.media_assets;
create policy "Admins read media" on public.media_assets
  for select to authenticated
  using ((select public.is_admin()));
drop policy if exists "Admins insert media" on public.media_assets;
create policy "Admins insert media" on public.media_assets
  for insert to authenticated
  with check ((select public.is_admin()));
drop policy if exists "Admins update media" on public.media_assets;
create policy "Admins update media" on public.media_assets
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
drop policy if exists "Admins delete media" on public.media_assets;
create policy "Admins delete media" on public.media_assets
  for delete to authenticated
  using ((select public.is_admin()));

-- Published content: visitors read published rows, admins read and write all of them.
do $$
declare
  t text;
begin
  foreach t in array array[
    'featured_collections', 'videos', 'interface_previews', 'cartridge_models',
    'press_quotes', 'whitepaper', 'blog_posts'
  ] loop
    execute format('drop policy if exists %I on public.%I', 'Read published rows, admins read all', t);
    execute format(
      'create policy %I on public.%I for select to anon, authenticated using (published or (select public.is_admin()))',
      'Read published rows, admins read all', t);

    execute format('drop policy if exists %I on public.%I', 'Admins insert', t);
    execute format(
      'create policy %I on public.%I for insert to authenticated with check ((select public.is_admin()))',
      'Admins insert', t);

    execute format('drop policy if exists %I on public.%I', 'Admins update', t);
    execute format(
      'create policy %I on public.%I for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()))',
      'Admins update', t);

    execute format('drop policy if exists %I on public.%I', 'Admins delete', t);
    if t <> 'whitepaper' then
      execute format(
        'create policy %I on public.%I for delete to authenticated using ((select public.is_admin()))',
        'Admins delete', t);
    end if;
  end loop;
end
$$;

-- form_submissions: admins read and mark handled; no insert or delete policy (service role only).
drop policy if exists "Admins read submissions" on public.form_submissions;
create policy "Admins read submissions" on public.form_submissions
  for select to authenticated
  using ((select public.is_admin()));
drop policy if exists "Admins mark submissions handled" on public.form_submissions;
create policy "Admins mark submissions handled" on public.form_submissions
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
