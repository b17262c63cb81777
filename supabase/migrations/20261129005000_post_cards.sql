-- The /updates list reads its excerpts from the database (issue 35): post_cards() answers the
-- readable posts with the excerpt of their document's prose, so the list's page loads neither the
-- posts' content nor a renderer. document_prose and cut_at_word are the rules of proseText
-- (shared/rich-text/render-text.ts) and cutAtWord (shared/format.ts).

-- The prose of a rich-text document (shared/rich-text/document.ts) as one line: the words of its
-- paragraphs and headings, those in lists and quotes too, in reading order; a line break is a space;
-- no code blocks, pictures, videos or buttons. What proseText (shared/rich-text/render-text.ts) gives.
create or replace function public.document_prose(doc jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  with recursive block(node, depth, place) as (
    select child.value, 2, array[child.ordinality]
    from jsonb_array_elements(case when doc->>'type' = 'doc' and jsonb_typeof(doc->'content') = 'array' then doc->'content' else '[]'::jsonb end)
      with ordinality as child(value, ordinality)
    union all
    select child.value, block.depth + 1, block.place || child.ordinality
    from block, jsonb_array_elements(case when block.node->>'type' in ('bulletList', 'orderedList', 'listItem', 'blockquote') and jsonb_typeof(block.node->'content') = 'array' then block.node->'content' else '[]'::jsonb end)
      with ordinality as child(value, ordinality)
    where block.depth < 20
  )
  select btrim(regexp_replace(coalesce(string_agg(words.text, ' ' order by words.place), ''), '\s+', ' ', 'g'))
  from (
    select block.place, (
      select coalesce(string_agg(case when inline.value->>'type' = 'hardBreak' then ' ' when inline.value->>'type' = 'text' and jsonb_typeof(inline.value->'text') = 'string' then inline.value->>'text' else '' end, '' order by inline.ordinality), '')
      from jsonb_array_elements(case when jsonb_typeof(block.node->'content') = 'array' then block.node->'content' else '[]'::jsonb end) with ordinality as inline(value, ordinality)
    ) as text
    from block
    where block.node->>'type' in ('paragraph', 'heading')
  ) as words;
$$;
revoke all on function public.document_prose(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.document_prose(jsonb) to anon, authenticated, service_role;

-- At most max_length characters of a text, cut between words and ended with '…', as cutAtWord
-- (shared/format.ts): the partial word goes, and the punctuation before the cut.
create or replace function public.cut_at_word(value text, max_length integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when char_length(value) <= max_length then value
    else regexp_replace(
      case
        when substr(value, max_length, 1) ~ '\s' then left(value, max_length - 1)
        when char_length(left(value, max_length - 1)) - char_length(substring(left(value, max_length - 1) from '\S*$')) - 1 > 0
          then left(value, char_length(left(value, max_length - 1)) - char_length(substring(left(value, max_length - 1) from '\S*$')) - 1)
        else left(value, max_length - 1)
      end,
      '[\s,;:.–—-]+$', '') || '…'
  end;
$$;
revoke all on function public.cut_at_word(text, integer) from public, anon, authenticated, service_role;
grant execute on function public.cut_at_word(text, integer) to anon, authenticated, service_role;

-- The /updates list: the posts the caller may read (visitors: the published ones, by the policies
-- above), newest first, each with its excerpt (the first 200 characters of its prose, cut between
-- words) instead of its content, so the list's page needs neither the content nor a renderer.
create or replace function public.post_cards()
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
    'id', p.id, 'title', p.title, 'slug', p.slug, 'image_url', p.image_url, 'image_alt', p.image_alt, 'image_decorative', p.image_decorative,
    'category', p.category, 'milestone', p.milestone, 'created_at', p.created_at, 'updated_at', p.updated_at, 'read_time', p.read_time,
    'excerpt', public.cut_at_word(public.document_prose(p.content), 200)
  ) order by p.created_at desc, p.id), '[]'::json)
  from public.blog_posts p
  where p.published;
$$;
revoke all on function public.post_cards() from public, anon, authenticated, service_role;
grant execute on function public.post_cards() to anon, authenticated, service_role;
