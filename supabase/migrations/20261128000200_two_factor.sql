-- Two-factor sign-in, enforced by the database (docs/architecture.md, "Two-factor sign-in").
--
-- Auth (GoTrue) puts the session's assurance level in the access token: `aal` is 'aal1' after a
-- password, 'aal2' once a second factor (a TOTP code) was verified in this session; `session_id`
-- names the session's row of auth.sessions. A session must be at aal2 when:
--
--   - its user has a verified factor (auth.mfa_factors.status = 'verified'), member or not: a
--     stolen password alone opens nothing of theirs; or
--   - its user is a member (admin_users) and the team requires two-factor (team_settings): a member
--     without a factor is refused until they enrol one.
--
-- And a session whose token names a session that no longer exists in auth.sessions (ended by a
-- sign-out, a removal, a factor reset or an administrator) is ended at once, not when its access
-- token expires.
--
-- Where it holds, so that no path is forgotten:
--   - one restrictive policy on every table of `public` with row-level security, found through the
--     catalog here, and on storage.objects (Supabase's documented pattern for MFA: a restrictive
--     policy on the session's aal, through a security-definer helper evaluated once per statement);
--     make_content_table() gives it to every new content table, and
--     require_session_assurance_everywhere() to any other new table (a test fails while one lacks it);
--   - is_admin() and is_administrator(), which every member policy and every RPC's rights check
--     relies on, are false for a session that falls short: security-definer RPCs refuse too.
--
--   session_meets_assurance()          -> boolean  the caller's session meets the rules above
--   team_security()                    -> jsonb    {require_two_factor, has_verified_factor,
--                                                   session_aal, satisfied} (any signed-in caller,
--                                                   at any aal: the back office asks right after sign-in)
--   set_team_two_factor(required)      -> jsonb    team_security() after the change (administrators;
--                                                   SQLSTATE RC428 when turning it on without a
--                                                   verified factor of one's own)

-- The team's settings: one row, changed through set_team_two_factor only -------------------------

create table if not exists public.team_settings (
  -- One row. A uuid id, because the history (content_revisions) names rows by uuid.
  id uuid primary key default '00000000-0000-0000-0000-000000000000'
    constraint team_settings_one_row check (id = '00000000-0000-0000-0000-000000000000'),
  require_two_factor boolean not null default false
);
alter table public.team_settings enable row level security;
-- Read through team_security(), written through set_team_two_factor(): no API role touches the table.
revoke all on public.team_settings from public, anon, authenticated;
insert into public.team_settings (id) values ('00000000-0000-0000-0000-000000000000') on conflict (id) do nothing;
-- Changes are in the team's history, by the administrator who made them (read by administrators).
select public.track_content_history('public.team_settings');

-- The rules ------------------------------------------------------------------------------------------

create or replace function public.has_verified_factor(account_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from auth.mfa_factors f where f.user_id = account_id and f.status = 'verified');
$$;
revoke all on function public.has_verified_factor(uuid) from public, anon, authenticated;

create or replace function public.team_requires_two_factor()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select s.require_two_factor from public.team_settings s limit 1), false);
$$;
revoke all on function public.team_requires_two_factor() from public, anon, authenticated;

-- True for anon and the service role (no user); for a user, false when their session has ended or
-- is at aal1 while it must be at aal2. security definer: reads auth.sessions, auth.mfa_factors,
-- admin_users and team_settings whatever the caller may read. Policies call it as
-- `(select public.session_meets_assurance())`, once per statement.
create or replace function public.session_meets_assurance()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  with caller as (
    select auth.uid() as id,
           coalesce(auth.jwt() ->> 'aal', 'aal1') as aal,
           auth.jwt() ->> 'session_id' as session_claim
  ), session as (
    select c.*,
           case when c.session_claim ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                then c.session_claim::uuid end as session_id
      from caller c
  )
  select s.id is null
      or ((s.session_claim is null
           or exists (select 1 from auth.sessions a
                       where a.id = s.session_id and a.user_id = s.id and (a.not_after is null or a.not_after > now())))
          and (s.aal = 'aal2'
               or not (public.has_verified_factor(s.id)
                       or (public.team_requires_two_factor()
                           and exists (select 1 from public.admin_users m where m.id = s.id)))))
    from session s;
$$;
revoke all on function public.session_meets_assurance() from public, anon;
grant execute on function public.session_meets_assurance() to authenticated, service_role;

-- Membership needs a session that meets the rules: every member policy and RPC check follows.
create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.admin_users where id = (select auth.uid()))
     and public.session_meets_assurance();
$$;

create or replace function public.is_administrator()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.admin_users where id = (select auth.uid()) and role = 'administrator')
     and public.session_meets_assurance();
$$;

-- The restrictive policy -------------------------------------------------------------------------------
-- Restrictive: it never grants anything, and whatever the table's other policies grant holds only
-- for a session that meets the rules. For `authenticated` only: anon has no session to fall short.

create or replace function public.require_session_assurance(target regclass)
returns void
language plpgsql
set search_path = ''
as $$
begin
  execute format('drop policy if exists %I on %s', 'Sessions at the required assurance level', target);
  execute format(
    'create policy %I on %s as restrictive for all to authenticated '
    'using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()))',
    'Sessions at the required assurance level', target);
end;
$$;
revoke all on function public.require_session_assurance(regclass) from public, anon, authenticated, service_role;

-- Every table of `public` with row-level security; a migration that adds tables without
-- make_content_table() ends with `select public.require_session_assurance_everywhere();`.
create or replace function public.require_session_assurance_everywhere()
returns void
language plpgsql
set search_path = ''
as $$
declare
  target regclass;
begin
  for target in
    select c.oid::regclass from pg_catalog.pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and c.relrowsecurity
     order by c.relname
  loop
    perform public.require_session_assurance(target);
  end loop;
end;
$$;
revoke all on function public.require_session_assurance_everywhere() from public, anon, authenticated, service_role;

select public.require_session_assurance_everywhere();
select public.require_session_assurance('storage.objects');

-- make_content_table as in 20261127000500_content_table_helper.sql, plus the restrictive policy.
create or replace function public.make_content_table(target regclass, visibility text default 'published', limits jsonb default '{}')
returns void
language plpgsql
set search_path = ''
as $$
declare
  table_name text;
  read_rule text;
  read_policy text;
  column_name text;
  max_length integer;
begin
  select c.relname into table_name
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where c.oid = target and n.nspname = 'public';
  if table_name is null then
    raise exception 'make_content_table: % is not a table of the public schema', target using errcode = '22023';
  end if;
  if visibility is null or visibility not in ('published', 'everyone', 'admins') then
    raise exception 'make_content_table: visibility must be published, everyone or admins, not %', coalesce(visibility, 'null')
      using errcode = '22023';
  end if;
  if jsonb_typeof(limits) is distinct from 'object' then
    raise exception 'make_content_table: limits must be a JSON object of column: max characters' using errcode = '22023';
  end if;
  if not exists (
    select 1 from pg_catalog.pg_attribute a
     where a.attrelid = target and a.attname = 'id' and a.atttypid = 'uuid'::regtype and not a.attisdropped
  ) then
    raise exception 'make_content_table: % needs an id uuid primary key (the back office''s record id)', target using errcode = '22023';
  end if;

  if visibility = 'published' then
    execute format('alter table %s add column if not exists published boolean not null default false', target);
    execute format('alter table %s add column if not exists publish_at timestamptz', target);
    -- content_version() looks up the earliest future moment on every poll.
    execute format('create index if not exists %I on %s (publish_at) where published and publish_at is not null', table_name || '_publish_at_idx', target);
    read_rule := '(published and (publish_at is null or publish_at <= now())) or (select public.is_admin())';
    read_policy := 'Read published rows, admins read all';
  elsif visibility = 'everyone' then
    read_rule := 'true';
    read_policy := 'Everyone reads';
  else
    read_rule := '(select public.is_admin())';
    read_policy := 'Admins read';
  end if;

  for column_name, max_length in select key, value::integer from jsonb_each_text(limits) loop
    if not exists (
      select 1 from pg_catalog.pg_attribute a
       where a.attrelid = target and a.attname = column_name and a.atttypid = 'text'::regtype and not a.attisdropped
    ) then
      raise exception 'make_content_table: % has no text column %', target, column_name using errcode = '22023';
    end if;
    execute format('alter table %s drop constraint if exists %I', target, table_name || '_' || column_name || '_not_blank');
    execute format('alter table %s add constraint %I check (%I ~ %L)', target, table_name || '_' || column_name || '_not_blank', column_name, '\S');
    execute format('alter table %s drop constraint if exists %I', target, table_name || '_' || column_name || '_length');
    execute format('alter table %s add constraint %I check (char_length(%I) <= %s)', target, table_name || '_' || column_name || '_length', column_name, max_length);
  end loop;

  execute format('alter table %s enable row level security', target);
  -- What Supabase's default privileges give a table made by its owner, said outright: a table made
  -- by another role has the same grants.
  execute format('grant select, insert, update, delete on %s to anon, authenticated, service_role', target);
  execute format('revoke truncate, references, trigger on %s from anon, authenticated', target);
  execute format('revoke insert, update, delete on %s from anon', target);
  -- A table made again with another visibility keeps only the new read rule.
  execute format('drop policy if exists %I on %s', 'Read published rows, admins read all', target);
  execute format('drop policy if exists %I on %s', 'Everyone reads', target);
  execute format('drop policy if exists %I on %s', 'Admins read', target);
  execute format('create policy %I on %s for select to anon, authenticated using (%s)', read_policy, target, read_rule);
  execute format('drop policy if exists %I on %s', 'Admins insert', target);
  execute format('create policy %I on %s for insert to authenticated with check ((select public.is_admin()))', 'Admins insert', target);
  execute format('drop policy if exists %I on %s', 'Admins update', target);
  execute format(
    'create policy %I on %s for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()))',
    'Admins update', target);
  execute format('drop policy if exists %I on %s', 'Admins delete', target);
  execute format('create policy %I on %s for delete to authenticated using ((select public.is_admin()))', 'Admins delete', target);
  perform public.require_session_assurance(target);

  if visibility <> 'admins' then
    perform public.track_content_changes(target);
  end if;
  perform public.track_content_history(target);
  perform public.track_row_versions(target);
end;
$$;
revoke all on function public.make_content_table(regclass, text, jsonb) from public, anon, authenticated, service_role;

-- The RPCs -------------------------------------------------------------------------------------------

create or replace function public.team_security()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'require_two_factor', public.team_requires_two_factor(),
    'has_verified_factor', public.has_verified_factor(auth.uid()),
    'session_aal', case when auth.jwt() ->> 'aal' = 'aal2' then 'aal2' else 'aal1' end,
    'satisfied', public.session_meets_assurance()
  );
$$;
revoke all on function public.team_security() from public, anon;
grant execute on function public.team_security() to authenticated;

-- Administrators only (is_administrator(): at aal2 when they have a factor). Turning the
-- requirement on needs a verified factor of the caller's own, so that nobody locks themselves out:
-- SQLSTATE RC428. Changing nothing records nothing.
create or replace function public.set_team_two_factor(required boolean)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform public.require_team_administrator();
  if required is null then
    raise exception 'required must be true or false' using errcode = '22023';
  end if;
  if required and not public.has_verified_factor(auth.uid()) then
    raise exception 'Set up two-factor sign-in for your own account before requiring it for the team'
      using errcode = 'RC428', hint = 'Enrol an authenticator app, sign in with its code, then try again.';
  end if;
  insert into public.team_settings (id, require_two_factor)
  values ('00000000-0000-0000-0000-000000000000', required)
  on conflict (id) do update set require_two_factor = excluded.require_two_factor
   where public.team_settings.require_two_factor is distinct from excluded.require_two_factor;
  return public.team_security();
end;
$$;
revoke all on function public.set_team_two_factor(boolean) from public, anon;
grant execute on function public.set_team_two_factor(boolean) to authenticated;
