-- The team: members and their roles, two-factor sign-in, and the RPCs that change the team
-- (docs/architecture.md, "The team and concurrent edits", "Two-factor sign-in", "Team endpoints").
--
-- Roles. A member is a row of admin_users (public.is_admin() means "any member"); its role is
-- `administrator` or `editor` (public.is_administrator()). Members do all content work: content
-- tables, storage, history and restore, previews, search, media usage. Only administrators read and
-- triage form submissions and their statistics, publish or unpublish the whitepaper (whatever the
-- path: RPC, direct PATCH, insert, restore), and manage the team through the RPCs below (nobody
-- writes admin_users through the API otherwise). The team always keeps an administrator (a trigger,
-- whoever writes), and team changes are recorded in content_revisions like content changes, so the
-- Activity screen shows who invited or removed whom.
--
-- Two-factor sign-in. Auth (GoTrue) puts the session's assurance level in the access token: `aal`
-- is 'aal1' after a password, 'aal2' once a second factor (a TOTP code) was verified in this
-- session; `session_id` names the session's row of auth.sessions. A session must be at aal2 when:
--
--   - its user has a verified factor (auth.mfa_factors.status = 'verified'), member or not: a
--     stolen password alone opens nothing of theirs; or
--   - its user is a member (admin_users) and the team requires two-factor (team_settings): a member
--     without a factor is refused until they enrol one.
--
-- And a session whose token names a session that no longer exists in auth.sessions (ended by a
-- sign-out, a removal, a factor reset or an administrator) is ended at once, not when its access
-- token expires. Where it holds, so that no path is forgotten:
--   - one restrictive policy, "Sessions at the required assurance level", on every table of
--     `public` with row-level security and on storage.objects (Supabase's documented pattern for
--     MFA: a restrictive policy on the session's aal, through a security-definer helper evaluated
--     once per statement); each table's section in these files has it, make_content_table() gives it
--     to a new content table, and tests/integration/database-two-factor.test.ts fails while a table
--     lacks it;
--   - is_admin() and is_administrator(), which every member policy and every RPC's rights check
--     relies on, are false for a session that falls short: security-definer RPCs refuse too.
--
-- Accounts. Removing a member removes the membership and ends their sessions; the account itself is
-- deleted (by the web tier, through Auth's admin API) only when the team's invitation created it and
-- it holds nothing else: an account that existed before and was added without an invitation is
-- theirs and stays. Whether the invitation created the account is recorded when the member is added
-- (admin_users.created_account), and checked: only an account that was invited and never signed in
-- can be recorded so. Administrators end a member's sessions and reset a member's second factors
-- through RPCs; both are in the team's history (an update of the member's row: sessions_ended_at,
-- factors_reset_at, by the administrator who did it). Ending a session deletes its auth.sessions row
-- (its refresh tokens go with it). Factors are deleted from auth.mfa_factors in the same transaction
-- as the record and the sessions' end (their challenges go with them), so a reset is whole or not at
-- all.
--
--   is_admin(), is_administrator()          -> boolean  a member / an administrator, at the session's required level
--   session_meets_assurance()               -> boolean  the caller's session meets the rules above
--   team_security()                         -> jsonb    {require_two_factor, has_verified_factor, session_aal, satisfied}
--                                                       (any signed-in caller, at any aal: the back office asks right after sign-in)
--   set_team_two_factor(required)           -> jsonb    team_security() after the change (administrators; SQLSTATE RC428
--                                                       when turning it on without a verified factor of one's own)
--   add_team_member(member_id, member_email, member_role, created_account default false) -> jsonb the row
--   set_team_role(member_id, member_role)   -> jsonb    the row
--   end_team_membership(member_id)          -> jsonb    {id, email, delete_account} (administrators, or the service
--                                                       role for `npm run team`)
--   end_team_member_sessions(member_id)     -> jsonb    {sessions_ended} (administrators)
--   reset_team_member_factors(member_id)    -> jsonb    {factors_removed, sessions_ended} (administrators)
--   team_two_factor()                       -> rows (member_id, two_factor): has a verified factor (administrators)
--
-- Refusals: 42501 not an administrator (or a session that falls short), RC403 oneself ("ask another
-- administrator"), P0002 no such member, 22023 created_account for an account the invitation did not
-- just create, RC412 the last administrator.

-- admin_users -------------------------------------------------------------------------------------
-- A row per member; id is matched against the signed-in user's id (auth.uid()).
create table if not exists public.admin_users (
  id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  role text not null default 'administrator' constraint admin_users_role_check check (role in ('administrator', 'editor')),
  email text,
  invited_by uuid references auth.users (id) on delete set null,
  -- The team's invitation made the account (admin_users_check_created_account holds it to that).
  created_account boolean not null default false,
  sessions_ended_at timestamptz,
  factors_reset_at timestamptz
);

-- team_settings -------------------------------------------------------------------------------------
-- The team's settings: one row, changed through set_team_two_factor only.
create table if not exists public.team_settings (
  -- One row. A uuid id, because the history (content_revisions) names rows by uuid.
  id uuid primary key default '00000000-0000-0000-0000-000000000000'
    constraint team_settings_one_row check (id = '00000000-0000-0000-0000-000000000000'),
  require_two_factor boolean not null default false
);
insert into public.team_settings (id) values ('00000000-0000-0000-0000-000000000000') on conflict (id) do nothing;

-- Who is a member, at which level -----------------------------------------------------------------
-- These checks are PL/pgSQL, not SQL: a SQL function that cannot be inlined (security definer, a
-- pinned search_path) has its query planned anew by every statement that calls it, and nearly every
-- policy calls one of these, twice per statement; PL/pgSQL keeps each of its queries' plans for the
-- connection's life (and plans again after a schema change).

create or replace function public.has_verified_factor(account_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (select 1 from auth.mfa_factors f where f.user_id = account_id and f.status = 'verified');
end;
$$;
revoke all on function public.has_verified_factor(uuid) from public, anon, authenticated, service_role;
grant execute on function public.has_verified_factor(uuid) to service_role;

create or replace function public.team_requires_two_factor()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce((select s.require_two_factor from public.team_settings s limit 1), false);
end;
$$;
revoke all on function public.team_requires_two_factor() from public, anon, authenticated, service_role;
grant execute on function public.team_requires_two_factor() to service_role;

-- True for anon and the service role (no user); for a user, false when their session has ended or
-- is at aal1 while it must be at aal2. security definer: reads auth.sessions, auth.mfa_factors,
-- admin_users and team_settings whatever the caller may read. Policies call it as
-- `(select public.session_meets_assurance())`, once per statement.
create or replace function public.session_meets_assurance()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
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
      from session s);
end;
$$;
revoke all on function public.session_meets_assurance() from public, anon, authenticated, service_role;
grant execute on function public.session_meets_assurance() to authenticated, service_role;

-- Membership needs a session that meets the rules: every member policy and RPC check follows.
-- security definer: reads admin_users whatever the caller may read; search_path pinned. Policies
-- call them as `(select public.is_admin())`.
create or replace function public.is_admin()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (select 1 from public.admin_users where id = (select auth.uid()))
     and public.session_meets_assurance();
end;
$$;
revoke all on function public.is_admin() from public, anon, authenticated, service_role;
grant execute on function public.is_admin() to anon, authenticated, service_role;

create or replace function public.is_administrator()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (select 1 from public.admin_users where id = (select auth.uid()) and role = 'administrator')
     and public.session_meets_assurance();
end;
$$;
revoke all on function public.is_administrator() from public, anon, authenticated, service_role;
grant execute on function public.is_administrator() to authenticated, service_role;

-- The checks RPCs start with: a non-member gets SQLSTATE 42501 "Access denied. Admin privileges
-- required." (security invoker, for RPCs that run as the caller), an editor "Administrator
-- privileges required." where it takes an administrator.
create or replace function public.require_admin(action text)
returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not (select public.is_admin()) then
    raise exception 'Access denied. Admin privileges required.'
      using errcode = '42501', hint = format('Only administrators can %s.', action);
  end if;
end;
$$;
revoke all on function public.require_admin(text) from public, anon, authenticated, service_role;
grant execute on function public.require_admin(text) to authenticated, service_role;

create or replace function public.require_administrator(action text)
returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not (select public.is_administrator()) then
    raise exception 'Access denied. Administrator privileges required.'
      using errcode = '42501', hint = format('Only administrators can %s.', action);
  end if;
end;
$$;
revoke all on function public.require_administrator(text) from public, anon, authenticated, service_role;
grant execute on function public.require_administrator(text) to authenticated, service_role;

-- The restrictive policy. Restrictive: it never grants anything, and whatever the table's other
-- policies grant holds only for a session that meets the rules. For `authenticated` only: anon has
-- no session to fall short. For a table made by a migration:
-- `select public.require_session_assurance('public.<table>');`, or
-- `select public.require_session_assurance_everywhere();` for every table of `public` with
-- row-level security at once.
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

-- The members' table: its triggers, row-level security and grants ----------------------------------

-- A member's address for display and the audit trail: the account's, unless the writer gives one.
create or replace function public.admin_users_fill_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.email is null or new.email !~ '\S' then
    new.email := (select u.email from auth.users u where u.id = new.id);
  end if;
  return new;
end;
$$;
revoke all on function public.admin_users_fill_email() from public, anon, authenticated, service_role;
grant execute on function public.admin_users_fill_email() to service_role;

-- The last administrator stays. Demotions and removals of administrators queue on one lock, and each
-- counts the others only once it holds it, so two concurrent demotions cannot both see "one left".
create or replace function public.admin_users_keep_an_administrator()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role = 'administrator' and (tg_op = 'DELETE' or new.role is distinct from 'administrator') then
    perform pg_advisory_xact_lock(hashtextextended('public.admin_users.administrators', 0));
    if not exists (select 1 from public.admin_users a where a.role = 'administrator' and a.id <> old.id) then
      raise exception 'The team needs at least one administrator' using errcode = 'RC412';
    end if;
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
revoke all on function public.admin_users_keep_an_administrator() from public, anon, authenticated, service_role;
grant execute on function public.admin_users_keep_an_administrator() to service_role;

-- Only an account that was invited and has never signed in can be recorded as made by the team.
create or replace function public.admin_users_check_created_account()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.created_account and (tg_op = 'INSERT' or not old.created_account) and not exists (
    select 1 from auth.users u where u.id = new.id and u.invited_at is not null and u.last_sign_in_at is null
  ) then
    raise exception 'Only an account that the invitation has just created can be recorded as made by the team'
      using errcode = '22023';
  end if;
  return new;
end;
$$;
revoke all on function public.admin_users_check_created_account() from public, anon, authenticated, service_role;
grant execute on function public.admin_users_check_created_account() to service_role;

-- A member removed, whoever removes them (RPC, service role, SQL), is signed out everywhere.
create or replace function public.admin_users_end_sessions()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from auth.sessions s where s.user_id = old.id;
  return null;
end;
$$;
revoke all on function public.admin_users_end_sessions() from public, anon, authenticated, service_role;
grant execute on function public.admin_users_end_sessions() to service_role;

create trigger fill_email before insert on public.admin_users
  for each row execute function public.admin_users_fill_email();
create trigger keep_an_administrator before update or delete on public.admin_users
  for each row execute function public.admin_users_keep_an_administrator();
create trigger check_created_account before insert or update of created_account on public.admin_users
  for each row execute function public.admin_users_check_created_account();
create trigger end_sessions after delete on public.admin_users
  for each row execute function public.admin_users_end_sessions();
-- Team changes are history, never restored (restore_revision refuses them).
create trigger content_history after insert or update or delete on public.admin_users
  for each row execute function public.record_content_revision();

-- Members read their own row; administrators read the whole team. Only the RPCs below write.
alter table public.admin_users enable row level security;
create policy "Members read their own row, administrators the team" on public.admin_users
  for select to authenticated
  using (id = (select auth.uid()) or (select public.is_administrator()));
create policy "Sessions at the required assurance level" on public.admin_users
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
revoke all on public.admin_users from anon, authenticated, service_role;
grant select on public.admin_users to authenticated;
grant all on public.admin_users to service_role;

-- The team's settings: read through team_security(), written through set_team_two_factor(): no API
-- role touches the table. Changes are in the team's history, by the administrator who made them
-- (read by administrators).
create trigger content_history after insert or update or delete on public.team_settings
  for each row execute function public.record_content_revision();
alter table public.team_settings enable row level security;
create policy "Sessions at the required assurance level" on public.team_settings
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
revoke all on public.team_settings from anon, authenticated, service_role;
grant all on public.team_settings to service_role;

-- Two-factor RPCs -----------------------------------------------------------------------------------

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
revoke all on function public.team_security() from public, anon, authenticated, service_role;
grant execute on function public.team_security() to authenticated, service_role;

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
revoke all on function public.set_team_two_factor(boolean) from public, anon, authenticated, service_role;
grant execute on function public.set_team_two_factor(boolean) to authenticated, service_role;

-- Team RPCs ------------------------------------------------------------------------------------------
-- security definer: they write admin_users, which the API roles cannot; the acting member is still
-- auth.uid(), so the history records who did it. Signed-in callers only (each checks the
-- administrator role).

create or replace function public.require_team_administrator()
returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not (select public.is_administrator()) then
    raise exception 'Only administrators manage the team' using errcode = '42501';
  end if;
end;
$$;
revoke all on function public.require_team_administrator() from public, anon, authenticated, service_role;
grant execute on function public.require_team_administrator() to service_role;

create or replace function public.require_team_role(member_role text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if member_role is null or member_role not in ('administrator', 'editor') then
    raise exception 'Role must be administrator or editor' using errcode = '22023';
  end if;
end;
$$;
revoke all on function public.require_team_role(text) from public, anon, authenticated, service_role;
grant execute on function public.require_team_role(text) to service_role;

-- The member named must be another member; the acting administrator is checked first.
create or replace function public.require_other_member(member_id uuid, own_refusal text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_team_administrator();
  if member_id = auth.uid() then
    raise exception '%', own_refusal using errcode = 'RC403';
  end if;
  if not exists (select 1 from public.admin_users a where a.id = member_id) then
    raise exception 'No such member' using errcode = 'P0002';
  end if;
end;
$$;
revoke all on function public.require_other_member(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.require_other_member(uuid, text) to service_role;

-- Something besides the membership that deleting the account would destroy or that would stop it:
-- a row outside Auth's own tables that references the account with on delete cascade, restrict or
-- no action. References that are set to null (who invited whom, who sent a newsletter) are records
-- of team work and do not keep an account. Found through the catalog, so a new table counts at once.
create or replace function public.account_has_other_data(account_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  reference record;
  found boolean;
begin
  for reference in
    select c.conrelid::regclass as referencing, a.attname as referencing_column
      from pg_catalog.pg_constraint c
      join pg_catalog.pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.confrelid = 'auth.users'::regclass and cardinality(c.conkey) = 1
       and c.confdeltype in ('a', 'r', 'c')
       and c.connamespace <> 'auth'::regnamespace
       and c.conrelid not in ('public.admin_users'::regclass, 'public.edit_leases'::regclass)
  loop
    execute format('select exists (select 1 from %s t where t.%I = $1)', reference.referencing, reference.referencing_column)
      into found using account_id;
    if found then
      return true;
    end if;
  end loop;
  return false;
end;
$$;
revoke all on function public.account_has_other_data(uuid) from public, anon, authenticated, service_role;
grant execute on function public.account_has_other_data(uuid) to service_role;

-- Adds an existing account to the team, recording whether the team's invitation made it.
create or replace function public.add_team_member(member_id uuid, member_email text, member_role text, created_account boolean default false)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  result public.admin_users;
begin
  perform public.require_team_administrator();
  perform public.require_team_role(member_role);
  if not exists (select 1 from auth.users u where u.id = member_id) then
    raise exception 'No such account' using errcode = 'P0002';
  end if;
  if exists (select 1 from public.admin_users a where a.id = member_id) then
    raise exception 'This address is already a member of the team' using errcode = '23505';
  end if;
  insert into public.admin_users (id, email, role, invited_by, created_account)
  values (member_id, nullif(btrim(member_email), ''), member_role, auth.uid(), coalesce(created_account, false))
  returning * into result;
  return to_jsonb(result);
end;
$$;
revoke all on function public.add_team_member(uuid, text, text, boolean) from public, anon, authenticated, service_role;
grant execute on function public.add_team_member(uuid, text, text, boolean) to authenticated, service_role;

create or replace function public.set_team_role(member_id uuid, member_role text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  result public.admin_users;
begin
  perform public.require_team_administrator();
  perform public.require_team_role(member_role);
  if member_id = auth.uid() then
    raise exception 'You cannot change your own role: ask another administrator' using errcode = 'RC403';
  end if;
  update public.admin_users a set role = member_role where a.id = member_id returning * into result;
  if result.id is null then
    raise exception 'No such member' using errcode = 'P0002';
  end if;
  return to_jsonb(result);
end;
$$;
revoke all on function public.set_team_role(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.set_team_role(uuid, text) to authenticated, service_role;

-- The membership goes, and with it the sessions (by the trigger above) and the member's edit
-- leases; the answer says whether the web tier should delete the account as well. The service role
-- (`npm run team`, a trusted shell) may call it too.
create or replace function public.end_team_membership(member_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  removed public.admin_users;
begin
  if (auth.jwt() ->> 'role') is distinct from 'service_role' then
    perform public.require_other_member(member_id, 'You cannot remove yourself: ask another administrator');
  end if;
  delete from public.admin_users a where a.id = member_id returning * into removed;
  if removed.id is null then
    raise exception 'No such member' using errcode = 'P0002';
  end if;
  delete from public.edit_leases l where l.user_id = member_id;
  return jsonb_build_object(
    'id', removed.id,
    'email', removed.email,
    'delete_account', removed.created_account and not public.account_has_other_data(member_id)
  );
end;
$$;
revoke all on function public.end_team_membership(uuid) from public, anon, authenticated, service_role;
grant execute on function public.end_team_membership(uuid) to authenticated, service_role;

create or replace function public.end_team_member_sessions(member_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  ended integer;
begin
  perform public.require_other_member(member_id, 'You cannot end your own sessions here: sign out instead');
  update public.admin_users a set sessions_ended_at = clock_timestamp() where a.id = member_id;
  delete from auth.sessions s where s.user_id = member_id;
  get diagnostics ended = row_count;
  return jsonb_build_object('sessions_ended', ended);
end;
$$;
revoke all on function public.end_team_member_sessions(uuid) from public, anon, authenticated, service_role;
grant execute on function public.end_team_member_sessions(uuid) to authenticated, service_role;

create or replace function public.reset_team_member_factors(member_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  removed integer;
  ended integer;
begin
  perform public.require_other_member(member_id, 'You cannot reset your own two-factor sign-in: ask another administrator');
  update public.admin_users a set factors_reset_at = clock_timestamp() where a.id = member_id;
  delete from auth.mfa_factors f where f.user_id = member_id;
  get diagnostics removed = row_count;
  delete from auth.sessions s where s.user_id = member_id;
  get diagnostics ended = row_count;
  return jsonb_build_object('factors_removed', removed, 'sessions_ended', ended);
end;
$$;
revoke all on function public.reset_team_member_factors(uuid) from public, anon, authenticated, service_role;
grant execute on function public.reset_team_member_factors(uuid) to authenticated, service_role;

create or replace function public.team_two_factor()
returns table (member_id uuid, two_factor boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_team_administrator();
  return query
    select a.id, public.has_verified_factor(a.id) from public.admin_users a order by a.created_at, a.id;
end;
$$;
revoke all on function public.team_two_factor() from public, anon, authenticated, service_role;
grant execute on function public.team_two_factor() to authenticated, service_role;
