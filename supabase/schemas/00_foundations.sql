-- Foundations: the private schema, and the helpers and row triggers that many tables share.
--
-- The schema files (this folder, applied in name order on a fresh database) hold the one current
-- definition of every object of ours: what a reader should read, and what the migrations in
-- supabase/migrations/ must produce. tests/integration/postgres-schema-files.test.ts builds one
-- database from each and fails on any difference; README.md in this folder says how to change one.
--
-- Conventions of every table
--   * ids are uuid primary keys from gen_random_uuid(); admin_users.id is the auth user's id.
--   * Required text is `not null` and checked non-blank; optional text (URLs, milestone) is null when
--     empty: the blank_to_null trigger turns '' from a form into null before the checks run.
--   * URLs, where given, are absolute http(s) URLs.
--   * JSON columns are jsonb and checked for their shape with jsonb_typeof / jsonpath.
--   * No numeric columns: integer / bigint only.
--   * `order` keeps the spec's name, so it is always quoted.
--   * Every text the API stores has a length check, with the numbers of shared/limits.ts (which the
--     forms check first with the same messages); lengths are counted in characters (char_length).
--   * Grants are written out for the three API roles: Supabase's default privileges give them
--     everything on a new table or function of schema public, and each object here says what it keeps.

-- Schema `private`: tables and helpers the API does not expose and its roles cannot use; callers
-- reach them only through the functions of schema public that name them.
create schema if not exists private;
revoke all on schema private from public, anon, authenticated, service_role;

-- Shared check and trigger helpers ---------------------------------------------------------------

-- Shared trigger: turns blank strings into null for the columns named as trigger arguments, so an
-- optional field a form leaves empty is stored as "not given" rather than failing a URL check.
create or replace function public.blank_to_null()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  blanks jsonb;
begin
  select coalesce(jsonb_object_agg(key, null), '{}'::jsonb)
    into blanks
    from jsonb_each(to_jsonb(new))
   where key = any (tg_argv)
     and jsonb_typeof(value) = 'string'
     and value #>> '{}' !~ '\S';
  if blanks <> '{}'::jsonb then
    new := jsonb_populate_record(new, blanks);
  end if;
  return new;
end;
$$;
revoke all on function public.blank_to_null() from public, anon, authenticated, service_role;
grant execute on function public.blank_to_null() to service_role;

-- Sets updated_at on every update (blog posts: the Atom feed's <updated>, the sitemap's <lastmod>).
create or replace function public.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
revoke all on function public.touch_updated_at() from public, anon, authenticated, service_role;
grant execute on function public.touch_updated_at() to service_role;

-- The longest string of a JSON array: of its elements, or of one field of its objects. 0 for an empty
-- array or anything that is not an array (the shape checks reject those). Check constraints run
-- with the writer's privileges: writers may execute it (it reads nothing).
create or replace function public.longest_text(items jsonb, field text default null)
returns integer
language sql
immutable
set search_path = ''
as $$
  select coalesce(max(char_length(case when field is null then element #>> '{}' else element ->> field end)), 0)
    from jsonb_array_elements(case when jsonb_typeof(items) = 'array' then items else '[]'::jsonb end) as element;
$$;
revoke all on function public.longest_text(jsonb, text) from public, anon, authenticated, service_role;
grant execute on function public.longest_text(jsonb, text) to authenticated, service_role;

-- The number of entries of a JSON array; 0 for anything else.
create or replace function public.entry_count(items jsonb)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case when jsonb_typeof(items) = 'array' then jsonb_array_length(items) else 0 end;
$$;
revoke all on function public.entry_count(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.entry_count(jsonb) to authenticated, service_role;

-- Rich text documents -------------------------------------------------------------------------------
-- Post content, whitepaper sections' content and FAQ answers are rich-text documents: ProseMirror
-- (TipTap) JSON, the format of shared/rich-text/document.ts. These functions are the database's
-- reading of those rules (the apps check with validateDocument first): a node is checked alone
-- (rich_text_node_ok), the tree by a recursive query bounded at MAX_DEPTH, 20 levels
-- (rich_text_shape_ok), the size as nodes and marks counted and bytes of the JSON text
-- (rich_text_size_ok, DOCUMENT_LIMITS). They live in schema public, as longest_text does, because a
-- check runs as the writer, who must be able to execute them; they read nothing but their argument.

create or replace function public.rich_text_keys_ok(value jsonb, allowed text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(value) = 'object' and not exists (select 1 from jsonb_object_keys(value) as key where key <> all (allowed));
$$;
revoke all on function public.rich_text_keys_ok(jsonb, text[]) from public, anon, authenticated, service_role;
grant execute on function public.rich_text_keys_ok(jsonb, text[]) to authenticated, service_role;

-- A text attribute: a string of at most `max` characters (not blank when `blank` is false), or null
-- or absent when `nullable`.
create or replace function public.rich_text_text_ok(value jsonb, max integer, nullable boolean default true, blank boolean default true)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case jsonb_typeof(value)
    when 'string' then char_length(value #>> '{}') <= max and (blank or (value #>> '{}') ~ '\S')
    when 'null' then nullable
    else value is null and nullable
  end;
$$;
revoke all on function public.rich_text_text_ok(jsonb, integer, boolean, boolean) from public, anon, authenticated, service_role;
grant execute on function public.rich_text_text_ok(jsonb, integer, boolean, boolean) to authenticated, service_role;

create or replace function public.rich_text_int_ok(value jsonb, low integer, high integer, nullable boolean default true)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case jsonb_typeof(value)
    when 'number' then (value #>> '{}')::numeric between low and high and (value #>> '{}')::numeric % 1 = 0
    when 'null' then nullable
    else value is null and nullable
  end;
$$;
revoke all on function public.rich_text_int_ok(jsonb, integer, integer, boolean) from public, anon, authenticated, service_role;
grant execute on function public.rich_text_int_ok(jsonb, integer, integer, boolean) to authenticated, service_role;

-- A string attribute matching `pattern` (case-insensitively) in at most 2,048 characters.
create or replace function public.rich_text_matches(value jsonb, pattern text, nullable boolean default true)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case jsonb_typeof(value)
    when 'string' then char_length(value #>> '{}') <= 2048 and (value #>> '{}') ~* pattern
    when 'null' then nullable
    else value is null and nullable
  end;
$$;
revoke all on function public.rich_text_matches(jsonb, text, boolean) from public, anon, authenticated, service_role;
grant execute on function public.rich_text_matches(jsonb, text, boolean) to authenticated, service_role;

-- One mark: bold, italic, strike, code, or a link to an http, https or mailto address or a path on
-- this site (never "//host" or "/\host").
create or replace function public.rich_text_mark_ok(mark jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(case mark->>'type'
    when 'link' then public.rich_text_keys_ok(mark, '{type,attrs}')
      and public.rich_text_keys_ok(mark->'attrs', '{href,target,rel,class}')
      and public.rich_text_matches(mark #> '{attrs,href}', '^((https?|mailto):[^[:space:][:cntrl:]]+|/([^/\\[:space:][:cntrl:]][^\\[:space:][:cntrl:]]*)?)$', false)
      and public.rich_text_text_ok(mark #> '{attrs,target}', 20)
      and public.rich_text_text_ok(mark #> '{attrs,rel}', 100)
      and public.rich_text_text_ok(mark #> '{attrs,class}', 100)
    when 'bold' then public.rich_text_keys_ok(mark, '{type}')
    when 'italic' then public.rich_text_keys_ok(mark, '{type}')
    when 'strike' then public.rich_text_keys_ok(mark, '{type}')
    when 'code' then public.rich_text_keys_ok(mark, '{type}')
    else false
  end, false);
$$;
revoke all on function public.rich_text_mark_ok(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.rich_text_mark_ok(jsonb) to authenticated, service_role;

-- The marks of an inline node: absent, or a list of known marks, each type once.
create or replace function public.rich_text_marks_ok(marks jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select marks is null or (jsonb_typeof(marks) = 'array'
    and not exists (select 1 from jsonb_array_elements(marks) as mark where not public.rich_text_mark_ok(mark))
    and (select count(distinct mark->>'type') = count(*) from jsonb_array_elements(marks) as mark));
$$;
revoke all on function public.rich_text_marks_ok(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.rich_text_marks_ok(jsonb) to authenticated, service_role;

-- One node standing in `place` (doc, block, inline, listItem, code), without its children: its
-- type may stand there, it has only its own keys, and its attributes hold what they may.
create or replace function public.rich_text_node_ok(node jsonb, place text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_typeof(node) = 'object' and case node->>'type'
    when 'doc' then place = 'doc' and public.rich_text_keys_ok(node, '{type,content}') and coalesce(jsonb_typeof(node->'content'), 'array') = 'array'
    when 'paragraph' then place = 'block' and public.rich_text_keys_ok(node, '{type,content}') and coalesce(jsonb_typeof(node->'content'), 'array') = 'array'
    when 'heading' then place = 'block' and public.rich_text_keys_ok(node, '{type,attrs,content}') and public.rich_text_keys_ok(node->'attrs', '{level}')
      and public.rich_text_int_ok(node #> '{attrs,level}', 2, 4, false) and coalesce(jsonb_typeof(node->'content'), 'array') = 'array'
    when 'bulletList' then place = 'block' and public.rich_text_keys_ok(node, '{type,content}')
      and jsonb_typeof(node->'content') = 'array' and jsonb_array_length(node->'content') > 0
    when 'orderedList' then place = 'block' and public.rich_text_keys_ok(node, '{type,attrs,content}')
      and (node->'attrs' is null or (public.rich_text_keys_ok(node->'attrs', '{start}') and public.rich_text_int_ok(node #> '{attrs,start}', 0, 1000000)))
      and jsonb_typeof(node->'content') = 'array' and jsonb_array_length(node->'content') > 0
    when 'listItem' then place = 'listItem' and public.rich_text_keys_ok(node, '{type,content}')
      and jsonb_typeof(node->'content') = 'array' and jsonb_array_length(node->'content') > 0
    when 'blockquote' then place = 'block' and public.rich_text_keys_ok(node, '{type,content}')
      and jsonb_typeof(node->'content') = 'array' and jsonb_array_length(node->'content') > 0
    when 'codeBlock' then place = 'block' and public.rich_text_keys_ok(node, '{type,attrs,content}')
      and (node->'attrs' is null or (public.rich_text_keys_ok(node->'attrs', '{language}')
        and public.rich_text_matches(node #> '{attrs,language}', '^[A-Za-z0-9][A-Za-z0-9_+#.-]{0,39}$')))
      and coalesce(jsonb_typeof(node->'content'), 'array') = 'array'
    when 'horizontalRule' then place = 'block' and public.rich_text_keys_ok(node, '{type}')
    when 'hardBreak' then place = 'inline' and public.rich_text_keys_ok(node, '{type,marks}') and public.rich_text_marks_ok(node->'marks')
    when 'text' then place in ('inline', 'code') and public.rich_text_keys_ok(node, '{type,text,marks}')
      and jsonb_typeof(node->'text') = 'string' and node->>'text' <> ''
      and public.rich_text_marks_ok(node->'marks') and (place = 'inline' or node->'marks' is null)
    when 'image' then place = 'block' and public.rich_text_keys_ok(node, '{type,attrs}')
      and public.rich_text_keys_ok(node->'attrs', '{src,alt,caption,width,height}')
      and public.rich_text_matches(node #> '{attrs,src}', '^(https?://[^[:space:][:cntrl:]]+|/storage/v1/object/public/[^[:space:][:cntrl:]\\]+)$', false)
      and public.rich_text_text_ok(node #> '{attrs,alt}', 500, false) and public.rich_text_text_ok(node #> '{attrs,caption}', 500)
      and public.rich_text_int_ok(node #> '{attrs,width}', 1, 10000) and public.rich_text_int_ok(node #> '{attrs,height}', 1, 10000)
    when 'video' then place = 'block' and public.rich_text_keys_ok(node, '{type,attrs}')
      and public.rich_text_keys_ok(node->'attrs', '{youtubeId,videoId,title,thumbnail}')
      and public.rich_text_matches(node #> '{attrs,youtubeId}', '^[A-Za-z0-9_-]{11}$')
      and public.rich_text_matches(node #> '{attrs,videoId}', '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')
      and ((coalesce(jsonb_typeof(node #> '{attrs,youtubeId}'), 'null') = 'string') <> (coalesce(jsonb_typeof(node #> '{attrs,videoId}'), 'null') = 'string'))
      and public.rich_text_text_ok(node #> '{attrs,title}', 200, false, false)
      and public.rich_text_matches(node #> '{attrs,thumbnail}', '^(https?://[^[:space:][:cntrl:]]+|/storage/v1/object/public/[^[:space:][:cntrl:]\\]+)$')
    when 'callToAction' then place = 'block' and public.rich_text_keys_ok(node, '{type,attrs}')
      and public.rich_text_keys_ok(node->'attrs', '{action,label}')
      and jsonb_typeof(node #> '{attrs,action}') = 'string' and node #>> '{attrs,action}' in ('waitlist', 'discord', 'newsletter')
      and public.rich_text_text_ok(node #> '{attrs,label}', 100, true, false)
    else false
  end, false);
$$;
revoke all on function public.rich_text_node_ok(jsonb, text) from public, anon, authenticated, service_role;
grant execute on function public.rich_text_node_ok(jsonb, text) to authenticated, service_role;

-- The nodes of a document with where each stands and how deep, the document itself being level 1;
-- the walk goes no deeper than one level past the limit of 20 (what is deeper is refused unread).
create or replace function public.rich_text_nodes(doc jsonb)
returns table (node jsonb, place text, depth integer)
language sql
immutable
set search_path = ''
as $$
  with recursive walk(node, place, depth) as (
    select doc, 'doc'::text, 1
    union all
    select child.node,
      case parent.node->>'type'
        when 'bulletList' then 'listItem' when 'orderedList' then 'listItem' when 'codeBlock' then 'code'
        when 'paragraph' then 'inline' when 'heading' then 'inline' else 'block'
      end,
      parent.depth + 1
    from walk as parent
    cross join lateral jsonb_array_elements(case when jsonb_typeof(parent.node->'content') = 'array' then parent.node->'content' else '[]'::jsonb end) as child(node)
    where parent.depth <= 20
  )
  select node, place, depth from walk;
$$;
revoke all on function public.rich_text_nodes(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.rich_text_nodes(jsonb) to authenticated, service_role;

-- A well-formed document: every node a known one in its place, with its attributes, at most 20 levels deep.
create or replace function public.rich_text_shape_ok(doc jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(bool_and(n.depth <= 20 and public.rich_text_node_ok(n.node, n.place)), false) from public.rich_text_nodes(doc) as n;
$$;
revoke all on function public.rich_text_shape_ok(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.rich_text_shape_ok(jsonb) to authenticated, service_role;

-- A document within a field's limits (DOCUMENT_LIMITS): at most max_bytes bytes of JSON text and
-- max_nodes nodes and marks.
create or replace function public.rich_text_size_ok(doc jsonb, max_bytes integer, max_nodes integer)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select octet_length(doc::text) <= max_bytes
    and (select count(*) + coalesce(sum(case when jsonb_typeof(n.node->'marks') = 'array' then jsonb_array_length(n.node->'marks') else 0 end), 0)
           from public.rich_text_nodes(doc) as n) <= max_nodes;
$$;
revoke all on function public.rich_text_size_ok(jsonb, integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.rich_text_size_ok(jsonb, integer, integer) to authenticated, service_role;

-- The blocks a reader reads, in reading order, each as its text: paragraphs, headings and code
-- blocks (a line break as a new line), a picture as its alt text and caption, a video as its title,
-- a call to action as its label. Never the JSON's keys or addresses.
create or replace function public.rich_text_blocks(doc jsonb)
returns table (type text, text text)
language sql
immutable
set search_path = ''
as $$
  select block.node->>'type',
    case block.node->>'type'
      when 'image' then concat_ws(E'\n', nullif(block.node #>> '{attrs,alt}', ''), nullif(block.node #>> '{attrs,caption}', ''))
      when 'video' then block.node #>> '{attrs,title}'
      when 'callToAction' then block.node #>> '{attrs,label}'
      else (select string_agg(case inline.node->>'type' when 'hardBreak' then E'\n' else inline.node->>'text' end, '' order by inline.position)
              from jsonb_array_elements(case when jsonb_typeof(block.node->'content') = 'array' then block.node->'content' else '[]'::jsonb end)
                   with ordinality as inline(node, position))
    end
  from jsonb_path_query(doc, 'strict $.** ? (@.type == "paragraph" || @.type == "heading" || @.type == "codeBlock" || @.type == "image" || @.type == "video" || @.type == "callToAction")')
       with ordinality as block(node, position)
  order by block.position;
$$;
revoke all on function public.rich_text_blocks(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.rich_text_blocks(jsonb) to anon, authenticated, service_role;

-- What search reads of a JSON value: a document's blocks as lines of text, a string as itself, the
-- strings and documents in a list or an object (a whitepaper's sections: titles and contents), and
-- nothing of keys, numbers or flags.
create or replace function public.searchable_text(value jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  return case jsonb_typeof(value)
    when 'string' then value #>> '{}'
    when 'array' then (select string_agg(public.searchable_text(item), E'\n' order by position) from jsonb_array_elements(value) with ordinality as element(item, position))
    when 'object' then
      case when value->>'type' = 'doc'
        then (select string_agg(block.text, E'\n') from public.rich_text_blocks(value) as block where block.text <> '')
        else (select string_agg(public.searchable_text(member.value), E'\n' order by member.key) from jsonb_each(value) as member)
      end
  end;
end;
$$;
revoke all on function public.searchable_text(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.searchable_text(jsonb) to authenticated, service_role;

-- `<jsonb column> ilike <pattern>` matches the column's words (searchable_text), as the back office's
-- search box asks over the API (`content=ilike.*words*`, shared/content-types' searchFields): a
-- rich-text column is searched by what a reader reads, never its JSON keys or node names. Postgres
-- has no ilike for jsonb; this operator is found through the search path as the built-in ones are.
create or replace function public.jsonb_words_ilike(value jsonb, pattern text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select public.searchable_text(value) ilike pattern;
$$;
revoke all on function public.jsonb_words_ilike(jsonb, text) from public, anon, authenticated, service_role;
grant execute on function public.jsonb_words_ilike(jsonb, text) to authenticated, service_role;
create operator public.~~* (leftarg = jsonb, rightarg = text, function = public.jsonb_words_ilike);

-- The words of a document, as readTimeOf (shared/rich-text/render-text.ts) counts them: runs of
-- characters that are not white space (JavaScript's \s) in its paragraphs, headings and code blocks.
create or replace function public.rich_text_words(doc jsonb)
returns integer
language sql
immutable
set search_path = ''
as $$
  select coalesce(sum(regexp_count(replace(block.text, E'\n', ' '), '[^\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+')), 0)::integer
    from public.rich_text_blocks(doc) as block
   where block.type in ('paragraph', 'heading', 'codeBlock');
$$;
revoke all on function public.rich_text_words(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.rich_text_words(jsonb) to authenticated, service_role;

-- Whether a document says anything: some text that is not white space, or a picture, a video or a
-- call to action. An empty document is refused where a blank text was.
create or replace function public.rich_text_has_content(doc jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_path_exists(doc, 'strict $.** ? ((@.type == "text" && @.text like_regex "[^[:space:]]") || @.type == "image" || @.type == "video" || @.type == "callToAction")');
$$;
revoke all on function public.rich_text_has_content(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.rich_text_has_content(jsonb) to authenticated, service_role;

-- Whether a document holds a picture without alt text (empty or blank), which may not be published.
create or replace function public.rich_text_image_without_alt(doc jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_path_exists(doc, 'strict $.** ? (@.type == "image" && !(@.attrs.alt like_regex "[^[:space:]]"))');
$$;
revoke all on function public.rich_text_image_without_alt(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.rich_text_image_without_alt(jsonb) to authenticated, service_role;

-- History: one row trigger per table that keeps one (docs/architecture.md, "History and activity").
-- Every insert, update and delete is recorded in public.content_revisions (02_history.sql), with the
-- row before and after, who made the change and when.
--
-- The row trigger. security definer: it inserts as the table's owner (the API roles cannot), and
-- the statement-level guard on content_revisions lets the owner through. Who: the caller's JWT
-- (auth.uid(), and the email in its claims or, for tokens without one, auth.users); null for the
-- database itself (migrations, the seed). An update that changes nothing is not a version, nor is a
-- row_version bump alone (its diff leaves row_version out, shared/revisions.ts).
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
  if tg_op = 'UPDATE' and old_image - 'row_version' = new_image - 'row_version' then
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

-- For a migration: `select public.track_content_history('public.<table>');` adds the trigger.
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

-- Row versions: no lost update (docs/architecture.md, "The team and concurrent edits"). Every
-- content table with a history carries `row_version` (1 on insert). An update by an API caller (anon,
-- authenticated) must set row_version to the version it read plus one, else it is refused with
-- SQLSTATE RC409 "Someone else changed this item since you opened it" and the row's current version
-- as detail. The column is `row_version`, not `version`, because whitepaper.version already names a
-- whitepaper's dotted version number (1.10). The service role and the database itself (migrations,
-- the seed) are trusted: the trigger bumps the version for them. RPCs that change content take the
-- version the caller read where they act on one row, and bump every row they touch.
--
-- The one refusal every stale write gets (the trigger, the RPCs): detail is the current version.
create or replace function public.refuse_stale_version(current_version integer, given_version integer)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if given_version is distinct from current_version then
    raise exception 'Someone else changed this item since you opened it'
      using errcode = 'RC409', detail = current_version::text,
            hint = 'Reload the item to see the other change, then make yours again.';
  end if;
end;
$$;
revoke all on function public.refuse_stale_version(integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.refuse_stale_version(integer, integer) to authenticated, service_role;

create or replace function public.check_row_version()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    perform public.refuse_stale_version(old.row_version, new.row_version - 1);
  else
    new.row_version := old.row_version + 1;
  end if;
  return new;
end;
$$;
revoke all on function public.check_row_version() from public, anon, authenticated, service_role;
grant execute on function public.check_row_version() to service_role;

-- For a migration: `select public.track_row_versions('public.<table>');` adds the column and the
-- trigger.
create or replace function public.track_row_versions(target regclass)
returns void
language plpgsql
set search_path = ''
as $$
begin
  execute format('alter table %s add column if not exists row_version integer not null default 1', target);
  execute format('drop trigger if exists row_version on %s', target);
  execute format(
    'create trigger row_version before update on %s for each row execute function public.check_row_version()',
    target
  );
end;
$$;
revoke all on function public.track_row_versions(regclass) from public, anon, authenticated, service_role;

-- The live site (07_live_site.sql): every write to a table the site shows moves one counter, with
-- statement-level triggers, so that web instances know when their cached pages are stale.
create or replace function public.bump_content_version()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update private.content_version set version = version + 1, changed_at = now();
  return null;
end;
$$;
revoke all on function public.bump_content_version() from public, anon, authenticated, service_role;

-- For a migration: `select public.track_content_changes('public.<table>');` adds the trigger.
create or replace function public.track_content_changes(target regclass)
returns void
language plpgsql
set search_path = ''
as $$
begin
  execute format('drop trigger if exists content_version_bump on %s', target);
  execute format(
    'create trigger content_version_bump after insert or update or delete or truncate on %s '
    'for each statement execute function public.bump_content_version()',
    target
  );
end;
$$;
revoke all on function public.track_content_changes(regclass) from public, anon, authenticated, service_role;

-- A new content table ----------------------------------------------------------------------------
-- make_content_table(target, visibility, limits): everything a new content table needs besides its
-- own columns, in one call, so that a hand-written migration for a new type is its `create table`
-- and this line (docs/adding-a-content-type.md). The schema files spell the same rules out for each
-- table instead, so that a reader finds them beside the table.
--
--   visibility 'published'  visitors read published rows whose publish_at has come (the columns and
--                           their index are added when missing); members read every row
--              'everyone'   visitors read every row (no drafts)
--              'admins'     only members read
--   limits     {"column": max characters, ...}: each column gets `<table>_<column>_not_blank` (text
--              with something besides spaces; null stays allowed for optional columns) and
--              `<table>_<column>_length` checks
--
-- It applies: row-level security, the grants every content table has (visitors never write), the
-- members' insert, update and delete policies, the restrictive two-factor policy, the live site's
-- content version (tables visitors can read), the history (content_revisions, History, Undo,
-- Activity) and row versions (a save based on an old version is refused with RC409). Re-runnable:
-- policies, constraints and triggers are replaced.
create or replace function public.make_content_table(target regclass, visibility text default 'published', limits jsonb default '{}')
returns void
language plpgsql
set search_path = ''
as $$
declare
  table_name text;
  read_rule text;
  read_policy text;
  column_name text;
  max_length integer;
begin
  select c.relname into table_name
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where c.oid = target and n.nspname = 'public';
  if table_name is null then
    raise exception 'make_content_table: % is not a table of the public schema', target using errcode = '22023';
  end if;
  if visibility is null or visibility not in ('published', 'everyone', 'admins') then
    raise exception 'make_content_table: visibility must be published, everyone or admins, not %', coalesce(visibility, 'null')
      using errcode = '22023';
  end if;
  if jsonb_typeof(limits) is distinct from 'object' then
    raise exception 'make_content_table: limits must be a JSON object of column: max characters' using errcode = '22023';
  end if;
  if not exists (
    select 1 from pg_catalog.pg_attribute a
     where a.attrelid = target and a.attname = 'id' and a.atttypid = 'uuid'::regtype and not a.attisdropped
  ) then
    raise exception 'make_content_table: % needs an id uuid primary key (the back office''s record id)', target using errcode = '22023';
  end if;

  if visibility = 'published' then
    execute format('alter table %s add column if not exists published boolean not null default false', target);
    execute format('alter table %s add column if not exists publish_at timestamptz', target);
    -- content_version() looks up the earliest future moment on every poll.
    execute format('create index if not exists %I on %s (publish_at) where published and publish_at is not null', table_name || '_publish_at_idx', target);
    read_rule := '(published and (publish_at is null or publish_at <= now())) or (select public.is_admin())';
    read_policy := 'Read published rows, admins read all';
  elsif visibility = 'everyone' then
    read_rule := 'true';
    read_policy := 'Everyone reads';
  else
    read_rule := '(select public.is_admin())';
    read_policy := 'Admins read';
  end if;

  for column_name, max_length in select key, value::integer from jsonb_each_text(limits) loop
    if not exists (
      select 1 from pg_catalog.pg_attribute a
       where a.attrelid = target and a.attname = column_name and a.atttypid = 'text'::regtype and not a.attisdropped
    ) then
      raise exception 'make_content_table: % has no text column %', target, column_name using errcode = '22023';
    end if;
    execute format('alter table %s drop constraint if exists %I', target, table_name || '_' || column_name || '_not_blank');
    execute format('alter table %s add constraint %I check (%I ~ %L)', target, table_name || '_' || column_name || '_not_blank', column_name, '\S');
    execute format('alter table %s drop constraint if exists %I', target, table_name || '_' || column_name || '_length');
    execute format('alter table %s add constraint %I check (char_length(%I) <= %s)', target, table_name || '_' || column_name || '_length', column_name, max_length);
  end loop;

  execute format('alter table %s enable row level security', target);
  -- What Supabase's default privileges give a table made by its owner, said outright: a table made
  -- by another role has the same grants.
  execute format('grant select, insert, update, delete on %s to anon, authenticated, service_role', target);
  execute format('revoke truncate, references, trigger on %s from anon, authenticated', target);
  execute format('revoke insert, update, delete on %s from anon', target);
  -- A table made again with another visibility keeps only the new read rule.
  execute format('drop policy if exists %I on %s', 'Read published rows, admins read all', target);
  execute format('drop policy if exists %I on %s', 'Everyone reads', target);
  execute format('drop policy if exists %I on %s', 'Admins read', target);
  execute format('create policy %I on %s for select to anon, authenticated using (%s)', read_policy, target, read_rule);
  execute format('drop policy if exists %I on %s', 'Admins insert', target);
  execute format('create policy %I on %s for insert to authenticated with check ((select public.is_admin()))', 'Admins insert', target);
  execute format('drop policy if exists %I on %s', 'Admins update', target);
  execute format(
    'create policy %I on %s for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()))',
    'Admins update', target);
  execute format('drop policy if exists %I on %s', 'Admins delete', target);
  execute format('create policy %I on %s for delete to authenticated using ((select public.is_admin()))', 'Admins delete', target);
  perform public.require_session_assurance(target);

  if visibility <> 'admins' then
    perform public.track_content_changes(target);
  end if;
  perform public.track_content_history(target);
  perform public.track_row_versions(target);
end;
$$;
revoke all on function public.make_content_table(regclass, text, jsonb) from public, anon, authenticated, service_role;
