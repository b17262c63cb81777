-- Where media assets are used, for the media library's "in use by" and its warning before a delete.
--
--   media_usage(urls text[], sources jsonb) -> table (url text, kind text, id uuid, label text)
--
-- `sources` names where to look, as the back office's content-table list gives it
-- (shared/media-usage.ts builds it from shared/content-tables.ts, so a new content type is covered by
-- its entry, not by a change here): [{"name": "blog", "table": "blog_posts", "columns": ["image_url",
-- "content"], "label": "title"}, ...]. A row uses an asset when one of the columns (as text: a URL, or
-- Markdown, or JSON holding Markdown) contains the asset's URL; each use is returned once per asset
-- and row, with the source's name and the row's label. Admins only (SQLSTATE 42501 otherwise), as the
-- caller (security invoker: RLS applies); every table and column is checked against the public schema
-- and quoted, so the sources choose where to look, never what SQL runs.

create or replace function public.media_usage(urls text[], sources jsonb)
returns table (url text, kind text, id uuid, label text)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  source jsonb;
  source_table text;
  label_column text;
  matches text;
begin
  perform public.require_admin('see where media is used');
  if jsonb_typeof(sources) is distinct from 'array' then
    raise exception 'sources must be a JSON array of {name, table, columns, label}' using errcode = '22023';
  end if;
  for source in select value from jsonb_array_elements(sources) loop
    source_table := source->>'table';
    label_column := source->>'label';
    if source_table is null or label_column is null or source->>'name' is null
       or jsonb_typeof(source->'columns') is distinct from 'array' or jsonb_array_length(source->'columns') = 0
       or exists (
         select 1
           from (select 'id' as name union all select label_column union all select jsonb_array_elements_text(source->'columns')) named
          where not exists (
            select 1 from information_schema.columns c
             where c.table_schema = 'public' and c.table_name = source_table and c.column_name = named.name
          )
       ) then
      raise exception 'Unknown media source %: expected a public table with an id, the label and the columns named', source
        using errcode = '22023';
    end if;
    select string_agg(format('strpos(coalesce(t.%I::text, %L), u.url) > 0', column_name, ''), ' or ')
      into matches
      from jsonb_array_elements_text(source->'columns') as column_name;
    return query execute format(
      'select distinct u.url, $1, t.id, t.%I::text from public.%I t join unnest($2) as u(url) on u.url <> %L and (%s)',
      label_column, source_table, '', matches)
      using source->>'name', urls;
  end loop;
end;
$$;
revoke all on function public.media_usage(text[], jsonb) from public, anon;
grant execute on function public.media_usage(text[], jsonb) to authenticated;
