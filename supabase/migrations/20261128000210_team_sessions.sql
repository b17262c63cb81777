-- The team's accounts, sessions and second factors (docs/architecture.md, "Team endpoints").
--
-- Removing a member removes the membership and ends their sessions; the account itself is deleted
-- (by the web tier, through Auth's admin API) only when the team's invitation created it and it holds
-- nothing else: an account that existed before and was added without an invitation is theirs and
-- stays. Whether the invitation created the account is recorded when the member is added
-- (admin_users.created_account), and checked: only an account that was invited and never signed in
-- can be recorded so.
--
-- Administrators end a member's sessions and reset a member's second factors through RPCs; both are
-- in the team's history (an update of the member's row: sessions_ended_at, factors_reset_at, by the
-- administrator who did it). Ending a session deletes its auth.sessions row (its refresh tokens go
-- with it); a token that names it is refused from the next request on (20261128000200_two_factor.sql).
-- Factors are deleted from auth.mfa_factors in the same transaction as the record and the sessions'
-- end (their challenges go with them), so a reset is whole or not at all.
--
--   add_team_member(member_id, member_email, member_role, created_account default false) -> jsonb the row
--   end_team_membership(member_id)         -> jsonb {id, email, delete_account} (administrators, or the
--                                             service role for `npm run team`); replaces
--                                             remove_team_member, which answered nothing
--   end_team_member_sessions(member_id)    -> jsonb {sessions_ended} (administrators)
--   reset_team_member_factors(member_id)   -> jsonb {factors_removed, sessions_ended} (administrators)
--   team_two_factor()                      -> rows (member_id, two_factor): has a verified factor (administrators)
--
-- Refusals: 42501 not an administrator (or a session that falls short), RC403 oneself ("ask another
-- administrator"), P0002 no such member, 22023 created_account for an account the invitation did not
-- just create.

alter table public.admin_users
  add column if not exists created_account boolean not null default false,
  add column if not exists sessions_ended_at timestamptz,
  add column if not exists factors_reset_at timestamptz;

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
revoke all on function public.admin_users_check_created_account() from public, anon, authenticated;
drop trigger if exists check_created_account on public.admin_users;
create trigger check_created_account before insert or update of created_account on public.admin_users
  for each row execute function public.admin_users_check_created_account();

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
revoke all on function public.admin_users_end_sessions() from public, anon, authenticated;
drop trigger if exists end_sessions on public.admin_users;
create trigger end_sessions after delete on public.admin_users
  for each row execute function public.admin_users_end_sessions();

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
revoke all on function public.account_has_other_data(uuid) from public, anon, authenticated;

-- add_team_member as in 20261126000100_team.sql, plus whether the team's invitation made the account.
drop function if exists public.add_team_member(uuid, text, text);
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
revoke all on function public.add_team_member(uuid, text, text, boolean) from public, anon;
grant execute on function public.add_team_member(uuid, text, text, boolean) to authenticated;

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
revoke all on function public.require_other_member(uuid, text) from public, anon, authenticated;

-- end_team_membership replaces remove_team_member (which answered nothing): the membership goes,
-- and with it the sessions (by the trigger above); the answer says whether the web tier should
-- delete the account as well. The service role (`npm run team`, a trusted shell) may call it too.
drop function if exists public.remove_team_member(uuid);
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
revoke all on function public.end_team_membership(uuid) from public, anon;
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
revoke all on function public.end_team_member_sessions(uuid) from public, anon;
grant execute on function public.end_team_member_sessions(uuid) to authenticated;

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
revoke all on function public.reset_team_member_factors(uuid) from public, anon;
grant execute on function public.reset_team_member_factors(uuid) to authenticated;

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
revoke all on function public.team_two_factor() from public, anon;
grant execute on function public.team_two_factor() to authenticated;
