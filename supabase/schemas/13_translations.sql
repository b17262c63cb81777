-- Translations of content (docs/architecture.md, "Languages"): one generic table for every content
-- type, so a type gets translations by declaring its translatable columns (the `translatable` of
-- its file in shared/content-types/), with no table of its own. The default language's rows, the
-- spec's tables and their API stay as they are; a translation holds, for one row and one other
-- language, the translated values of that row's translatable columns.
--
--   private.translatable_columns                  which columns of which table are translated: the
--                                                 one list in the database (a test holds it equal to
--                                                 the content types' `translatable`)
--   public.content_translations                   one row per (table, row, language)
--   translation_status(source_table, language)    -> (row_id, state, missing, outdated, published) (members)
--
-- What holds whatever path a write takes:
--   * fields hold only the table's translatable columns, each checked by the parent table's own
--     check constraints (lengths, not blank, rich-document shape): a refusal names the parent's
--     constraint, so the back office's messages for the row's own form apply unchanged;
--   * `source` is written by the database: for each field, the default-language value it was
--     translated from, taken at the save that last changed that field ("outdated" compares it with
--     the row's current value);
--   * a published translation is complete: every translatable column with a value in the row is
--     present and not blank;
--   * visitors read a translation only when it is published, its publish_at has come and its row is
--     visible to them (the row's own read policy decides, under the visitor's rights);
--   * publishing, unpublishing or deleting a published translation of a table only administrators
--     publish (the whitepaper) is refused to editors;
--   * deleting a row deletes its translations (delete_translations on every translatable table).
-- And as every content table: history, row versions (RC409), the live site's content version, and
-- scheduled translations count as scheduled rows (next_scheduled_change finds `publish_at`).

-- Which columns are translated -------------------------------------------------------------------

create table if not exists private.translatable_columns (
  source_table text primary key,
  columns text[] not null constraint translatable_columns_columns_check check (cardinality(columns) > 0),
  -- Publishing the table's rows is for administrators only (the whitepaper): its translations too.
  published_by_administrators boolean not null default false
);
alter table private.translatable_columns enable row level security;
revoke all on private.translatable_columns from public, anon, authenticated, service_role;

insert into private.translatable_columns (source_table, columns, published_by_administrators) values
  ('blog_posts', '{title,milestone,content,image_alt,seo_description}', false),
  ('cartridge_models', '{title,description,image_alt}', false),
  ('featured_collections', '{title,description,features,image_alt}', false),
  ('faq_entries', '{question,answer}', false),
  ('interface_previews', '{title,description,image_alt}', false),
  ('press_quotes', '{quote,logo_alt}', false),
  ('project_stages', '{name}', false),
  ('videos', '{title,description,thumbnail_alt}', false),
  ('whitepaper', '{title,sections}', true)
on conflict (source_table) do update
  set columns = excluded.columns, published_by_administrators = excluded.published_by_administrators;

-- The translatable columns of a table; null when it has none. The checks and RPCs below run as their
-- caller, who cannot read schema private: this reads the list for them (it says nothing secret).
create or replace function public.translatable_columns(source_table text)
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select t.columns from private.translatable_columns t where t.source_table = translatable_columns.source_table;
$$;
revoke all on function public.translatable_columns(text) from public, anon, authenticated, service_role;
grant execute on function public.translatable_columns(text) to anon, authenticated, service_role;

create or replace function public.translations_published_by_administrators(source_table text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select t.published_by_administrators from private.translatable_columns t
                    where t.source_table = translations_published_by_administrators.source_table), false);
$$;
revoke all on function public.translations_published_by_administrators(text) from public, anon, authenticated, service_role;
grant execute on function public.translations_published_by_administrators(text) to authenticated, service_role;

-- What the status and the publishing check share, by the rule of translationState in
-- shared/translations.ts. A value is blank when it says nothing: JSON null, a blank string, an empty
-- array or object.
create or replace function public.translation_value_blank(value jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case jsonb_typeof(value)
    when 'string' then value #>> '{}' !~ '\S'
    when 'array' then jsonb_array_length(value) = 0
    when 'object' then value = '{}'::jsonb
    when 'null' then true
    else value is null
  end;
$$;
revoke all on function public.translation_value_blank(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.translation_value_blank(jsonb) to authenticated, service_role;

-- The columns with a value in the default row (`row_image`, the row as JSON) that the translation's
-- fields lack or leave blank, in the order of `columns`.
create or replace function public.translation_missing(row_image jsonb, fields jsonb, columns text[])
returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(c.name order by c.position), '{}')
    from unnest(columns) with ordinality as c(name, position)
   where not public.translation_value_blank(row_image -> c.name)
     and public.translation_value_blank(fields -> c.name);
$$;
revoke all on function public.translation_missing(jsonb, jsonb, text[]) from public, anon, authenticated, service_role;
grant execute on function public.translation_missing(jsonb, jsonb, text[]) to authenticated, service_role;

-- The fields whose default-language value changed since they were translated: what `source` kept
-- differs from the row's current value (a column that is null counts as JSON null on both sides).
create or replace function public.translation_outdated(row_image jsonb, fields jsonb, source jsonb, columns text[])
returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(c.name order by c.position), '{}')
    from unnest(columns) with ordinality as c(name, position)
   where fields ? c.name
     and coalesce(source -> c.name, 'null'::jsonb) is distinct from coalesce(row_image -> c.name, 'null'::jsonb);
$$;
revoke all on function public.translation_outdated(jsonb, jsonb, jsonb, text[]) from public, anon, authenticated, service_role;
grant execute on function public.translation_outdated(jsonb, jsonb, jsonb, text[]) to authenticated, service_role;

-- Whether the caller may read row `row_id` of `source_table`. security invoker: the query runs with
-- the caller's rights, so the table's own read policy decides (a draft post hides its translations).
create or replace function public.translation_source_visible(source_table text, row_id uuid)
returns boolean
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  visible boolean;
begin
  if public.translatable_columns(source_table) is null then
    return false;
  end if;
  execute format('select exists (select 1 from public.%I where id = $1)', source_table) into visible using row_id;
  return visible;
end;
$$;
revoke all on function public.translation_source_visible(text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.translation_source_visible(text, uuid) to anon, authenticated, service_role;

-- content_translations ---------------------------------------------------------------------------

create table if not exists public.content_translations (
  id uuid primary key default gen_random_uuid(),
  source_table text not null,
  row_id uuid not null,
  -- A language of shared/languages.ts other than the default (English), in LANGUAGE_CODE_PATTERN.
  language text not null
    constraint content_translations_language_check check (language ~ '^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$' and language <> 'en'),
  fields jsonb not null default '{}'::jsonb
    constraint content_translations_fields_check check (jsonb_typeof(fields) = 'object'),
  source jsonb not null default '{}'::jsonb
    constraint content_translations_source_check check (jsonb_typeof(source) = 'object'),
  published boolean not null default false,
  publish_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  row_version integer not null default 1,
  constraint content_translations_row_language_key unique (source_table, row_id, language)
);
-- content_version() looks up the earliest future moment on every poll.
create index if not exists content_translations_publish_at_idx on public.content_translations (publish_at) where published and publish_at is not null;

-- Before insert or update, as the caller (members read every row; the service role and the owner
-- bypass row-level security): the row exists, the fields are the table's translatable columns and
-- pass its checks, `source` is recorded, and a published translation is complete.
create or replace function public.content_translations_check()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  columns text[] := public.translatable_columns(new.source_table);
  parent regclass;
  row_image jsonb;
  unknown text[];
  wrong_type text[];
  missing text[];
  check_name text;
  check_expression text;
  passes boolean;
begin
  -- Row-level security refuses non-members too, but only after this trigger, which would answer
  -- "no such row" for a row they cannot read.
  if current_user in ('anon', 'authenticated') and not (select public.is_admin()) then
    raise exception 'Access denied. Admin privileges required.'
      using errcode = '42501', hint = 'Only administrators can write translations.';
  end if;
  if columns is null then
    raise exception 'new row for relation "content_translations" violates check constraint "content_translations_source_table_check"'
      using errcode = '23514', constraint = 'content_translations_source_table_check',
            detail = format('%s has no translatable columns.', new.source_table);
  end if;
  if tg_op = 'UPDATE' and (new.source_table, new.row_id, new.language) is distinct from (old.source_table, old.row_id, old.language) then
    raise exception 'A translation keeps its row and language' using errcode = '22023',
      hint = 'Create a translation for the other row or language instead.';
  end if;
  parent := format('public.%I', new.source_table)::regclass;
  execute format('select to_jsonb(t) from %s t where t.id = $1', parent) into row_image using new.row_id;
  if row_image is null then
    raise exception 'No % row %', new.source_table, new.row_id
      using errcode = '23503', constraint = 'content_translations_row_id_fkey';
  end if;

  if jsonb_typeof(new.fields) = 'object' then
    -- A null field is an untranslated one; so is a blank optional text, which the row stores as null.
    select coalesce(jsonb_object_agg(f.key, f.value), '{}'::jsonb) into new.fields
      from jsonb_each(new.fields) as f
      left join pg_catalog.pg_attribute a on a.attrelid = parent and a.attname = f.key and not a.attisdropped
     where jsonb_typeof(f.value) <> 'null'
       and not (jsonb_typeof(f.value) = 'string' and f.value #>> '{}' !~ '\S' and a.atttypid = 'text'::regtype and not a.attnotnull);
    select array_agg(f.key order by f.key) into unknown from jsonb_object_keys(new.fields) as f(key) where f.key <> all (columns);
    if unknown is not null then
      raise exception 'new row for relation "content_translations" violates check constraint "content_translations_fields_check"'
        using errcode = '23514', constraint = 'content_translations_fields_check',
              detail = format('Not translatable in %s: %s.', new.source_table, array_to_string(unknown, ', '));
    end if;
    select array_agg(f.key order by f.key) into wrong_type
      from jsonb_each(new.fields) as f
      join pg_catalog.pg_attribute a on a.attrelid = parent and a.attname = f.key and not a.attisdropped
     where a.atttypid = 'text'::regtype and jsonb_typeof(f.value) <> 'string';
    if wrong_type is not null then
      raise exception 'new row for relation "content_translations" violates check constraint "content_translations_fields_check"'
        using errcode = '23514', constraint = 'content_translations_fields_check',
              detail = format('Text expected for %s.', array_to_string(wrong_type, ', '));
    end if;

    -- The parent's own checks on the translated values: each check whose columns are all translated
    -- (or `published`, the translation's own), evaluated on a row of the parent's type made of the
    -- fields. An absent field is null there, which a check lets through as it does for the row.
    for check_name, check_expression in
      select c.conname, pg_catalog.pg_get_expr(c.conbin, c.conrelid)
        from pg_catalog.pg_constraint c
       where c.conrelid = parent and c.contype = 'c'
         and not exists (
           select 1 from pg_catalog.pg_attribute a
            where a.attrelid = c.conrelid and a.attnum = any (c.conkey)
              and a.attname <> all (columns || '{published}'::text[]))
         and exists (
           select 1 from pg_catalog.pg_attribute a
            where a.attrelid = c.conrelid and a.attnum = any (c.conkey) and new.fields ? a.attname)
       order by c.conname
    loop
      execute format('select (%s) is not false from pg_catalog.jsonb_populate_record(null::%s, $1)', check_expression, parent)
        into passes using new.fields || jsonb_build_object('published', new.published);
      if not passes then
        raise exception 'new row for relation "%" violates check constraint "%"', new.source_table, check_name
          using errcode = '23514', constraint = check_name, table = new.source_table;
      end if;
    end loop;
  end if;

  -- What each field was translated from: kept while the field stays the same, taken anew when it
  -- changes. A restored version (restore_revision) brings back what its fields were translated from,
  -- so a restored translation of older English words still shows as outdated.
  new.source := coalesce((
    select jsonb_object_agg(f.key,
             case when nullif(current_setting('rcrt.restoring_revision', true), '') is not null and new.source ? f.key
                  then new.source -> f.key
                  when tg_op = 'UPDATE' and old.fields -> f.key = f.value and old.source ? f.key
                  then old.source -> f.key else coalesce(row_image -> f.key, 'null'::jsonb) end)
      from jsonb_each(new.fields) as f), '{}'::jsonb);

  if new.published then
    missing := public.translation_missing(row_image, new.fields, columns);
    if cardinality(missing) > 0 then
      raise exception 'A translation is published only when complete; missing: %', array_to_string(missing, ', ')
        using errcode = '23514', constraint = 'content_translations_complete',
              detail = array_to_string(missing, ','),
              hint = 'Translate every field that has a value in the default language, or keep the translation a draft.';
    end if;
  end if;
  return new;
end;
$$;
revoke all on function public.content_translations_check() from public, anon, authenticated, service_role;
grant execute on function public.content_translations_check() to service_role;

-- Where only administrators publish the rows (the whitepaper), only they publish or unpublish their
-- translations, whatever the path: a change of `published`, an insert of a published translation,
-- moving a published one's publish_at, or deleting a published one (which takes it off the site).
-- Trusted roles pass (service role, owner; the delete_translations cascade runs as the owner).
create or replace function public.content_translations_publishing_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated')
     and public.translations_published_by_administrators(coalesce(new.source_table, old.source_table))
     and (case tg_op
            when 'INSERT' then new.published
            when 'DELETE' then old.published
            else new.published is distinct from old.published
                 or (new.published and new.publish_at is distinct from old.publish_at)
          end)
     and not (select public.is_administrator()) then
    raise exception 'Only an administrator can publish or unpublish translations of %', coalesce(new.source_table, old.source_table)
      using errcode = '42501';
  end if;
  return coalesce(new, old);
end;
$$;
revoke all on function public.content_translations_publishing_guard() from public, anon, authenticated, service_role;
grant execute on function public.content_translations_publishing_guard() to service_role;

create trigger check_translation before insert or update on public.content_translations
  for each row execute function public.content_translations_check();
create trigger publishing_guard before insert or update or delete on public.content_translations
  for each row execute function public.content_translations_publishing_guard();
create trigger content_history after insert or update or delete on public.content_translations
  for each row execute function public.record_content_revision();
create trigger row_version before update on public.content_translations
  for each row execute function public.check_row_version();
create trigger touch_updated_at before update on public.content_translations
  for each row execute function public.touch_updated_at();
create trigger content_version_bump after insert or update or delete or truncate on public.content_translations
  for each statement execute function public.bump_content_version();

alter table public.content_translations enable row level security;
create policy "Read published translations of readable rows, admins read all" on public.content_translations
  for select to anon, authenticated
  using (
    (published and (publish_at is null or publish_at <= now()) and public.translation_source_visible(source_table, row_id))
    or (select public.is_admin())
  );
create policy "Admins insert" on public.content_translations
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins update" on public.content_translations
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete" on public.content_translations
  for delete to authenticated
  using ((select public.is_admin()));
create policy "Sessions at the required assurance level" on public.content_translations
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
revoke all on public.content_translations from anon, authenticated, service_role;
grant select on public.content_translations to anon;
grant select, insert, update, delete on public.content_translations to authenticated;
grant all on public.content_translations to service_role;

-- A row's translations go with it ----------------------------------------------------------------
-- As a foreign key's cascade would (which one table for every content table cannot have): security
-- definer, so that whoever may delete the row removes its translations too.
create or replace function public.delete_translations()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.content_translations t where t.source_table = tg_table_name and t.row_id = old.id;
  return null;
end;
$$;
revoke all on function public.delete_translations() from public, anon, authenticated, service_role;

create trigger delete_translations after delete on public.blog_posts
  for each row execute function public.delete_translations();
create trigger delete_translations after delete on public.cartridge_models
  for each row execute function public.delete_translations();
create trigger delete_translations after delete on public.featured_collections
  for each row execute function public.delete_translations();
create trigger delete_translations after delete on public.faq_entries
  for each row execute function public.delete_translations();
create trigger delete_translations after delete on public.interface_previews
  for each row execute function public.delete_translations();
create trigger delete_translations after delete on public.press_quotes
  for each row execute function public.delete_translations();
create trigger delete_translations after delete on public.project_stages
  for each row execute function public.delete_translations();
create trigger delete_translations after delete on public.videos
  for each row execute function public.delete_translations();
create trigger delete_translations after delete on public.whitepaper
  for each row execute function public.delete_translations();

-- For a migration of a new content type: `select public.make_translatable('public.<table>',
-- '{title,description}');` lists its translatable columns (as its `translatable` says) and adds the
-- trigger that deletes a row's translations with it. Re-runnable.
create or replace function public.make_translatable(target regclass, columns text[], published_by_administrators boolean default false)
returns void
language plpgsql
set search_path = ''
as $$
declare
  table_name text;
  absent text[];
begin
  select c.relname into table_name
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where c.oid = target and n.nspname = 'public';
  if table_name is null then
    raise exception 'make_translatable: % is not a table of the public schema', target using errcode = '22023';
  end if;
  select array_agg(c.name) into absent from unnest(columns) as c(name)
   where not exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = target and a.attname = c.name and a.attnum > 0 and not a.attisdropped);
  if absent is not null or coalesce(cardinality(columns), 0) = 0 then
    raise exception 'make_translatable: % has no column %', target, coalesce(array_to_string(absent, ', '), '(none given)') using errcode = '22023';
  end if;
  insert into private.translatable_columns (source_table, columns, published_by_administrators)
    values (table_name, columns, published_by_administrators)
    on conflict (source_table) do update
      set columns = excluded.columns, published_by_administrators = excluded.published_by_administrators;
  execute format('drop trigger if exists delete_translations on %s', target);
  execute format('create trigger delete_translations after delete on %s for each row execute function public.delete_translations()', target);
end;
$$;
revoke all on function public.make_translatable(regclass, text[], boolean) from public, anon, authenticated, service_role;

-- Translation status ------------------------------------------------------------------------------
-- For the translator's screens: each row of `source_table` the caller reads, with its translation
-- into `language` (by the rule of translationState in shared/translations.ts):
--   missing     no translation, or a column with a value in the row is absent or blank in it
--   outdated    a field's default-language value changed since it was translated
--   up_to_date  otherwise
-- security invoker: the caller's row-level security applies; members only.
create or replace function public.translation_status(source_table text, language text)
returns table (row_id uuid, state text, missing text[], outdated text[], published boolean)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  columns text[];
begin
  perform public.require_admin('read translation status');
  columns := public.translatable_columns(source_table);
  if columns is null then
    raise exception '% has no translatable columns', coalesce(source_table, 'null') using errcode = '22023';
  end if;
  if language is null or language !~ '^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$' or language = 'en' then
    raise exception 'Not a translation language: %', coalesce(language, 'null') using errcode = '22023';
  end if;
  return query execute format(
    $query$
      select s.id, case when t.id is null or cardinality(s.missing) > 0 then 'missing'
                        when cardinality(s.outdated) > 0 then 'outdated'
                        else 'up_to_date' end,
             s.missing, s.outdated, coalesce(t.published, false)
        from public.%I p
        left join public.content_translations t on t.source_table = $1 and t.row_id = p.id and t.language = $2
        cross join lateral (
          select p.id,
                 public.translation_missing(to_jsonb(p), coalesce(t.fields, '{}'::jsonb), $3) as missing,
                 public.translation_outdated(to_jsonb(p), coalesce(t.fields, '{}'::jsonb), coalesce(t.source, '{}'::jsonb), $3) as outdated
        ) as s
       order by p.id
    $query$, source_table)
    using source_table, language, columns;
end;
$$;
revoke all on function public.translation_status(text, text) from public, anon, authenticated, service_role;
grant execute on function public.translation_status(text, text) to authenticated, service_role;
