-- Restoring a version keeps the publish state and schedule (issue 35; docs/architecture.md,
-- "History and activity").
--
-- restore_revision wrote back every column of the old image, `published` and `publish_at` included:
-- restoring a published post's first version made it a draft and its address a 404, and nothing said
-- so. Now the row keeps its publish state and schedule unless the caller passes with_publishing; a
-- deleted row comes back as a draft with no schedule. With with_publishing a published whitepaper
-- version is published as publish_whitepaper() does (the others unpublished first).
--
--   restore_revision(revision_id, use_before default false, with_publishing default false) -> jsonb

drop function if exists "public"."restore_revision"(revision_id bigint, use_before boolean);

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.restore_revision(revision_id bigint, use_before boolean DEFAULT false, with_publishing boolean DEFAULT false)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  revision public.content_revisions;
  image jsonb;
  target regclass;
  versioned boolean;
  columns text;
  values_list text;
  result jsonb;
begin
  perform public.require_admin('restore revisions');

  select r.* into revision from public.content_revisions r where r.id = revision_id;
  if revision.id is null then
    raise exception 'Revision % not found', revision_id using errcode = 'P0002';
  end if;
  if public.is_team_table(revision.table_name) then
    raise exception 'Team changes cannot be restored: change the team on the Team screen' using errcode = '22023';
  end if;
  image := case when use_before or revision.action = 'delete' then revision.before else revision.after end;
  if image is null then
    raise exception 'Revision % has no earlier version to restore', revision_id using errcode = '22023';
  end if;

  target := to_regclass(format('public.%I', revision.table_name));
  if target is null or not exists (select 1 from pg_catalog.pg_trigger t where t.tgrelid = target and t.tgname = 'content_history') then
    raise exception 'Table % no longer keeps a history', revision.table_name using errcode = '22023';
  end if;
  versioned := public.is_versioned_table(revision.table_name);

  select string_agg(pg_catalog.quote_ident(a.attname), ', ' order by a.attnum),
         string_agg('r.' || pg_catalog.quote_ident(a.attname), ', ' order by a.attnum)
    into columns, values_list
    from pg_catalog.pg_attribute a
   where a.attrelid = target and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     and a.attname <> 'row_version' and image ? a.attname::text
     and (with_publishing or a.attname not in ('published', 'publish_at'));

  if with_publishing and revision.table_name = 'whitepaper' and (image ->> 'published')::boolean then
    perform pg_advisory_xact_lock(hashtextextended('public.whitepaper.published', 0));
    update public.whitepaper w set published = false, row_version = w.row_version + 1 where w.published and w.id <> revision.row_id;
  end if;

  perform pg_catalog.set_config('rcrt.restoring_revision', revision.id::text, true);
  execute format('select to_jsonb(t) from %s t where t.id = $1 for update', target) into result using revision.row_id;
  if result is null and versioned then
    execute format('insert into %s (%s, row_version) select %s, $2 from jsonb_populate_record(null::%s, $1) r', target, columns, values_list, target)
      using image, coalesce((image ->> 'row_version')::integer, 0) + 1;
  elsif result is null then
    execute format('insert into %s (%s) select %s from jsonb_populate_record(null::%s, $1) r', target, columns, values_list, target)
      using image;
  elsif versioned then
    execute format('update %s t set (%s) = (select %s from jsonb_populate_record(null::%s, $1) r), row_version = t.row_version + 1 where t.id = $2',
      target, columns, values_list, target)
      using image, revision.row_id;
  else
    execute format('update %s t set (%s) = (select %s from jsonb_populate_record(null::%s, $1) r) where t.id = $2', target, columns, values_list, target)
      using image, revision.row_id;
  end if;
  perform pg_catalog.set_config('rcrt.restoring_revision', '', true);

  execute format('select to_jsonb(t) from %s t where t.id = $1', target) into result using revision.row_id;
  return result;
end;
$function$
;

revoke all on function public.restore_revision(bigint, boolean, boolean) from public, anon, authenticated, service_role;

grant execute on function public.restore_revision(bigint, boolean, boolean) to authenticated, service_role;
