-- Rich text, step 2 of 2 (contract): every post content, whitepaper section and FAQ answer is a
-- document, and only documents may be stored. Run after scripts/convert-rich-text.ts
-- (`npm run rich-text:convert`, docs/rich-text-migration.md) has converted the Markdown the expand
-- migration (20261129004000_rich_text_documents.sql) kept as strings; while one is left this
-- migration stops, changing nothing, and says how many and where.

do $$
declare
  posts integer;
  versions integer;
  answers integer;
begin
  select count(*) into posts from public.blog_posts where jsonb_typeof(content) = 'string';
  select count(*) into versions from public.whitepaper where jsonb_path_exists(sections, 'strict $[*].content ? (@.type() == "string")');
  select count(*) into answers from public.faq_entries where jsonb_typeof(answer) = 'string';
  if posts + versions + answers > 0 then
    raise exception 'Rich text is not converted yet: % blog posts, % whitepaper versions and % FAQ answers still hold Markdown or plain text', posts, versions, answers
      using errcode = '55000', hint = 'Run npm run rich-text:convert against this database (docs/rich-text-migration.md), then apply the migrations again.';
  end if;
end;
$$;

alter table public.blog_posts drop constraint if exists blog_posts_content_document;
alter table public.blog_posts add constraint blog_posts_content_document check (public.rich_text_shape_ok(content));
alter table public.blog_posts drop constraint if exists blog_posts_content_not_blank;
alter table public.blog_posts add constraint blog_posts_content_not_blank check (public.rich_text_has_content(content));
alter table public.blog_posts drop constraint if exists blog_posts_content_length;
alter table public.blog_posts add constraint blog_posts_content_length check (public.rich_text_size_ok(content, 1000000, 40000));

create or replace function public.read_time_for(content jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select greatest(1, ceil(public.rich_text_words(content) / 200.0)::integer)::text || ' min read';
$$;
revoke all on function public.read_time_for(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.read_time_for(jsonb) to service_role;

alter table public.faq_entries drop constraint if exists faq_entries_answer_document;
alter table public.faq_entries add constraint faq_entries_answer_document check (public.rich_text_shape_ok(answer));
alter table public.faq_entries drop constraint if exists faq_entries_answer_not_blank;
alter table public.faq_entries add constraint faq_entries_answer_not_blank check (public.rich_text_has_content(answer));
alter table public.faq_entries drop constraint if exists faq_entries_answer_length;
alter table public.faq_entries add constraint faq_entries_answer_length check (public.rich_text_size_ok(answer, 50000, 2000));

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

-- Checked again with the functions' new bodies (a constraint is checked when added).
alter table public.whitepaper drop constraint if exists whitepaper_sections_length;
alter table public.whitepaper add constraint whitepaper_sections_length
  check (public.entry_count(sections) <= 100 and public.longest_text(sections, 'title') <= 200 and public.whitepaper_sections_size_ok(sections));
alter table public.whitepaper drop constraint if exists whitepaper_sections_content_document;
alter table public.whitepaper add constraint whitepaper_sections_content_document check (public.whitepaper_sections_documents_ok(sections));
alter table public.whitepaper drop constraint if exists whitepaper_sections_content_not_blank;
alter table public.whitepaper add constraint whitepaper_sections_content_not_blank check (public.whitepaper_sections_have_content(sections));
