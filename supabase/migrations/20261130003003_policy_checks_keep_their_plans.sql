-- The membership and two-factor checks that nearly every policy calls (is_admin, is_administrator,
-- session_meets_assurance, has_verified_factor, team_requires_two_factor), and is_team_table, which
-- the revisions' read policy calls for each row, become PL/pgSQL with the same bodies: as SQL
-- functions that cannot be inlined (security definer, a pinned search_path) their queries were
-- planned anew by every statement or call; PL/pgSQL keeps the plans for the connection's life.
-- Nothing they answer changes (supabase/schemas/01_team.sql, 02_history.sql).

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.has_verified_factor(account_id uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return exists (select 1 from auth.mfa_factors f where f.user_id = account_id and f.status = 'verified');
end;
$function$
;

CREATE OR REPLACE FUNCTION public.is_admin()
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return exists (select 1 from public.admin_users where id = (select auth.uid()))
     and public.session_meets_assurance();
end;
$function$
;

CREATE OR REPLACE FUNCTION public.is_administrator()
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return exists (select 1 from public.admin_users where id = (select auth.uid()) and role = 'administrator')
     and public.session_meets_assurance();
end;
$function$
;

CREATE OR REPLACE FUNCTION public.is_team_table(table_name text)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  return table_name in ('admin_users', 'team_settings');
end;
$function$
;

CREATE OR REPLACE FUNCTION public.session_meets_assurance()
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION public.team_requires_two_factor()
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return coalesce((select s.require_two_factor from public.team_settings s limit 1), false);
end;
$function$
;
