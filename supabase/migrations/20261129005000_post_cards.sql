-- The /updates list reads its excerpts from the database (issue 35): post_cards() answers the
-- readable posts with the excerpt of their document's prose, so the list's page loads neither the
-- posts' content nor a renderer. document_prose and cut_at_word are the rules of proseText
-- (shared/rich-text/render-text.ts) and cutAtWord (shared/format.ts); visitors call them through
-- post_cards(), which runs with their rights, so the document's blocks are theirs to read too.

grant execute on function public.rich_text_blocks(jsonb) to anon;

-- The prose of a rich-text document as one line: the words of its paragraphs and headings (those in
-- lists and quotes too) in reading order, white space (JavaScript's \s) as single spaces; no code
-- blocks, pictures, videos or buttons. What proseText (shared/rich-text/render-text.ts) gives.
create or replace function public.document_prose(doc jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select btrim(regexp_replace(coalesce(string_agg(block.text, ' ' order by block.position), ''), '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), ' ')
    from public.rich_text_blocks(doc) with ordinality as block(type, text, position)
   where block.type in ('paragraph', 'heading');
$$;
revoke all on function public.document_prose(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.document_prose(jsonb) to anon, authenticated, service_role;

-- At most max_length characters of a text, cut between words (white space as JavaScript's \s) and
-- ended with '…', as cutAtWord (shared/format.ts): the partial word goes, and the punctuation before
-- the cut; a single word longer than max_length is the one case cut inside.
create or replace function public.cut_at_word(value text, max_length integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when char_length(value) <= max_length then value
    else regexp_replace(
      case when substr(value, max_length, 1) ~ '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]' or last_space.at <= 0 then room.text else left(room.text, last_space.at) end,
      '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff,;:.–—-]+$', '') || '…'
  end
  from (select left(value, max_length - 1) as text) as room,
       lateral (select char_length(room.text) - char_length(substring(room.text from '[^\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]*$')) - 1 as at) as last_space;
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
