-- A draft's preview carries its translations (drafts included), by language, so that a page in
-- another language previews the words it will show (supabase/schemas/07_live_site.sql). Re-runnable.

create or replace function public.preview_content(token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  link private.preview_links;
  target jsonb;
begin
  if token is null or token !~ '^[0-9a-f]{64}$' then
    return null;
  end if;
  select * into link from private.preview_links l
    where l.token_hash = encode(sha256(convert_to(token, 'UTF8')), 'hex') and l.expires_at > now();
  if not found then
    return null;
  end if;
  execute format('select to_jsonb(t) from public.%I t where t.id = $1', link.target_table) into target using link.row_id;
  if target is null then
    return null;
  end if;
  -- Its translations too, drafts included (content_translations), so a page in another language
  -- previews the words it will show: by language, each its translated fields.
  return jsonb_build_object(
    'table', link.target_table,
    'row', target,
    'translations', coalesce((
      select jsonb_object_agg(t.language, t.fields)
        from public.content_translations t
       where t.source_table = link.target_table and t.row_id = link.row_id
    ), '{}'::jsonb),
    'expires_at', link.expires_at);
end;
$$;
revoke all on function public.preview_content(text) from public, anon, authenticated, service_role;
grant execute on function public.preview_content(text) to anon, authenticated, service_role;
