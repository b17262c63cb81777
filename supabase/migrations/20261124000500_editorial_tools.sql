-- Editorial tools: old post addresses that keep working, search across content, a new whitepaper
-- version started from the published one, and the dashboard's aggregates.
--
--   slug_redirects                      an old slug of a post -> the post (filled by a trigger)
--   post_redirect(old_slug)             -> the post's current slug, for /updates/<old> (anyone)
--   search_content(query, sources, max_results) -> hits in the given tables' columns (admins)
--   duplicate_whitepaper(source_id)     -> a new draft version with the source's sections (admins)
--   submission_counts(days)             -> submissions per day and kind (admins)
--   waitlist_totals(days)               -> the waitlist's size at the end of each day (admins)
--   published_per_month(months)         -> published rows per month of creation and table (admins)
--
-- Admin RPCs are security invoker and start with require_admin(), like those of
-- 20261122000400_rpcs.sql; anon may not execute them.

-- Old post addresses -----------------------------------------------------------------------------
-- A redirect names the post, not its next slug: after renames a -> b -> c both a and b lead to the
-- post's current slug c (chains collapse). A post that takes a slug (new or renamed back) ends that
-- slug's redirect, so a live post always wins over an old address. Deleting a post ends its redirects.

create table if not exists public.slug_redirects (
  old_slug text primary key,
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index if not exists slug_redirects_post_id_idx on public.slug_redirects (post_id);

alter table public.slug_redirects enable row level security;
revoke insert, update, delete, truncate, references, trigger on public.slug_redirects from anon, authenticated;
-- A redirect is readable by whoever may read its post (blog_posts' own policies decide), so an old
-- address of a draft reveals nothing.
drop policy if exists "Read redirects of readable posts" on public.slug_redirects;
create policy "Read redirects of readable posts" on public.slug_redirects
  for select to anon, authenticated
  using (exists (select 1 from public.blog_posts p where p.id = post_id));

-- security definer: the API's roles cannot write slug_redirects; admins' renames reach it only here.
create or replace function public.blog_posts_keep_old_slugs()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.slug is distinct from old.slug then
    insert into public.slug_redirects (old_slug, post_id) values (old.slug, new.id)
      on conflict (old_slug) do update set post_id = excluded.post_id, created_at = now();
  end if;
  delete from public.slug_redirects r where r.old_slug = new.slug;
  return null;
end;
$$;
revoke all on function public.blog_posts_keep_old_slugs() from public, anon, authenticated;

drop trigger if exists keep_old_slugs on public.blog_posts;
create trigger keep_old_slugs after insert or update of slug on public.blog_posts
  for each row execute function public.blog_posts_keep_old_slugs();

-- What /updates/<old_slug> redirects to: the current slug of a published post, else null.
-- security invoker: the caller's row-level security applies to both tables.
create or replace function public.post_redirect(old_slug text)
returns text
language sql
stable
security invoker
set search_path = ''
as $$
  select p.slug
    from public.slug_redirects r
    join public.blog_posts p on p.id = r.post_id
   where r.old_slug = post_redirect.old_slug and p.published;
$$;
revoke all on function public.post_redirect(text) from public;
grant execute on function public.post_redirect(text) to anon, authenticated, service_role;

-- A rename changes what the site answers at the old address.
select public.track_content_changes('public.slug_redirects');

-- Search across content --------------------------------------------------------------------------
-- `sources` is the back office's registry of searchable columns (shared/content-search.ts):
-- [{"table": "blog_posts", "columns": ["title", "content"]}, ...], so a content type joins the search
-- by configuration. Each table must be a table of schema public with an id column, each column one
-- of its columns. The query is matched as a case-insensitive substring, LIKE wildcards taken
-- literally. Hits come best first: a first column (the title) starting with the query, then a first
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

-- A new whitepaper version ------------------------------------------------------------------------
-- A draft copy of a version (the published one when source_id is null): same title and sections, the
-- next version number after the highest there is (1.2 -> 1.3), and a change-log line saying where it
-- came from. One call, one transaction: no half-made version.

create or replace function public.duplicate_whitepaper(source_id uuid default null)
returns public.whitepaper
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  source public.whitepaper;
  highest integer[];
  result public.whitepaper;
begin
  perform public.require_admin('duplicate whitepaper versions');
  -- Two duplicates at once would otherwise pick the same next version.
  perform pg_advisory_xact_lock(hashtextextended('public.whitepaper.version', 0));

  if source_id is null then
    select * into source from public.whitepaper w where w.published;
    if source.id is null then
      raise exception 'There is no published whitepaper version to start from' using errcode = 'P0002';
    end if;
  else
    select * into source from public.whitepaper w where w.id = source_id;
    if source.id is null then
      raise exception 'Whitepaper version % not found', source_id using errcode = 'P0002';
    end if;
  end if;

  select w.version_key into highest from public.whitepaper w order by w.version_key desc limit 1;
  highest[cardinality(highest)] := highest[cardinality(highest)] + 1;

  insert into public.whitepaper (title, version, sections, change_log, published)
  values (source.title, array_to_string(highest, '.'), source.sections,
          source.change_log || jsonb_build_array(format('Started from version %s', source.version)), false)
  returning * into result;
  return result;
end;
$$;

-- Dashboard aggregates ----------------------------------------------------------------------------
-- Days are UTC calendar days, today included; every day and kind has a row (zeros too), so a chart
-- draws the series as they are.

create or replace function public.submission_counts(days integer)
returns table (day date, kind text, submissions integer)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  today date := (now() at time zone 'UTC')::date;
  first_day date;
begin
  perform public.require_admin('read submission statistics');
  if days is null or days < 1 or days > 366 then
    raise exception 'days must be between 1 and 366' using errcode = '22023';
  end if;
  first_day := today - (days - 1);
  return query
    with counted as (
      select (s.created_at at time zone 'UTC')::date as on_day, s.kind as of_kind, count(*)::integer as n
        from public.form_submissions s
       where s.created_at >= first_day::timestamp at time zone 'UTC'
       group by 1, 2
    )
    select d::date, k.kind_name, coalesce(c.n, 0)
      from generate_series(first_day::timestamp, today::timestamp, interval '1 day') d
     -- The kinds of form_submissions_kind_check, in the order the dashboard shows them.
     cross join unnest(array['waitlist', 'newsletter', 'contact']) with ordinality as k(kind_name, kind_order)
      left join counted c on c.on_day = d::date and c.of_kind = k.kind_name
     order by 1, k.kind_order;
end;
$$;

create or replace function public.waitlist_totals(days integer)
returns table (day date, total integer)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  today date := (now() at time zone 'UTC')::date;
  first_day date;
  before_window integer;
begin
  perform public.require_admin('read submission statistics');
  if days is null or days < 1 or days > 366 then
    raise exception 'days must be between 1 and 366' using errcode = '22023';
  end if;
  first_day := today - (days - 1);
  select count(*)::integer into before_window
    from public.form_submissions s
   where s.kind = 'waitlist' and s.created_at < first_day::timestamp at time zone 'UTC';
  return query
    with counted as (
      select (s.created_at at time zone 'UTC')::date as on_day, count(*)::integer as n
        from public.form_submissions s
       where s.kind = 'waitlist' and s.created_at >= first_day::timestamp at time zone 'UTC'
       group by 1
    )
    select d::date, (before_window + sum(coalesce(c.n, 0)) over (order by d))::integer
      from generate_series(first_day::timestamp, today::timestamp, interval '1 day') d
      left join counted c on c.on_day = d::date
     order by 1;
end;
$$;

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

revoke all on function public.search_content(text, jsonb, integer) from public, anon;
revoke all on function public.duplicate_whitepaper(uuid) from public, anon;
revoke all on function public.submission_counts(integer) from public, anon;
revoke all on function public.waitlist_totals(integer) from public, anon;
revoke all on function public.published_per_month(integer) from public, anon;
grant execute on function public.search_content(text, jsonb, integer) to authenticated;
grant execute on function public.duplicate_whitepaper(uuid) to authenticated;
grant execute on function public.submission_counts(integer) to authenticated;
grant execute on function public.waitlist_totals(integer) to authenticated;
grant execute on function public.published_per_month(integer) to authenticated;
