-- The whitepaper: versions of one document, at most one of them published.
--
-- Invariants that hold whatever path a write takes: at most one published version (a partial unique
-- index); only administrators publish or unpublish (a trigger: RPC, direct PATCH, insert, restore);
-- versions are never deleted (no grant, no policy, and a statement trigger). The back office
-- publishes through the RPCs, which run in the one transaction of their request, as the caller
-- (security invoker, so RLS still applies), take the version the caller read, and start with the
-- admin check (non-members get SQLSTATE 42501; anon may not even execute them):
--
--   publish_whitepaper(whitepaper_id, whitepaper_version) -> whitepaper   unpublishes every other version, publishes this one
--   unpublish_whitepaper(whitepaper_id, whitepaper_version) -> whitepaper clears this version's flag
--   duplicate_whitepaper(source_id default null)          -> whitepaper   a new draft version with the source's sections
--
-- Every row whose flag changes gets a new version, and publishing the version that is already
-- published (or unpublishing a draft) changes nothing.

-- The rich-text rules, section by section: each section's content is a well-formed document
-- (whitepaper_sections_content_document), says something (..._not_blank), fits DOCUMENT_LIMITS'
-- sectionContent (..._length), and a published version has no picture without alt text.
create or replace function public.whitepaper_sections_documents_ok(sections jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(bool_and(public.rich_text_shape_ok(section->'content')), true)
    from jsonb_array_elements(case when jsonb_typeof(sections) = 'array' then sections else '[]'::jsonb end) as section;
$$;
revoke all on function public.whitepaper_sections_documents_ok(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.whitepaper_sections_documents_ok(jsonb) to authenticated, service_role;

create or replace function public.whitepaper_sections_have_content(sections jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(bool_and(public.rich_text_has_content(section->'content')), true)
    from jsonb_array_elements(case when jsonb_typeof(sections) = 'array' then sections else '[]'::jsonb end) as section;
$$;
revoke all on function public.whitepaper_sections_have_content(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.whitepaper_sections_have_content(jsonb) to authenticated, service_role;

create or replace function public.whitepaper_sections_size_ok(sections jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(bool_and(public.rich_text_size_ok(section->'content', 200000, 8000)), true)
    from jsonb_array_elements(case when jsonb_typeof(sections) = 'array' then sections else '[]'::jsonb end) as section;
$$;
revoke all on function public.whitepaper_sections_size_ok(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.whitepaper_sections_size_ok(jsonb) to authenticated, service_role;

create table if not exists public.whitepaper (
  id uuid primary key default gen_random_uuid(),
  title text not null
    constraint whitepaper_title_not_blank check (title ~ '\S')
    constraint whitepaper_title_length check (char_length(title) <= 200),
  -- A dotted version such as 1.0 or 1.10 (at most 9 digits a part, so each part fits an integer).
  version text not null
    constraint whitepaper_version_check check (version ~ '^[0-9]{1,9}(\.[0-9]{1,9})*$')
    constraint whitepaper_version_length check (char_length(version) <= 50),
  -- The version as numbers, for ordering: 1.10 sorts above 1.9. Clients order by version_key desc.
  -- (Guarded by the same pattern so that a bad version fails whitepaper_version_check, not the cast.)
  version_key integer[] generated always as (
    case when version ~ '^[0-9]{1,9}(\.[0-9]{1,9})*$' then string_to_array(version, '.')::integer[] end
  ) stored,
  published boolean not null default false,
  created_at timestamptz not null default now(),
  -- [{title, content, order}]: title a non-blank string, content a rich-text document (not empty,
  -- within DOCUMENT_LIMITS.sectionContent: 200,000 bytes, 8,000 nodes), order a number; at most 100
  -- sections (titles 200 characters). A published version has no picture without alt text.
  sections jsonb not null default '[]'::jsonb
    constraint whitepaper_sections_check check (
      jsonb_typeof(sections) = 'array'
      and not jsonb_path_exists(sections, '$[*] ? (@.type() != "object")')
      and not jsonb_path_exists(sections, '$[*] ? (!(exists(@.title ? (@.type() == "string" && @ like_regex "[^[:space:]]"))))')
      and not jsonb_path_exists(sections, '$[*] ? (!(exists(@.content)))')
      and not jsonb_path_exists(sections, '$[*] ? (!(exists(@.order ? (@.type() == "number"))))')
    )
    constraint whitepaper_sections_length check (
      public.entry_count(sections) <= 100
      and public.longest_text(sections, 'title') <= 200
      and public.whitepaper_sections_size_ok(sections)
    )
    constraint whitepaper_sections_content_document check (public.whitepaper_sections_documents_ok(sections))
    constraint whitepaper_sections_content_not_blank check (public.whitepaper_sections_have_content(sections)),
  -- Strings of at most 200 characters.
  change_log jsonb not null default '[]'::jsonb
    constraint whitepaper_change_log_check check (
      jsonb_typeof(change_log) = 'array'
      and not jsonb_path_exists(change_log, '$[*] ? (@.type() != "string")')
    )
    constraint whitepaper_change_log_length check (public.longest_text(change_log) <= 200),
  publish_at timestamptz,
  row_version integer not null default 1,
  constraint whitepaper_sections_image_without_alt check (not published or not public.rich_text_image_without_alt(sections))
);
create index if not exists whitepaper_created_at_idx on public.whitepaper (created_at desc);
-- Public page: the published version with the highest version.
create index if not exists whitepaper_published_version_idx on public.whitepaper (published, version_key desc);
-- At most one published version, whatever path a write takes (the publish RPC keeps it so).
create unique index if not exists whitepaper_one_published_idx on public.whitepaper (published) where published;
create index if not exists whitepaper_publish_at_idx on public.whitepaper (publish_at) where published and publish_at is not null;

-- Versions are never deleted through the API (statement level, so it fires even when no row would
-- match), whatever an environment grants.
create or replace function public.whitepaper_no_delete()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated', 'service_role') then
    raise exception 'Whitepaper versions cannot be deleted'
      using errcode = '42501', hint = 'Unpublish the version instead.';
  end if;
  return null;
end;
$$;
revoke all on function public.whitepaper_no_delete() from public, anon, authenticated, service_role;
grant execute on function public.whitepaper_no_delete() to service_role;

-- Publishing is for administrators, whatever the path: a change of `published`, an insert of a
-- published version, or moving a published version's publish_at (which hides or shows it) are
-- publishing. Trusted roles pass (service role, owner).
create or replace function public.whitepaper_publishing_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated')
     and (case
            when tg_op = 'INSERT' then new.published
            else new.published is distinct from old.published
                 or (new.published and new.publish_at is distinct from old.publish_at)
          end)
     and not (select public.is_administrator()) then
    raise exception 'Only an administrator can publish or unpublish the whitepaper' using errcode = '42501';
  end if;
  return new;
end;
$$;
revoke all on function public.whitepaper_publishing_guard() from public, anon, authenticated, service_role;
grant execute on function public.whitepaper_publishing_guard() to service_role;

create trigger no_delete before delete or truncate on public.whitepaper
  for each statement execute function public.whitepaper_no_delete();
create trigger publishing_guard before insert or update on public.whitepaper
  for each row execute function public.whitepaper_publishing_guard();
create trigger content_history after insert or update or delete on public.whitepaper
  for each row execute function public.record_content_revision();
create trigger row_version before update on public.whitepaper
  for each row execute function public.check_row_version();
create trigger content_version_bump after insert or update or delete or truncate on public.whitepaper
  for each statement execute function public.bump_content_version();

alter table public.whitepaper enable row level security;
create policy "Read published rows, admins read all" on public.whitepaper
  for select to anon, authenticated
  using ((published and (publish_at is null or publish_at <= now())) or (select public.is_admin()));
create policy "Admins insert" on public.whitepaper
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins update" on public.whitepaper
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Sessions at the required assurance level" on public.whitepaper
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
-- No delete, for anyone: versions are unpublished instead.
revoke all on public.whitepaper from anon, authenticated, service_role;
grant select on public.whitepaper to anon;
grant select, insert, update on public.whitepaper to authenticated;
grant select, insert, update, truncate, references, trigger on public.whitepaper to service_role;

-- Publishing, with the version the caller read ----------------------------------------------------

create or replace function public.publish_whitepaper(whitepaper_id uuid, whitepaper_version integer)
returns public.whitepaper
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  current_version integer;
  result public.whitepaper;
begin
  perform public.require_admin('publish whitepaper versions');
  if not (select public.is_administrator()) then
    raise exception 'Only an administrator can publish or unpublish the whitepaper' using errcode = '42501';
  end if;

  -- Publishers queue up, so concurrent calls leave exactly one version published (the last one).
  perform pg_advisory_xact_lock(hashtextextended('public.whitepaper.published', 0));

  select w.row_version into current_version from public.whitepaper w where w.id = whitepaper_id for update;
  if current_version is null then
    raise exception 'Whitepaper version % not found', whitepaper_id using errcode = 'P0002';
  end if;
  perform public.refuse_stale_version(current_version, whitepaper_version);

  update public.whitepaper w set published = false, row_version = w.row_version + 1 where w.published and w.id <> whitepaper_id;
  update public.whitepaper w set published = true, row_version = w.row_version + 1 where w.id = whitepaper_id and not w.published;
  select w.* into result from public.whitepaper w where w.id = whitepaper_id;
  return result;
end;
$$;
revoke all on function public.publish_whitepaper(uuid, integer) from public, anon, authenticated, service_role;
grant execute on function public.publish_whitepaper(uuid, integer) to authenticated, service_role;

create or replace function public.unpublish_whitepaper(whitepaper_id uuid, whitepaper_version integer)
returns public.whitepaper
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  current_version integer;
  result public.whitepaper;
begin
  perform public.require_admin('unpublish whitepaper versions');
  if not (select public.is_administrator()) then
    raise exception 'Only an administrator can publish or unpublish the whitepaper' using errcode = '42501';
  end if;

  perform pg_advisory_xact_lock(hashtextextended('public.whitepaper.published', 0));

  select w.row_version into current_version from public.whitepaper w where w.id = whitepaper_id for update;
  if current_version is null then
    raise exception 'Whitepaper version % not found', whitepaper_id using errcode = 'P0002';
  end if;
  perform public.refuse_stale_version(current_version, whitepaper_version);

  update public.whitepaper w set published = false, row_version = w.row_version + 1 where w.id = whitepaper_id and w.published;
  select w.* into result from public.whitepaper w where w.id = whitepaper_id;
  return result;
end;
$$;
revoke all on function public.unpublish_whitepaper(uuid, integer) from public, anon, authenticated, service_role;
grant execute on function public.unpublish_whitepaper(uuid, integer) to authenticated, service_role;

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
revoke all on function public.duplicate_whitepaper(uuid) from public, anon, authenticated, service_role;
grant execute on function public.duplicate_whitepaper(uuid) to authenticated, service_role;
