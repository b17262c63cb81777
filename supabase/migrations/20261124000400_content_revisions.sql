-- History of content (docs/architecture.md, "History and activity"): every insert, update and delete
-- of a content row is recorded by a row trigger in public.content_revisions, with the row before and
-- after, who made the change and when. Admins read it (the editors' History panels, the Activity
-- screen); nobody writes it through the API: only the trigger function (security definer) inserts,
-- and the rows are never changed afterwards. `restore_revision()` brings a row back to a recorded
-- version, which is itself recorded (action `restore`).
--
-- One line per content table: `select public.track_content_history('public.<table>');`
-- Form submissions are not content (the inbox marks them handled; nobody edits or deletes them), so
-- they are not tracked.

create table if not exists public.content_revisions (
  id bigint generated always as identity primary key,
  table_name text not null,
  row_id uuid not null,
  action text not null constraint content_revisions_action_check check (action in ('insert', 'update', 'delete', 'restore')),
  before jsonb,
  after jsonb,
  changed_by uuid,
  changed_by_email text,
  changed_at timestamptz not null default clock_timestamp(),
  -- For action 'restore': the revision whose version was brought back.
  restored_from bigint,
  constraint content_revisions_images_check check (
    case action
      when 'insert' then before is null and after is not null
      when 'delete' then before is not null and after is null
      else before is not null or after is not null
    end
  )
);

create index if not exists content_revisions_row_idx on public.content_revisions (table_name, row_id, id desc);
create index if not exists content_revisions_changed_at_idx on public.content_revisions (changed_at desc, id desc);
create index if not exists content_revisions_changed_by_idx on public.content_revisions (changed_by, id desc);

alter table public.content_revisions enable row level security;
-- Supabase's default privileges grant everything on new tables; admins only read (RLS below).
revoke all on public.content_revisions from public, anon, authenticated, service_role;
grant select on public.content_revisions to authenticated, service_role;

drop policy if exists "Admins read revisions" on public.content_revisions;
create policy "Admins read revisions" on public.content_revisions
  for select to authenticated using ((select public.is_admin()));

-- Revisions are never changed or removed through the API, whatever an environment grants.
create or replace function public.content_revisions_immutable()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated', 'service_role') then
    raise exception 'Revisions are written by the database only and never changed'
      using errcode = '42501', hint = 'Restore a revision with restore_revision(revision_id).';
  end if;
  return null;
end;
$$;
revoke all on function public.content_revisions_immutable() from public, anon, authenticated, service_role;
drop trigger if exists immutable on public.content_revisions;
create trigger immutable before insert or update or delete or truncate on public.content_revisions
  for each statement execute function public.content_revisions_immutable();

-- The row trigger. security definer: it inserts as the table's owner (the API roles cannot), and
-- the statement-level guard above lets the owner through. Who: the caller's JWT (auth.uid(), and
-- the email in its claims or, for tokens without one, auth.users); null for the database itself
-- (migrations, the seed). An update that changes nothing is not a version.
create or replace function public.record_content_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := auth.uid();
  restoring text := nullif(current_setting('rcrt.restoring_revision', true), '');
  old_image jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  new_image jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
begin
  if tg_op = 'UPDATE' and old_image = new_image then
    return null;
  end if;
  insert into public.content_revisions (table_name, row_id, action, before, after, changed_by, changed_by_email, restored_from)
  values (
    tg_table_name,
    (coalesce(new_image, old_image) ->> 'id')::uuid,
    case when restoring is not null then 'restore' else lower(tg_op) end,
    old_image,
    new_image,
    actor,
    coalesce(nullif(auth.jwt() ->> 'email', ''), (select u.email from auth.users u where u.id = actor)),
    restoring::bigint
  );
  return null;
end;
$$;
revoke all on function public.record_content_revision() from public, anon, authenticated, service_role;

create or replace function public.track_content_history(target regclass)
returns void
language plpgsql
set search_path = ''
as $$
begin
  execute format('drop trigger if exists content_history on %s', target);
  execute format(
    'create trigger content_history after insert or update or delete on %s '
    'for each row execute function public.record_content_revision()',
    target
  );
end;
$$;
revoke all on function public.track_content_history(regclass) from public, anon, authenticated, service_role;

select public.track_content_history(target)
from unnest(array[
  'public.project_stages', 'public.media_assets', 'public.featured_collections', 'public.videos',
  'public.interface_previews', 'public.cartridge_models', 'public.press_quotes', 'public.whitepaper',
  'public.blog_posts', 'public.faq_entries'
]::regclass[]) as target;

-- restore_revision(revision_id, use_before) -> jsonb (the row as it now is)
-- Brings the row back to the version a revision recorded: the row after the change (insert, update,
-- restore), or before it (delete; or any revision with use_before, for the version a row had before
-- its first recorded change). A row that exists is updated to that image, a deleted one is inserted
-- again with its id. Columns the image lacks (added since) keep their value or default; generated
-- columns are computed. Runs as the caller (RLS applies) after the admin check.
create or replace function public.restore_revision(revision_id bigint, use_before boolean default false)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  revision public.content_revisions;
  image jsonb;
  target regclass;
  columns text;
  values_list text;
  result jsonb;
begin
  perform public.require_admin('restore revisions');

  select r.* into revision from public.content_revisions r where r.id = revision_id;
  if revision.id is null then
    raise exception 'Revision % not found', revision_id using errcode = 'P0002';
  end if;
  image := case when use_before or revision.action = 'delete' then revision.before else revision.after end;
  if image is null then
    raise exception 'Revision % has no earlier version to restore', revision_id using errcode = '22023';
  end if;

  target := to_regclass(format('public.%I', revision.table_name));
  if target is null or not exists (select 1 from pg_catalog.pg_trigger t where t.tgrelid = target and t.tgname = 'content_history') then
    raise exception 'Table % no longer keeps a history', revision.table_name using errcode = '22023';
  end if;

  select string_agg(pg_catalog.quote_ident(a.attname), ', ' order by a.attnum),
         string_agg('r.' || pg_catalog.quote_ident(a.attname), ', ' order by a.attnum)
    into columns, values_list
    from pg_catalog.pg_attribute a
   where a.attrelid = target and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' and image ? a.attname::text;

  perform pg_catalog.set_config('rcrt.restoring_revision', revision.id::text, true);
  execute format('select to_jsonb(t) from %s t where t.id = $1', target) into result using revision.row_id;
  if result is null then
    execute format('insert into %s (%s) select %s from jsonb_populate_record(null::%s, $1) r', target, columns, values_list, target)
      using image;
  else
    execute format('update %s t set (%s) = (select %s from jsonb_populate_record(null::%s, $1) r) where t.id = $2', target, columns, values_list, target)
      using image, revision.row_id;
  end if;
  perform pg_catalog.set_config('rcrt.restoring_revision', '', true);

  execute format('select to_jsonb(t) from %s t where t.id = $1', target) into result using revision.row_id;
  return result;
end;
$$;
revoke all on function public.restore_revision(bigint, boolean) from public, anon;
grant execute on function public.restore_revision(bigint, boolean) to authenticated;

-- The people who changed content, for the Activity screen's filter.
create or replace function public.content_revision_authors()
returns table (changed_by uuid, changed_by_email text)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform public.require_admin('read the history');
  return query
    select distinct on (r.changed_by) r.changed_by, r.changed_by_email
      from public.content_revisions r
     where r.changed_by is not null
     order by r.changed_by, r.id desc;
end;
$$;
revoke all on function public.content_revision_authors() from public, anon;
grant execute on function public.content_revision_authors() to authenticated;
