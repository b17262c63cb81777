-- media_usage and search_content as first written, less the lines that unwrapped a JSON argument
-- arriving as a JSON string: the local backend on a PostgreSQL server sent one, and now sends the
-- value itself, as PostgREST does (supabase/local/db.ts). What each function does is described in
-- 20261124000200_media_usage.sql and 20261124000500_editorial_tools.sql; grants are unchanged.

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

create or replace function public.search_content(query text, sources jsonb, max_results integer default 20)
returns table (source text, id uuid, fields jsonb, snippet text)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  needle text := btrim(coalesce(query, ''));
  pattern text;
  entry jsonb;
  source_position integer := 0;
  target text;
  target_columns text[];
  target_column text;
  parts text[] := '{}';
begin
  perform public.require_admin('search content');
  if char_length(needle) > 200 then
    raise exception 'Search text must be at most 200 characters' using errcode = '22023';
  end if;
  if max_results is null or max_results < 1 or max_results > 100 then
    raise exception 'max_results must be between 1 and 100' using errcode = '22023';
  end if;
  if sources is null or jsonb_typeof(sources) <> 'array' then
    raise exception 'sources must be an array of {"table", "columns"}' using errcode = '22023';
  end if;
  if needle = '' then
    return;
  end if;
  pattern := replace(replace(replace(needle, '\', '\\'), '%', '\%'), '_', '\_');

  for entry in select value from jsonb_array_elements(sources) loop
    source_position := source_position + 1;
    target := entry ->> 'table';
    if jsonb_typeof(entry -> 'columns') is distinct from 'array' or jsonb_array_length(entry -> 'columns') = 0 then
      raise exception 'Search source % needs a list of columns', coalesce(target, '?') using errcode = '22023';
    end if;
    select array_agg(value order by ordinality) into target_columns from jsonb_array_elements_text(entry -> 'columns') with ordinality;
    if target is null or not exists (
      select 1 from pg_catalog.pg_class c
       where c.relnamespace = 'public'::regnamespace and c.relname = target and c.relkind = 'r'
    ) then
      raise exception 'Unknown table "%"', coalesce(target, '') using errcode = '22023';
    end if;
    foreach target_column in array array_append(target_columns, 'id') loop
      if not exists (
        select 1 from pg_catalog.pg_attribute a
         where a.attrelid = format('public.%I', target)::regclass and a.attname = target_column and a.attnum > 0 and not a.attisdropped
      ) then
        raise exception 'Unknown column "%" of table "%"', target_column, target using errcode = '22023';
      end if;
    end loop;

    parts := parts || format(
      $sql$select %1$L::text as source, t.id, jsonb_build_object(%2$s) as fields,
                  (select left(substr(v.value, greatest(1, strpos(lower(v.value), lower($2)) - 40)), 160)
                     from (select unnest(array[%3$s]) as value) v
                    where v.value ilike '%%' || $1 || '%%' escape '\' limit 1) as snippet,
                  case when t.%4$I::text ilike $1 || '%%' escape '\' then 0
                       when t.%4$I::text ilike '%%' || $1 || '%%' escape '\' then 1
                       else 2 end as rank,
                  %5$s as source_order,
                  t.%4$I::text as title
             from public.%1$I t
            where %6$s$sql$,
      target,
      (select string_agg(format('%L, left(t.%I::text, 200)', c, c), ', ') from unnest(target_columns) c),
      (select string_agg(format('t.%I::text', c), ', ') from unnest(target_columns) c),
      target_columns[1],
      source_position,
      (select string_agg(format('t.%I::text ilike ''%%'' || $1 || ''%%'' escape ''\''', c), ' or ') from unnest(target_columns) c)
    );
  end loop;

  if cardinality(parts) = 0 then
    return;
  end if;
  return query execute
    'select hits.source, hits.id, hits.fields, hits.snippet from (' || array_to_string(parts, ' union all ') ||
    ') hits order by hits.rank, hits.source_order, hits.title, hits.id limit $3'
    using pattern, needle, max_results;
end;
$$;
