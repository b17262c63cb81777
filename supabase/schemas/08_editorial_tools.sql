-- Editorial tools: search across content, where media is used, and the dashboard's content chart.
--
--   search_content(query, sources, max_results) -> hits in the given tables' columns (members)
--   media_usage(urls text[], sources jsonb)     -> table (url text, kind text, id uuid, label text) (members)
--   published_per_month(months)                 -> published rows per month of creation and table (members)
--
-- Each is security invoker (RLS applies) and starts with require_admin(); anon may not execute
-- them. The tables and columns they read are named by the back office's registry and checked
-- against the catalog, then quoted, so a caller chooses where to look, never what SQL runs.

-- Search across content --------------------------------------------------------------------------
-- `sources` is the back office's registry of searchable columns (shared/content-search.ts):
-- [{"table": "blog_posts", "columns": ["title", "content"]}, ...], so a content type joins the search
-- by configuration. Each table must be a table of schema public with an id column, each column one
-- of its columns. The query is matched as a case-insensitive substring, LIKE wildcards taken
-- literally, in each column's text; a jsonb column's text is its words (searchable_text: a rich-text
-- document's blocks, never its JSON keys or node names). Hits come best first: a first column (the title) starting with the query, then a first
-- column containing it, then the other columns; ties by table order in `sources`, then title.
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
  target_texts text[];
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
    -- What is searched of each column: its text; of a jsonb column (a rich-text document, the
    -- whitepaper's sections) the words a reader reads, never its JSON keys or structure.
    select array_agg(case when a.atttypid = 'jsonb'::regtype then format('public.searchable_text(t.%I)', c.name) else format('t.%I::text', c.name) end order by c.position)
      into target_texts
      from unnest(target_columns) with ordinality as c(name, position)
      join pg_catalog.pg_attribute a on a.attrelid = format('public.%I', target)::regclass and a.attname = c.name and a.attnum > 0 and not a.attisdropped;

    parts := parts || format(
      $sql$select %1$L::text as source, t.id, jsonb_build_object(%2$s) as fields,
                  (select left(substr(v.value, greatest(1, strpos(lower(v.value), lower($2)) - 40)), 160)
                     from (select unnest(array[%3$s]) as value) v
                    where v.value ilike '%%' || $1 || '%%' escape '\' limit 1) as snippet,
                  case when %4$s ilike $1 || '%%' escape '\' then 0
                       when %4$s ilike '%%' || $1 || '%%' escape '\' then 1
                       else 2 end as rank,
                  %5$s as source_order,
                  %4$s as title
             from public.%1$I t
            where %6$s$sql$,
      target,
      (select string_agg(format('%L, left(%s, 200)', c.name, c.text), ', ') from unnest(target_columns, target_texts) as c(name, text)),
      array_to_string(target_texts, ', '),
      target_texts[1],
      source_position,
      (select string_agg(format('%s ilike ''%%'' || $1 || ''%%'' escape ''\''', c), ' or ') from unnest(target_texts) c)
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
revoke all on function public.search_content(text, jsonb, integer) from public, anon, authenticated, service_role;
grant execute on function public.search_content(text, jsonb, integer) to authenticated, service_role;

-- Where media assets are used ----------------------------------------------------------------------
-- For the media library's "in use by" and its warning before a delete. `sources` names where to
-- look, as the back office's content-table list gives it (shared/media-usage.ts builds it from
-- shared/content-tables.ts, so a new content type is covered by its entry, not by a change here):
-- [{"name": "blog", "table": "blog_posts", "columns": ["image_url", "content"], "label": "title"}, ...].
-- A row uses an asset when one of the columns (as text: a URL, or the JSON of a rich-text document,
-- whose pictures name their address in `src`) contains the asset's URL; each use is returned once per asset and row, with the source's
-- name and the row's label.
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
revoke all on function public.media_usage(text[], jsonb) from public, anon, authenticated, service_role;
grant execute on function public.media_usage(text[], jsonb) to authenticated, service_role;

-- Content published per month ------------------------------------------------------------------------
-- Every table of schema public with a `published` flag and a `created_at` counts, so a new content
-- type joins the chart by having them. Months are UTC calendar months, this one included.
create or replace function public.published_per_month(months integer)
returns table (month date, source text, published integer)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  this_month date := date_trunc('month', now() at time zone 'UTC')::date;
  first_month date;
  content_tables text[];
begin
  perform public.require_admin('read content statistics');
  if months is null or months < 1 or months > 60 then
    raise exception 'months must be between 1 and 60' using errcode = '22023';
  end if;
  first_month := (this_month - make_interval(months => months - 1))::date;
  select array_agg(c.relname::text order by c.relname) into content_tables
    from pg_catalog.pg_class c
   where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
     and exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attname = 'published' and a.atttypid = 'boolean'::regtype and not a.attisdropped)
     and exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attname = 'created_at' and not a.attisdropped);
  return query execute format(
    'with counted as (%s)
     select m::date, tables.of_table, coalesce(counted.n, 0)
       from generate_series($1::timestamp, $2::timestamp, interval ''1 month'') m
      cross join unnest($3::text[]) as tables(of_table)
       left join counted on counted.of_month = m::date and counted.of_table = tables.of_table
      order by 1, 2',
    (select string_agg(format(
       'select %L::text as of_table, (date_trunc(''month'', t.created_at at time zone ''UTC''))::date as of_month, count(*)::integer as n
          from public.%I t where t.published and t.created_at >= $1::timestamp at time zone ''UTC'' group by 2',
       name, name), ' union all ')
       from unnest(content_tables) name))
    using first_month, this_month, content_tables;
end;
$$;
revoke all on function public.published_per_month(integer) from public, anon, authenticated, service_role;
grant execute on function public.published_per_month(integer) to authenticated, service_role;
