-- People: every address the site holds, merged into one person (docs/architecture.md, "People").
--
-- A person is one address, lower-cased: whoever joined the waitlist, the newsletter or wrote to us
-- with it, or came in an administrator's import. Rows are made by triggers on the three tables that
-- carry addresses, and by the import; a person is forgotten with the last row that carried their
-- address, unless an import, a tag or an opt-out keeps them (an expired pending sign-up leaves nothing).
-- The lists keep their own rows and rules; a person's states are read from them by address, so
-- nothing is copied that could disagree.
--
-- Segments are saved filters: an AND of conditions (people_filter_problem says which), turned into SQL
-- by one function (private.people_filter_sql), so a segment, an unsaved filter, the list's total and a
-- newsletter aimed at a segment all select the same people.
--
-- The import never mails anybody: without consent an address is recorded and not subscribed; with
-- consent and its source, a new address becomes a confirmed subscriber and the person keeps the
-- source and time of that consent. Someone who unsubscribed or opted out stays so.
--
-- Erasure deletes the person and every row that carries their address, in one transaction, and
-- records only how many rows went from which table (people_erasures).
--
-- Administrators read people, tags, segments and erasures (RLS); editors get segment sizes only;
-- visitors nothing.
--
--   people_filter_problem(filter)            -> text   why a filter is not valid, or null (everyone)
--   people_matching(filter)                  -> setof uuid  the people an unsaved filter selects (administrators, service role)
--   segment_people(segment_id)               -> setof uuid  the people a segment selects (administrators, service role)
--   segment_sizes()                          -> jsonb  [{id, name, size}] (editors and administrators)
--   people_page(filter, search, page_size, page_offset) -> jsonb {total, rows} newest first (administrators)
--   people_export(filter, search, after_email, page_size) -> jsonb rows by address after after_email (administrators)
--   person_detail(person_id)                 -> jsonb  the person, their states and timeline (administrators)
--   person_add_tag(person_id, tag)           -> jsonb  the person's tags (administrators)
--   person_remove_tag(person_id, tag)        -> jsonb  the person's tags (administrators)
--   people_import(rows, consent, source)     -> jsonb  {received, accepted, created, subscribed, kept_unsubscribed, errors} (administrators)
--   person_erase(person_id)                  -> jsonb  rows deleted per table (administrators)

create table if not exists public.people (
  id uuid primary key default gen_random_uuid(),
  -- Lower-cased and trimmed as the lists store it. Loose on purpose: the lists' older rows were not all
  -- checked, and each list checks the addresses it takes.
  email text not null constraint people_email_check check (email = lower(btrim(email)) and length(email) between 3 and 320 and email like '%_@_%'),
  -- The language of their latest sign-up or message, or the import's.
  language text not null default 'en'
    constraint people_language_check check (language ~ '^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  imported_at timestamptz,
  import_source text constraint people_import_source_check check (import_source ~ '\S' and length(import_source) <= 200),
  -- Where and when the consent an import stated was given: what allows mailing someone who never
  -- confirmed a sign-up.
  mail_consent_source text constraint people_mail_consent_source_check check (mail_consent_source ~ '\S' and length(mail_consent_source) <= 200),
  mail_consent_at timestamptz,
  -- They asked for no more aimed mail.
  mail_opt_out_at timestamptz,
  constraint people_mail_consent_check check ((mail_consent_source is null) = (mail_consent_at is null))
);
create unique index if not exists people_email_idx on public.people (lower(email));
create index if not exists people_created_at_idx on public.people (created_at desc, id desc);
alter table public.people enable row level security;
create policy "Administrators read people" on public.people
  for select to authenticated using ((select public.is_administrator()));
create policy "Sessions at the required assurance level" on public.people
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
revoke all on public.people from anon, authenticated, service_role;
grant select on public.people to authenticated;
grant all on public.people to service_role;

-- Tags: trimmed, lower-cased, inner spaces single (person_add_tag and the import normalise them);
-- at most 20 a person.
create table if not exists public.person_tags (
  person_id uuid not null references public.people (id) on delete cascade,
  tag text not null constraint person_tags_tag_check check (tag ~ '^[[:alnum:]]([[:alnum:] ._-]{0,38}[[:alnum:]._-])?$' and tag = lower(tag) and tag !~ '  '),
  created_at timestamptz not null default now(),
  primary key (person_id, tag)
);
create index if not exists person_tags_tag_idx on public.person_tags (tag);
alter table public.person_tags enable row level security;
create policy "Administrators read tags" on public.person_tags
  for select to authenticated using ((select public.is_administrator()));
create policy "Sessions at the required assurance level" on public.person_tags
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
revoke all on public.person_tags from anon, authenticated, service_role;
grant select on public.person_tags to authenticated;
grant all on public.person_tags to service_role;

-- The lookups by address that merge the lists into people.
create index if not exists waitlist_members_lower_email_idx on public.waitlist_members (lower(email));
create index if not exists form_submissions_lower_email_idx on public.form_submissions (lower(email));

-- `Backer ` -> `backer`; null stays null.
create or replace function private.person_tag_normal(tag text)
returns text
language sql
immutable
set search_path = ''
as $$
  select lower(regexp_replace(btrim(tag), '\s+', ' ', 'g'));
$$;
revoke all on function private.person_tag_normal(text) from public, anon, authenticated, service_role;

-- Why a filter is not one, or null. A filter is an object whose keys are ANDed conditions:
--   waitlist: confirmed | pending | any     waitlist_top: 1..1000000 (places in line)
--   newsletter: confirmed | pending | unsubscribed     tag: a tag     language: a code
--   contacted: true | false (a contact message)     imported: true | false
-- The empty object selects everyone. Public: the segments' check calls it as the caller.
create or replace function public.people_filter_problem(filter jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  condition text;
begin
  if filter is null or jsonb_typeof(filter) <> 'object' then
    return 'A filter is a set of conditions';
  end if;
  for condition in select jsonb_object_keys(filter) loop
    if condition not in ('waitlist', 'waitlist_top', 'newsletter', 'tag', 'language', 'contacted', 'imported') then
      return format('Unknown condition: %s', condition);
    end if;
  end loop;
  if filter ? 'waitlist' and (jsonb_typeof(filter -> 'waitlist') <> 'string' or filter ->> 'waitlist' not in ('confirmed', 'pending', 'any')) then
    return 'The waitlist condition is confirmed, pending or any';
  end if;
  if filter ? 'waitlist_top' and (jsonb_typeof(filter -> 'waitlist_top') <> 'number' or filter ->> 'waitlist_top' !~ '^[1-9][0-9]{0,6}$'
                                   or (filter ->> 'waitlist_top')::integer > 1000000) then
    return 'The top of the waitlist is a whole number of places from 1 to 1,000,000';
  end if;
  if filter ? 'newsletter' and (jsonb_typeof(filter -> 'newsletter') <> 'string' or filter ->> 'newsletter' not in ('confirmed', 'pending', 'unsubscribed')) then
    return 'The newsletter condition is confirmed, pending or unsubscribed';
  end if;
  if filter ? 'tag' and (jsonb_typeof(filter -> 'tag') <> 'string'
                         or filter ->> 'tag' <> lower(regexp_replace(btrim(filter ->> 'tag'), '\s+', ' ', 'g'))
                         or filter ->> 'tag' !~ '^[[:alnum:]]([[:alnum:] ._-]{0,38}[[:alnum:]._-])?$') then
    return 'A tag is 1 to 40 lower-case letters, digits, spaces, dots, dashes or underscores';
  end if;
  if filter ? 'language' and (jsonb_typeof(filter -> 'language') <> 'string' or filter ->> 'language' !~ '^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$') then
    return 'The language is a code such as en or ja';
  end if;
  if filter ? 'contacted' and jsonb_typeof(filter -> 'contacted') <> 'boolean' then
    return 'The contacted condition is true or false';
  end if;
  if filter ? 'imported' and jsonb_typeof(filter -> 'imported') <> 'boolean' then
    return 'The imported condition is true or false';
  end if;
  return null;
end;
$$;
revoke all on function public.people_filter_problem(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.people_filter_problem(jsonb) to authenticated, service_role;

-- The filter as a condition on `p` (public.people), from validated values only (22023 otherwise).
-- Built as text so that a condition not asked for costs nothing. The top of the waitlist is its
-- first places as waitlist_status counts them: by score (private.waitlist_score, stored as `score`),
-- then the later confirmation first at an equal score.
create or replace function private.people_filter_sql(filter jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  problem text := public.people_filter_problem(filter);
  conditions text[] := array['true'];
begin
  if problem is not null then
    raise exception '%', problem using errcode = '22023';
  end if;
  if filter ? 'waitlist' then
    conditions := conditions || case
      when filter ->> 'waitlist' = 'any' then 'exists (select 1 from public.waitlist_members m where lower(m.email) = p.email)'
      else format('exists (select 1 from public.waitlist_members m where lower(m.email) = p.email and m.status = %L)', filter ->> 'waitlist')
    end;
  end if;
  if filter ? 'waitlist_top' then
    conditions := conditions || format(
      'p.email in (select lower(m.email) from (select m.email from public.waitlist_members m where m.status = ''confirmed'' order by m.score, m.seq desc limit %s) m)',
      (filter ->> 'waitlist_top')::integer);
  end if;
  if filter ? 'newsletter' then
    conditions := conditions || format('exists (select 1 from public.newsletter_subscribers s where lower(s.email) = p.email and s.status = %L)', filter ->> 'newsletter');
  end if;
  if filter ? 'tag' then
    conditions := conditions || format('exists (select 1 from public.person_tags t where t.person_id = p.id and t.tag = %L)', filter ->> 'tag');
  end if;
  if filter ? 'language' then
    conditions := conditions || format('p.language = %L', filter ->> 'language');
  end if;
  if filter ? 'contacted' then
    conditions := conditions || format('%s exists (select 1 from public.form_submissions f where lower(f.email) = p.email and f.kind = ''contact'')',
                                       case when (filter -> 'contacted')::boolean then '' else 'not' end);
  end if;
  if filter ? 'imported' then
    conditions := conditions || format('p.imported_at is %s null', case when (filter -> 'imported')::boolean then 'not' else '' end);
  end if;
  return array_to_string(conditions, ' and ');
end;
$$;
revoke all on function private.people_filter_sql(jsonb) from public, anon, authenticated, service_role;

create or replace function private.people_ids(filter jsonb)
returns setof uuid
language plpgsql
stable
set search_path = ''
as $$
begin
  return query execute format('select p.id from public.people p where %s', private.people_filter_sql(filter));
end;
$$;
revoke all on function private.people_ids(jsonb) from public, anon, authenticated, service_role;

-- The service role (the web tier, aiming a newsletter) or an administrator.
create or replace function private.require_people_reader(action text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if (auth.jwt() ->> 'role') is distinct from 'service_role' then
    perform public.require_administrator(action);
  end if;
end;
$$;
revoke all on function private.require_people_reader(text) from public, anon, authenticated, service_role;

-- Saved filters. Names are trimmed and unique; the filter is checked by people_filter_problem.
create table if not exists public.segments (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint segments_name_key unique
    constraint segments_name_check check (name = btrim(name) and length(name) between 1 and 80),
  filter jsonb not null constraint segments_filter_check check (public.people_filter_problem(filter) is null),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
alter table public.segments enable row level security;
create policy "Administrators read segments" on public.segments
  for select to authenticated using ((select public.is_administrator()));
create policy "Administrators save segments" on public.segments
  for insert to authenticated with check ((select public.is_administrator()));
create policy "Administrators change segments" on public.segments
  for update to authenticated using ((select public.is_administrator())) with check ((select public.is_administrator()));
create policy "Administrators delete segments" on public.segments
  for delete to authenticated using ((select public.is_administrator()));
create policy "Sessions at the required assurance level" on public.segments
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
revoke all on public.segments from anon, authenticated, service_role;
grant select, delete on public.segments to authenticated;
grant insert (name, filter), update (name, filter) on public.segments to authenticated;
grant all on public.segments to service_role;

-- Who erased how many rows from which table, and when: never whom.
create table if not exists public.people_erasures (
  id bigint generated always as identity primary key,
  erased_by uuid references auth.users (id) on delete set null,
  erased_at timestamptz not null default now(),
  -- {"people": 1, "newsletter_subscribers": 1, ...}
  deleted jsonb not null
);
alter table public.people_erasures enable row level security;
create policy "Administrators read erasures" on public.people_erasures
  for select to authenticated using ((select public.is_administrator()));
create policy "Sessions at the required assurance level" on public.people_erasures
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
revoke all on public.people_erasures from anon, authenticated, service_role;
grant select on public.people_erasures to authenticated;
grant all on public.people_erasures to service_role;

-- Triggers of the lists ---------------------------------------------------------------------------

-- New rows of a list (statement-level: a bulk insert is one upsert): each address is a person, with
-- the language of its latest row. The upsert is safe against a simultaneous one of the same address.
create or replace function public.people_note_added()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.people (email, language)
    select distinct on (lower(btrim(a.email))) lower(btrim(a.email)), a.language
      from added a
     order by lower(btrim(a.email))
  on conflict ((lower(email))) do update set language = excluded.language, updated_at = now();
  return null;
end;
$$;
revoke all on function public.people_note_added() from public, anon, authenticated, service_role;
grant execute on function public.people_note_added() to service_role;

-- A repeat sign-up in another language: the person's language follows.
create or replace function public.people_note_language()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.people (email, language) values (lower(btrim(new.email)), new.language)
  on conflict ((lower(email))) do update set language = excluded.language, updated_at = now();
  return null;
end;
$$;
revoke all on function public.people_note_language() from public, anon, authenticated, service_role;
grant execute on function public.people_note_language() to service_role;

-- Rows deleted from a list (a pending sign-up expiring, a subscriber removed): a person whom no list,
-- import, tag or opt-out holds any more goes too.
create or replace function public.people_forget_unheld()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.people p
   using (select distinct lower(btrim(g.email)) as address from gone g) g
   where lower(p.email) = g.address
     and p.imported_at is null and p.mail_opt_out_at is null and p.mail_consent_at is null
     and not exists (select 1 from public.person_tags t where t.person_id = p.id)
     and not exists (select 1 from public.newsletter_subscribers s where lower(s.email) = g.address)
     and not exists (select 1 from public.waitlist_members m where lower(m.email) = g.address)
     and not exists (select 1 from public.form_submissions f where lower(f.email) = g.address);
  return null;
end;
$$;
revoke all on function public.people_forget_unheld() from public, anon, authenticated, service_role;
grant execute on function public.people_forget_unheld() to service_role;

create trigger note_people after insert on public.newsletter_subscribers
  referencing new table as added for each statement execute function public.people_note_added();
create trigger note_person_language after update of language on public.newsletter_subscribers
  for each row when (old.language is distinct from new.language) execute function public.people_note_language();
create trigger forget_people after delete on public.newsletter_subscribers
  referencing old table as gone for each statement execute function public.people_forget_unheld();
create trigger note_people after insert on public.waitlist_members
  referencing new table as added for each statement execute function public.people_note_added();
create trigger note_person_language after update of language on public.waitlist_members
  for each row when (old.language is distinct from new.language) execute function public.people_note_language();
create trigger forget_people after delete on public.waitlist_members
  referencing old table as gone for each statement execute function public.people_forget_unheld();
create trigger note_people after insert on public.form_submissions
  referencing new table as added for each statement execute function public.people_note_added();
create trigger note_person_language after update of language on public.form_submissions
  for each row when (old.language is distinct from new.language) execute function public.people_note_language();
create trigger forget_people after delete on public.form_submissions
  referencing old table as gone for each statement execute function public.people_forget_unheld();

-- Reading people ------------------------------------------------------------------------------------

-- A person's place in line, as waitlist_status counts it: 1 + those ahead. Counted from the nearer
-- end of the line's index: for a member in its second half (the newest, whom People lists first),
-- the confirmed total (kept in the settings row) less those behind.
create or replace function private.person_place(member_score bigint, member_seq bigint)
returns bigint
language plpgsql
stable
set search_path = ''
as $$
declare
  confirmed bigint := (select s.confirmed from private.waitlist_settings s where s.id);
begin
  if member_seq * 2 > confirmed then
    return confirmed
         - (select count(*) from public.waitlist_members o where o.status = 'confirmed' and o.score > member_score)
         - (select count(*) from public.waitlist_members o where o.status = 'confirmed' and o.score = member_score and o.seq < member_seq);
  end if;
  return 1 + (select count(*) from public.waitlist_members o where o.status = 'confirmed' and o.score < member_score)
           + (select count(*) from public.waitlist_members o where o.status = 'confirmed' and o.score = member_score and o.seq > member_seq);
end;
$$;
revoke all on function private.person_place(bigint, bigint) from public, anon, authenticated, service_role;

-- One person as the list and the export show them: their states in each list, place and referrals,
-- contact messages, tags.
create or replace function private.person_row(person_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
           'id', p.id, 'email', p.email, 'language', p.language, 'created_at', p.created_at,
           'imported_at', p.imported_at, 'import_source', p.import_source,
           'mail_consent_source', p.mail_consent_source, 'mail_consent_at', p.mail_consent_at, 'mail_opt_out_at', p.mail_opt_out_at,
           'newsletter', s.status, 'newsletter_unsubscribed_at', s.unsubscribed_at,
           'waitlist', m.status,
           'place', case when m.status = 'confirmed' then private.person_place(m.score, m.seq) end,
           'referrals', case when m.credit_voided_at is null then m.credits else 0 end,
           'contacted', (select count(*) from public.form_submissions f where lower(f.email) = p.email and f.kind = 'contact'),
           'tags', coalesce((select jsonb_agg(t.tag order by t.tag) from public.person_tags t where t.person_id = p.id), '[]'::jsonb))
    from public.people p
    left join public.newsletter_subscribers s on lower(s.email) = p.email
    left join public.waitlist_members m on lower(m.email) = p.email
   where p.id = person_row.person_id;
$$;
revoke all on function private.person_row(uuid) from public, anon, authenticated, service_role;

create or replace function private.people_search_sql(search text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when nullif(btrim(search), '') is null then 'true'
              else format('strpos(p.email, %L) > 0', lower(btrim(search))) end;
$$;
revoke all on function private.people_search_sql(text) from public, anon, authenticated, service_role;

-- A page of the people the filter and the search (part of an address) select, newest first, with
-- their total.
create or replace function public.people_page(filter jsonb default '{}', search text default null, page_size integer default 25, page_offset integer default 0)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  condition text;
  total bigint;
  page jsonb;
begin
  perform public.require_administrator('read people');
  if page_size is null or page_size not between 1 and 1000 or page_offset is null or page_offset < 0 then
    raise exception 'A page has 1 to 1000 people, from a place of 0 or more' using errcode = '22023';
  end if;
  condition := private.people_filter_sql(coalesce(filter, '{}')) || ' and ' || private.people_search_sql(search);
  execute format('select count(*) from public.people p where %s', condition) into total;
  execute format(
    'select coalesce(jsonb_agg(private.person_row(q.id) order by q.created_at desc, q.id desc), ''[]''::jsonb)
       from (select p.id, p.created_at from public.people p where %s order by p.created_at desc, p.id desc limit %s offset %s) q',
    condition, page_size, page_offset) into page;
  return jsonb_build_object('total', total, 'rows', page);
end;
$$;
revoke all on function public.people_page(jsonb, text, integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.people_page(jsonb, text, integer, integer) to authenticated, service_role;

-- The export, a page at a time by address (after_email: the last address of the page before).
create or replace function public.people_export(filter jsonb default '{}', search text default null, after_email text default null, page_size integer default 1000)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  page jsonb;
begin
  perform public.require_administrator('export people');
  if page_size is null or page_size not between 1 and 1000 then
    raise exception 'A page has 1 to 1000 people' using errcode = '22023';
  end if;
  execute format(
    'select coalesce(jsonb_agg(private.person_row(q.id) order by q.address), ''[]''::jsonb)
       from (select p.id, lower(p.email) as address from public.people p where %s and %s and lower(p.email) > %L order by lower(p.email) limit %s) q',
    private.people_filter_sql(coalesce(filter, '{}')), private.people_search_sql(search), coalesce(lower(after_email), ''), page_size) into page;
  return page;
end;
$$;
revoke all on function public.people_export(jsonb, text, text, integer) from public, anon, authenticated, service_role;
grant execute on function public.people_export(jsonb, text, text, integer) to authenticated, service_role;

create or replace function public.people_matching(filter jsonb)
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_people_reader('read people');
  return query select private.people_ids(filter);
end;
$$;
revoke all on function public.people_matching(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.people_matching(jsonb) to authenticated, service_role;

create or replace function public.segment_people(segment_id uuid)
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  chosen jsonb;
begin
  perform private.require_people_reader('read people');
  select s.filter into chosen from public.segments s where s.id = segment_people.segment_id;
  if chosen is null then
    raise exception 'No such segment' using errcode = 'P0002';
  end if;
  return query select private.people_ids(chosen);
end;
$$;
revoke all on function public.segment_people(uuid) from public, anon, authenticated, service_role;
grant execute on function public.segment_people(uuid) to authenticated, service_role;

-- How many people each segment holds: for the whole team, no address.
create or replace function public.segment_sizes()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_admin('read segment sizes');
  return coalesce((
    select jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name, 'size', (select count(*) from private.people_ids(s.filter))) order by s.name)
      from public.segments s), '[]'::jsonb);
end;
$$;
revoke all on function public.segment_sizes() from public, anon, authenticated, service_role;
grant execute on function public.segment_sizes() to authenticated, service_role;

-- A person with what they did and when (`events`, oldest first), their lists' rows and their messages.
create or replace function public.person_detail(person_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  person public.people;
  summary jsonb;
  events jsonb;
begin
  perform public.require_administrator('read people');
  select * into person from public.people p where p.id = person_detail.person_id;
  if person.id is null then
    raise exception 'No such person' using errcode = 'P0002';
  end if;
  summary := private.person_row(person.id);
  select coalesce(jsonb_agg(e.event order by e.at, e.sequence), '[]'::jsonb) into events
    from (
      select m.created_at as at, 1 as sequence, jsonb_build_object('at', m.created_at, 'kind', 'waitlist_signup') as event
        from public.waitlist_members m where lower(m.email) = person.email
      union all
      select m.confirmed_at, 2, jsonb_build_object('at', m.confirmed_at, 'kind', 'waitlist_confirmed', 'seq', m.seq)
        from public.waitlist_members m where lower(m.email) = person.email and m.confirmed_at is not null
      union all
      select f.confirmed_at, 3, jsonb_build_object('at', f.confirmed_at, 'kind', 'referral', 'credited', f.credited, 'refusal', f.credit_refusal)
        from public.waitlist_members m join public.waitlist_members f on f.referred_by = m.id
       where lower(m.email) = person.email and f.status = 'confirmed'
      union all
      select m.credit_voided_at, 4, jsonb_build_object('at', m.credit_voided_at, 'kind', 'credit_voided')
        from public.waitlist_members m where lower(m.email) = person.email and m.credit_voided_at is not null
      union all
      select s.created_at, 5, jsonb_build_object('at', s.created_at, 'kind', 'newsletter_signup')
        from public.newsletter_subscribers s where lower(s.email) = person.email
      union all
      select s.confirmed_at, 6, jsonb_build_object('at', s.confirmed_at, 'kind', 'newsletter_confirmed')
        from public.newsletter_subscribers s where lower(s.email) = person.email and s.confirmed_at is not null
      union all
      select s.unsubscribed_at, 7, jsonb_build_object('at', s.unsubscribed_at, 'kind', 'newsletter_unsubscribed')
        from public.newsletter_subscribers s where lower(s.email) = person.email and s.unsubscribed_at is not null
      union all
      select f.created_at, 8, jsonb_build_object('at', f.created_at, 'kind', 'form', 'form', f.kind, 'name', f.name, 'message', f.message, 'last_at', f.last_submitted_at)
        from public.form_submissions f where lower(f.email) = person.email
      union all
      select person.imported_at, 9, jsonb_build_object('at', person.imported_at, 'kind', 'imported', 'source', person.import_source)
       where person.imported_at is not null
      union all
      select person.mail_consent_at, 10, jsonb_build_object('at', person.mail_consent_at, 'kind', 'consent', 'source', person.mail_consent_source)
       where person.mail_consent_at is not null
      union all
      select person.mail_opt_out_at, 11, jsonb_build_object('at', person.mail_opt_out_at, 'kind', 'opt_out')
       where person.mail_opt_out_at is not null
    ) e;
  return summary || jsonb_build_object(
    'updated_at', person.updated_at,
    'referred', (select count(*) from public.waitlist_members m join public.waitlist_members f on f.referred_by = m.id where lower(m.email) = person.email),
    'events', events);
end;
$$;
revoke all on function public.person_detail(uuid) from public, anon, authenticated, service_role;
grant execute on function public.person_detail(uuid) to authenticated, service_role;

-- Writing people ------------------------------------------------------------------------------------

create or replace function private.person_tags_of(person_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(t.tag order by t.tag), '[]'::jsonb) from public.person_tags t where t.person_id = person_tags_of.person_id;
$$;
revoke all on function private.person_tags_of(uuid) from public, anon, authenticated, service_role;

-- Tags a person. The person's row lock makes two administrators tagging at once count one after
-- the other, so the bound holds.
create or replace function public.person_add_tag(person_id uuid, tag text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  normal text := private.person_tag_normal(tag);
begin
  perform public.require_administrator('tag people');
  if normal is null or normal !~ '^[[:alnum:]]([[:alnum:] ._-]{0,38}[[:alnum:]._-])?$' then
    raise exception 'A tag is 1 to 40 letters, digits, spaces, dots, dashes or underscores, starting with a letter or digit' using errcode = '22023';
  end if;
  perform 1 from public.people p where p.id = person_add_tag.person_id for update;
  if not found then
    raise exception 'No such person' using errcode = 'P0002';
  end if;
  if not exists (select 1 from public.person_tags t where t.person_id = person_add_tag.person_id and t.tag = normal)
     and (select count(*) from public.person_tags t where t.person_id = person_add_tag.person_id) >= 20 then
    raise exception 'A person has at most 20 tags' using errcode = '22023';
  end if;
  insert into public.person_tags (person_id, tag) values (person_add_tag.person_id, normal) on conflict do nothing;
  return private.person_tags_of(person_add_tag.person_id);
end;
$$;
revoke all on function public.person_add_tag(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.person_add_tag(uuid, text) to authenticated, service_role;

create or replace function public.person_remove_tag(person_id uuid, tag text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.require_administrator('tag people');
  perform 1 from public.people p where p.id = person_remove_tag.person_id for update;
  if not found then
    raise exception 'No such person' using errcode = 'P0002';
  end if;
  delete from public.person_tags t where t.person_id = person_remove_tag.person_id and t.tag = private.person_tag_normal(person_remove_tag.tag);
  return private.person_tags_of(person_remove_tag.person_id);
end;
$$;
revoke all on function public.person_remove_tag(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.person_remove_tag(uuid, text) to authenticated, service_role;

-- The import: rows [{email, language?, tags?: "a; b"}] (other columns of an export are ignored: they
-- are what the lists say, not what a file may set), at most 10,000. A row that is not valid is
-- reported ({row: its position from 1, message}) and nothing of it is written; the others are. With
-- consent and its source, a new address becomes a confirmed subscriber; without, nobody is subscribed.
-- The people rows already there are locked first (in id order, as another import locks them), so a
-- tag bound checked here holds when written; an address signed up meanwhile is waited for by the
-- insert and then updated as the others.
create or replace function public.people_import(rows jsonb, consent boolean, source text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  max_rows constant integer := 10000;
  given_source text := nullif(btrim(source), '');
  parsed jsonb;
  accepted jsonb;
  errors jsonb;
  created integer;
  subscribed integer := 0;
  kept_unsubscribed integer := 0;
begin
  perform public.require_administrator('import people');
  if rows is null or jsonb_typeof(rows) <> 'array' then
    raise exception 'An import is a list of rows' using errcode = '22023';
  end if;
  if jsonb_array_length(rows) = 0 then
    raise exception 'The file has no rows to import' using errcode = '22023';
  end if;
  if jsonb_array_length(rows) > max_rows then
    raise exception 'An import takes at most 10,000 rows: this one has %. Split the file.', to_char(jsonb_array_length(rows), 'FM999,999,999') using errcode = '22023';
  end if;
  if length(given_source) > 200 then
    raise exception 'The source is at most 200 characters' using errcode = '22023';
  end if;
  if coalesce(consent, false) and given_source is null then
    raise exception 'Say where the consent was given (the source) to subscribe the imported addresses' using errcode = '22023';
  end if;
  -- Subscribing, the import takes people's rows and then subscribers', and a sign-up the other way
  -- round: sign-ups wait while it runs (newsletter_signup shares this lock).
  if consent then
    perform pg_advisory_xact_lock(hashtextextended('newsletter:import', 0));
  end if;

  select jsonb_agg(jsonb_build_object('n', r.n, 'is_object', jsonb_typeof(r.value) = 'object',
                                      'email', lower(btrim(r.value ->> 'email')), 'language', nullif(btrim(r.value ->> 'language'), ''),
                                      'tags', coalesce((select jsonb_agg(distinct private.person_tag_normal(t))
                                                          from regexp_split_to_table(coalesce(r.value ->> 'tags', ''), ';') t
                                                         where btrim(t) <> ''), '[]'::jsonb)))
    into parsed
    from jsonb_array_elements(rows) with ordinality as r(value, n)
   where true;

  perform 1 from public.people p
   where lower(p.email) in (select x ->> 'email' from jsonb_array_elements(parsed) x)
   order by p.id for update;

  with checked as (
    select x, (x ->> 'n')::integer as n, x ->> 'email' as email,
           case
             when not (x ->> 'is_object')::boolean then 'This row is not a set of columns'
             when coalesce(x ->> 'email', '') = '' then 'The email is missing'
             when x ->> 'email' !~ '^[^[:space:]@.]+(\.[^[:space:]@.]+)*@[^[:space:]@.]+(\.[^[:space:]@.]+)+$' or length(x ->> 'email') > 320
               then format('This is not an email address: %s', left(x ->> 'email', 320))
             when x ->> 'language' !~ '^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$' then format('The language must be a code such as en or ja, not %s', left(x ->> 'language', 40))
             when exists (select 1 from jsonb_array_elements_text(x -> 'tags') t where t !~ '^[[:alnum:]]([[:alnum:] ._-]{0,38}[[:alnum:]._-])?$')
               then 'A tag is 1 to 40 letters, digits, spaces, dots, dashes or underscores, separated by semicolons'
             when (select count(*) from (select jsonb_array_elements_text(x -> 'tags')
                                         union select t.tag from public.person_tags t join public.people p on p.id = t.person_id where lower(p.email) = x ->> 'email') every_tag) > 20
               then 'A person has at most 20 tags'
             when row_number() over (partition by x ->> 'email' order by (x ->> 'n')::integer) > 1
               then format('The same address is on row %s', min((x ->> 'n')::integer) over (partition by x ->> 'email'))
           end as problem
      from jsonb_array_elements(parsed) x
  )
  select coalesce(jsonb_agg(jsonb_build_object('row', c.n, 'message', c.problem) order by c.n) filter (where c.problem is not null), '[]'::jsonb),
         coalesce(jsonb_agg(c.x) filter (where c.problem is null), '[]'::jsonb)
    into errors, accepted
    from checked c;

  -- New addresses first: one signed up meanwhile and not committed yet is waited for, and then left
  -- to the update, which sees it.
  with inserted as (
    insert into public.people (email, language)
      select a.email, coalesce(a.language, 'en') from jsonb_to_recordset(accepted) as a(email text, language text)
    on conflict ((lower(email))) do nothing
    returning 1
  )
  select count(*) into created from inserted;
  -- Every address of the file: the import recorded, the language changed only where the file gives
  -- one, and a consent not recorded for someone who unsubscribed or opted out (their choice stands).
  update public.people p
     set language = coalesce(a.language, p.language), imported_at = now(), import_source = given_source, updated_at = now(),
         mail_consent_source = case when a.may_consent then given_source else p.mail_consent_source end,
         mail_consent_at = case when a.may_consent then now() else p.mail_consent_at end
    from (select a.email, a.language,
                 coalesce(consent, false)
                 and not exists (select 1 from public.people o where lower(o.email) = a.email and o.mail_opt_out_at is not null)
                 and not exists (select 1 from public.newsletter_subscribers s where lower(s.email) = a.email and s.status = 'unsubscribed') as may_consent
            from jsonb_to_recordset(accepted) as a(email text, language text)) a
   where lower(p.email) = a.email;

  insert into public.person_tags (person_id, tag)
    select p.id, t.tag
      from jsonb_to_recordset(accepted) as a(email text, tags jsonb)
      join public.people p on lower(p.email) = a.email
     cross join lateral jsonb_array_elements_text(a.tags) as t(tag)
  on conflict do nothing;

  if consent then
    select count(*) into kept_unsubscribed
      from jsonb_to_recordset(accepted) as a(email text)
      join public.people p on lower(p.email) = a.email
     where p.mail_opt_out_at is not null
        or exists (select 1 from public.newsletter_subscribers s where lower(s.email) = a.email and s.status = 'unsubscribed');
    -- Only addresses the newsletter has never held: a pending sign-up stays the visitor's to confirm.
    with inserted as (
      insert into public.newsletter_subscribers (email, status, confirmed_at, language)
        select a.email, 'confirmed', now(), p.language
          from jsonb_to_recordset(accepted) as a(email text)
          join public.people p on lower(p.email) = a.email
         where p.mail_opt_out_at is null
           and not exists (select 1 from public.newsletter_subscribers s where lower(s.email) = a.email)
      on conflict ((lower(email))) do nothing
      returning id
    ), tokens as (
      insert into private.newsletter_tokens (subscriber_id, unsubscribe_token)
        select i.id, private.newsletter_new_token() from inserted i
      returning 1
    )
    select count(*) into subscribed from tokens;
  end if;

  return jsonb_build_object(
    'received', jsonb_array_length(rows),
    'accepted', jsonb_array_length(accepted),
    'created', created,
    'subscribed', subscribed,
    'kept_unsubscribed', kept_unsubscribed,
    'errors', errors);
end;
$$;
revoke all on function public.people_import(jsonb, boolean, text) from public, anon, authenticated, service_role;
grant execute on function public.people_import(jsonb, boolean, text) to authenticated, service_role;

-- Erasure: the person and every row that carries their address, in one transaction; only the
-- counts are kept. The waitlist's settings row is locked first, as a confirmation takes it before a
-- referrer's row: the member leaves the line's count (waitlist_members_count_leaving) and the places
-- behind them move up, while referrals they earned others stay counted with the referrer (a friend
-- they referred keeps their place, no longer linked to them). The per-client credit events carry no
-- address and no member (and last 24 hours): nothing of them names the person.
create or replace function public.person_erase(person_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  person public.people;
  address text;
  member_ids uuid[];
  subscriber_ids uuid[];
  deleted jsonb := '{}'::jsonb;
  removed integer;
begin
  perform public.require_administrator('erase people');
  perform 1 from private.waitlist_settings s where s.id for update;
  select * into person from public.people p where p.id = person_erase.person_id for update;
  if person.id is null then
    raise exception 'No such person: erased already?' using errcode = 'P0002';
  end if;
  address := lower(person.email);

  delete from public.person_tags t where t.person_id = person.id;
  get diagnostics removed = row_count;
  deleted := deleted || jsonb_build_object('person_tags', removed);
  -- Their deliveries of mails aimed at a segment, and the unsubscribe token those carried
  -- (16_aimed_newsletters.sql): counted here, though the person's deletion would take them too.
  delete from private.newsletter_deliveries d where d.person_id = person.id;
  get diagnostics removed = row_count;
  deleted := deleted || jsonb_build_object('aimed_deliveries', removed);
  delete from private.person_mail_tokens t where t.person_id = person.id;
  get diagnostics removed = row_count;
  deleted := deleted || jsonb_build_object('person_mail_tokens', removed);
  delete from public.people p where p.id = person.id;
  deleted := deleted || jsonb_build_object('people', 1);

  delete from public.form_submissions f where lower(f.email) = address;
  get diagnostics removed = row_count;
  deleted := deleted || jsonb_build_object('form_submissions', removed);

  select coalesce(array_agg(s.id), '{}') into subscriber_ids from (select s.id from public.newsletter_subscribers s where lower(s.email) = address for update) s;
  delete from private.newsletter_deliveries d where d.subscriber_id = any(subscriber_ids);
  get diagnostics removed = row_count;
  deleted := deleted || jsonb_build_object('newsletter_deliveries', removed);
  delete from private.newsletter_tokens t where t.subscriber_id = any(subscriber_ids);
  get diagnostics removed = row_count;
  deleted := deleted || jsonb_build_object('newsletter_tokens', removed);
  delete from public.newsletter_subscribers s where s.id = any(subscriber_ids);
  get diagnostics removed = row_count;
  deleted := deleted || jsonb_build_object('newsletter_subscribers', removed);
  delete from private.newsletter_confirmation_mails c where c.base_hash = private.newsletter_hash(private.newsletter_base_address(address));
  get diagnostics removed = row_count;
  deleted := deleted || jsonb_build_object('newsletter_confirmation_mails', removed);

  select coalesce(array_agg(m.id), '{}') into member_ids from (select m.id from public.waitlist_members m where lower(m.email) = address for update) m;
  delete from public.waitlist_credit_audit a where a.member_id = any(member_ids);
  get diagnostics removed = row_count;
  deleted := deleted || jsonb_build_object('waitlist_credit_audit', removed);
  delete from private.waitlist_tokens t where t.member_id = any(member_ids);
  get diagnostics removed = row_count;
  deleted := deleted || jsonb_build_object('waitlist_tokens', removed);
  delete from private.waitlist_mails w where w.base_hash = private.newsletter_hash(private.waitlist_fold(address));
  get diagnostics removed = row_count;
  deleted := deleted || jsonb_build_object('waitlist_mails', removed);
  update public.waitlist_members f set referred_by = null where f.referred_by = any(member_ids);
  get diagnostics removed = row_count;
  deleted := deleted || jsonb_build_object('waitlist_referral_links', removed);
  delete from public.waitlist_members m where m.id = any(member_ids);
  get diagnostics removed = row_count;
  deleted := deleted || jsonb_build_object('waitlist_members', removed);

  insert into public.people_erasures (erased_by, deleted) values ((select auth.uid()), deleted);
  return deleted;
end;
$$;
revoke all on function public.person_erase(uuid) from public, anon, authenticated, service_role;
grant execute on function public.person_erase(uuid) to authenticated, service_role;
