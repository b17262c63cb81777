-- "X is editing" goes sooner after X's tab has gone (issue 36): an edit lease lives 15 s, not 30.
--
-- The back office releases its lease when the tab is hidden for good (pagehide) and now renews it
-- every 5 s; a tab that ends without a word (a crash, a lost connection) keeps its name on the row
-- only until the lease expires, which is what this shortens.

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.hold_edit_lease(target_table text, target_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  holder uuid := auth.uid();
  row_exists boolean;
begin
  perform public.require_lease_table(target_table);
  if target_id is null then
    raise exception 'A lease needs the row''s id' using errcode = '22023';
  end if;
  execute format('select exists (select 1 from public.%I t where t.id = $1)', target_table) into row_exists using target_id;
  if not row_exists then
    raise exception 'This item no longer exists' using errcode = 'P0002', hint = 'It may have been deleted: reload the list.';
  end if;
  delete from public.edit_leases l where l.expires_at <= now();
  insert into public.edit_leases (table_name, row_id, user_id, email, expires_at)
  values (target_table, target_id, holder,
          coalesce(nullif(auth.jwt() ->> 'email', ''), (select u.email from auth.users u where u.id = holder)),
          now() + interval '15 seconds')
  on conflict (table_name, row_id, user_id) do update set email = excluded.email, expires_at = excluded.expires_at;
  return coalesce((
    select jsonb_agg(jsonb_build_object('user_id', l.user_id, 'email', l.email) order by l.email, l.user_id)
      from public.edit_leases l
     where l.table_name = target_table and l.row_id = target_id and l.user_id <> holder and l.expires_at > now()
  ), '[]'::jsonb);
end;
$function$
;
