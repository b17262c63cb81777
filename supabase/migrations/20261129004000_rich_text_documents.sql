-- Rich text, step 1 of 2 (expand): post content, whitepaper sections' content and FAQ answers
-- become rich-text documents (ProseMirror/TipTap JSON, shared/rich-text/document.ts), checked by the
-- database. docs/rich-text-migration.md has the steps; this one lets both forms be stored:
--
--   blog_posts.content   text -> jsonb: each Markdown text is kept as a JSON string until
--                        scripts/convert-rich-text.ts writes its document (SQL cannot parse Markdown);
--   whitepaper.sections  each section's content: its Markdown string, or a document;
--   faq_entries.answer   text -> jsonb: a plain-text answer is converted here, as
--                        plainTextToDocument does (one paragraph, white space runs as one space);
--   newsletter_sends.content  text -> jsonb: a send already made keeps the text it was sent with (a
--                        JSON string, history), a new send stores the post's document.
--
-- Apps still writing Markdown keep working until the contract migration
-- (20261129004100_rich_text_contract.sql), which refuses to run while a string is left.

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
grant execute on function public.rich_text_blocks(jsonb) to authenticated, service_role;

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
do $$
begin
  if not exists (select 1 from pg_catalog.pg_operator where oprname = '~~*' and oprnamespace = 'public'::regnamespace and oprleft = 'jsonb'::regtype and oprright = 'text'::regtype) then
    create operator public.~~* (leftarg = jsonb, rightarg = text, function = public.jsonb_words_ilike);
  end if;
end;
$$;

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

-- blog_posts.content -----------------------------------------------------------------------------------
alter table public.blog_posts drop constraint if exists blog_posts_content_not_blank;
alter table public.blog_posts drop constraint if exists blog_posts_content_length;
-- Each type change only while the column is still text: the migration is re-runnable.
do $$
begin
  if (select data_type from information_schema.columns where table_schema = 'public' and table_name = 'blog_posts' and column_name = 'content') = 'text' then
    alter table public.blog_posts alter column content type jsonb using to_jsonb(content);
  end if;
end;
$$;
alter table public.blog_posts drop constraint if exists blog_posts_content_document;
alter table public.blog_posts add constraint blog_posts_content_document
  check (jsonb_typeof(content) = 'string' or public.rich_text_shape_ok(content));
alter table public.blog_posts drop constraint if exists blog_posts_content_not_blank;
alter table public.blog_posts add constraint blog_posts_content_not_blank
  check (case when jsonb_typeof(content) = 'string' then content #>> '{}' ~ '\S' else public.rich_text_has_content(content) end);
alter table public.blog_posts drop constraint if exists blog_posts_content_length;
alter table public.blog_posts add constraint blog_posts_content_length
  check (case when jsonb_typeof(content) = 'string' then char_length(content #>> '{}') <= 100000 else public.rich_text_size_ok(content, 1000000, 40000) end);
alter table public.blog_posts drop constraint if exists blog_posts_content_image_without_alt;
alter table public.blog_posts add constraint blog_posts_content_image_without_alt
  check (not published or not public.rich_text_image_without_alt(content));

-- read_time from the document's words (a Markdown string: its words, as before).
drop function if exists public.read_time_for(text);
create or replace function public.read_time_for(content jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select greatest(1, ceil(case when jsonb_typeof(content) = 'string' then regexp_count(content #>> '{}', '\S+') else public.rich_text_words(content) end / 200.0)::integer)::text || ' min read';
$$;
revoke all on function public.read_time_for(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.read_time_for(jsonb) to service_role;

-- faq_entries.answer ---------------------------------------------------------------------------------
alter table public.faq_entries drop constraint if exists faq_entries_answer_not_blank;
alter table public.faq_entries drop constraint if exists faq_entries_answer_length;
do $$
begin
  if (select data_type from information_schema.columns where table_schema = 'public' and table_name = 'faq_entries' and column_name = 'answer') = 'text' then
    alter table public.faq_entries alter column answer type jsonb using jsonb_build_object('type', 'doc', 'content', jsonb_build_array(
      case when btrim(regexp_replace(answer, '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), ' ') = '' then jsonb_build_object('type', 'paragraph')
           else jsonb_build_object('type', 'paragraph', 'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', btrim(regexp_replace(answer, '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), ' '))))
      end));
  end if;
end;
$$;
alter table public.faq_entries drop constraint if exists faq_entries_answer_document;
alter table public.faq_entries add constraint faq_entries_answer_document
  check (jsonb_typeof(answer) = 'string' or public.rich_text_shape_ok(answer));
alter table public.faq_entries drop constraint if exists faq_entries_answer_not_blank;
alter table public.faq_entries add constraint faq_entries_answer_not_blank
  check (case when jsonb_typeof(answer) = 'string' then answer #>> '{}' ~ '\S' else public.rich_text_has_content(answer) end);
alter table public.faq_entries drop constraint if exists faq_entries_answer_length;
alter table public.faq_entries add constraint faq_entries_answer_length
  check (case when jsonb_typeof(answer) = 'string' then char_length(answer #>> '{}') <= 5000 else public.rich_text_size_ok(answer, 50000, 2000) end);

-- whitepaper.sections ----------------------------------------------------------------------------------
-- The rich-text rules, section by section; until the contract migration a section's content may
-- still be its Markdown (a string, non-blank, at most 20,000 characters, as before).
create or replace function public.whitepaper_sections_documents_ok(sections jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(bool_and(jsonb_typeof(section->'content') = 'string' or public.rich_text_shape_ok(section->'content')), true)
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
  select coalesce(bool_and(case when jsonb_typeof(section->'content') = 'string' then section->>'content' ~ '\S' else public.rich_text_has_content(section->'content') end), true)
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
  select coalesce(bool_and(case when jsonb_typeof(section->'content') = 'string' then char_length(section->>'content') <= 20000 else public.rich_text_size_ok(section->'content', 200000, 8000) end), true)
    from jsonb_array_elements(case when jsonb_typeof(sections) = 'array' then sections else '[]'::jsonb end) as section;
$$;
revoke all on function public.whitepaper_sections_size_ok(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.whitepaper_sections_size_ok(jsonb) to authenticated, service_role;

alter table public.whitepaper drop constraint if exists whitepaper_sections_check;
alter table public.whitepaper add constraint whitepaper_sections_check check (
  jsonb_typeof(sections) = 'array'
  and not jsonb_path_exists(sections, '$[*] ? (@.type() != "object")')
  and not jsonb_path_exists(sections, '$[*] ? (!(exists(@.title ? (@.type() == "string" && @ like_regex "[^[:space:]]"))))')
  and not jsonb_path_exists(sections, '$[*] ? (!(exists(@.content)))')
  and not jsonb_path_exists(sections, '$[*] ? (!(exists(@.order ? (@.type() == "number"))))')
);
alter table public.whitepaper drop constraint if exists whitepaper_sections_length;
alter table public.whitepaper add constraint whitepaper_sections_length
  check (public.entry_count(sections) <= 100 and public.longest_text(sections, 'title') <= 200 and public.whitepaper_sections_size_ok(sections));
alter table public.whitepaper drop constraint if exists whitepaper_sections_content_document;
alter table public.whitepaper add constraint whitepaper_sections_content_document check (public.whitepaper_sections_documents_ok(sections));
alter table public.whitepaper drop constraint if exists whitepaper_sections_content_not_blank;
alter table public.whitepaper add constraint whitepaper_sections_content_not_blank check (public.whitepaper_sections_have_content(sections));
alter table public.whitepaper drop constraint if exists whitepaper_sections_image_without_alt;
alter table public.whitepaper add constraint whitepaper_sections_image_without_alt
  check (not published or not public.rich_text_image_without_alt(sections));

-- newsletter_sends.content -----------------------------------------------------------------------------
do $$
begin
  if (select data_type from information_schema.columns where table_schema = 'public' and table_name = 'newsletter_sends' and column_name = 'content') = 'text' then
    alter table public.newsletter_sends alter column content type jsonb using to_jsonb(content);
  end if;
end;
$$;

-- Search reads a jsonb column's words (searchable_text), not its JSON ---------------------------------
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
