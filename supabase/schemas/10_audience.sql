-- Audience figures without cookies (see docs/analytics.md for what is counted, in words).
--
-- The web tier counts page views of public pages and waitlist/newsletter sign-ups, and sends them in
-- batches (record_audience_events). A visitor is a hash the web tier makes of a secret salt that
-- changes every UTC day (audience_salt), the site, the address and the user agent: the same person
-- is one visitor within a day and cannot be followed from one day to the next. Neither the address
-- nor the user agent is stored.
--
-- Events are raw only until their day is over: roll_up_audience() turns finished days into daily
-- figures (views and visitors per page, visits per source and campaign, visitors per device class,
-- sign-ups per page and source) and deletes the events and the day's salt. Daily figures are kept
-- for the retention the web tier passes (ANALYTICS_RETENTION_DAYS, 730 by default). Stored figures
-- are bounded whatever arrives: the web tier caps what one client adds to a day, and a finished day
-- keeps at most `sources_per_day` sources (referring site and campaign) and `pages_per_day` pages,
-- the busiest by visitors, then views; every other source or page of the day is folded into one row
-- named '(other)', its figures added up, so the totals stay whole. A day rolled up again (events
-- that came late) adds to the rows it has, and its new sources and pages take only the room that is
-- left.
--
-- A conversion is the share of visitors who signed up: each day and source also counts its visitors
-- with at least one sign-up (`converted`), so that a visitor who joins the waitlist and the
-- newsletter is one conversion, and no rate goes over 100 %.
--
--   audience_salt(for_day)               -> text    the day's salt, made on first use (service role)
--   record_audience_events(events jsonb) -> integer events stored; an id already stored is skipped,
--                                                    so a batch sent twice counts once (service role)
--   roll_up_audience(retention_days, sources_per_day, pages_per_day) -> integer days rolled up (service role)
--   audience_figures(days)               -> jsonb   the dashboard's figures (administrators)
--
-- Every table is in schema `private`: no API role reads or writes them but through these functions.

create table if not exists private.audience_salts (
  day date primary key,
  salt text not null
);

create table if not exists private.audience_events (
  -- Made by the web instance: a batch retried after a lost answer stores nothing twice.
  id uuid primary key,
  occurred_at timestamptz not null,
  day date not null,
  kind text not null constraint audience_events_kind_check check (kind in ('view', 'waitlist', 'newsletter')),
  path text not null constraint audience_events_path_check check (path ~ '^/' and char_length(path) <= 300),
  visitor text not null constraint audience_events_visitor_check check (visitor ~ '^[0-9a-f]{32}$'),
  referrer_host text not null default '' constraint audience_events_referrer_check check (char_length(referrer_host) <= 255),
  utm_source text not null default '' constraint audience_events_utm_source_check check (char_length(utm_source) <= 100),
  utm_medium text not null default '' constraint audience_events_utm_medium_check check (char_length(utm_medium) <= 100),
  utm_campaign text not null default '' constraint audience_events_utm_campaign_check check (char_length(utm_campaign) <= 100),
  device text not null constraint audience_events_device_check check (device in ('desktop', 'mobile', 'tablet')),
  -- The same page, visitor and source counted this many times between two sends of an instance.
  count integer not null default 1 constraint audience_events_count_check check (count between 1 and 1000000)
);
create index if not exists audience_events_day_visitor_idx on private.audience_events (day, visitor, occurred_at);

create table if not exists private.audience_page_days (
  day date not null,
  path text not null,
  views integer not null,
  visitors integer not null,
  signups integer not null,
  primary key (day, path)
);

-- A visit's source is its first event's: the referring site ('' when none) and its campaign.
create table if not exists private.audience_source_days (
  day date not null,
  referrer_host text not null,
  utm_source text not null,
  utm_medium text not null,
  utm_campaign text not null,
  visitors integer not null,
  views integer not null,
  signups integer not null,
  -- Visitors with at least one sign-up: a visitor may sign up twice (waitlist and newsletter), so
  -- the conversion is these over the visitors, never the sign-ups over them.
  converted integer not null default 0,
  primary key (day, referrer_host, utm_source, utm_medium, utm_campaign)
);

create table if not exists private.audience_device_days (
  day date not null,
  device text not null,
  visitors integer not null,
  primary key (day, device)
);

create table if not exists private.audience_days (
  day date primary key,
  views integer not null,
  visitors integer not null,
  signups integer not null,
  -- Visitors with at least one sign-up (see audience_source_days.converted).
  converted integer not null default 0
);

revoke all on private.audience_salts, private.audience_events, private.audience_page_days,
  private.audience_source_days, private.audience_device_days, private.audience_days
  from public, anon, authenticated, service_role;

create or replace function public.audience_salt(for_day date)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'UTC')::date;
  result text;
begin
  -- The instance's day, within a day of the database's (clocks drift); never a day long gone, whose
  -- visitors must stay impossible to link to anyone.
  if for_day is null or for_day not between today - 1 and today + 1 then
    raise exception 'for_day must be the current UTC day' using errcode = '22023';
  end if;
  -- Every web instance asks for the same day's salt and gets the one that was made first.
  insert into private.audience_salts (day, salt)
  values (for_day, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
  on conflict (day) do nothing;
  select s.salt into result from private.audience_salts s where s.day = for_day;
  return result;
end;
$$;
revoke all on function public.audience_salt(date) from public, anon, authenticated, service_role;
grant execute on function public.audience_salt(date) to service_role;

create or replace function public.record_audience_events(events jsonb)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  stored integer;
begin
  if jsonb_typeof(events) is distinct from 'array' then
    raise exception 'events must be a JSON array' using errcode = '22023';
  end if;
  if jsonb_array_length(events) > 5000 then
    raise exception 'At most 5000 events a batch' using errcode = '22023';
  end if;
  insert into private.audience_events
    (id, occurred_at, day, kind, path, visitor, referrer_host, utm_source, utm_medium, utm_campaign, device, count)
  select (e->>'id')::uuid, (e->>'occurred_at')::timestamptz, ((e->>'occurred_at')::timestamptz at time zone 'UTC')::date,
         e->>'kind', e->>'path', e->>'visitor', coalesce(e->>'referrer_host', ''), coalesce(e->>'utm_source', ''),
         coalesce(e->>'utm_medium', ''), coalesce(e->>'utm_campaign', ''), e->>'device', coalesce((e->>'count')::integer, 1)
    from jsonb_array_elements(events) e
  on conflict (id) do nothing;
  get diagnostics stored = row_count;
  return stored;
end;
$$;
revoke all on function public.record_audience_events(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.record_audience_events(jsonb) to service_role;

-- The figures of the given days, from raw events: what roll_up_audience stores for a finished day,
-- and what audience_figures reads for days not yet rolled up.
create or replace function private.audience_visits(first_day date, last_day date)
returns table (day date, visitor text, referrer_host text, utm_source text, utm_medium text, utm_campaign text, device text, views integer, signups integer)
language sql
stable
set search_path = ''
as $$
  select distinct on (e.day, e.visitor)
         e.day, e.visitor, e.referrer_host, e.utm_source, e.utm_medium, e.utm_campaign, e.device,
         (coalesce(sum(e.count) filter (where e.kind = 'view') over w, 0))::integer,
         (coalesce(sum(e.count) filter (where e.kind <> 'view') over w, 0))::integer
    from private.audience_events e
   where e.day between first_day and last_day
  window w as (partition by e.day, e.visitor)
   -- Events of one moment: the one that carries a source is the visit's entry.
   order by e.day, e.visitor, e.occurred_at, (e.referrer_host = '' and e.utm_source = '' and e.utm_campaign = ''), e.id;
$$;
revoke all on function private.audience_visits(date, date) from public, anon, authenticated, service_role;

-- Each page's figures of each of the given days, from raw events.
create or replace function private.audience_page_rows(first_day date, last_day date)
returns table (day date, path text, views integer, visitors integer, signups integer)
language sql
stable
set search_path = ''
as $$
  select e.day, e.path,
         (coalesce(sum(e.count) filter (where e.kind = 'view'), 0))::integer,
         (count(distinct e.visitor) filter (where e.kind = 'view'))::integer,
         (coalesce(sum(e.count) filter (where e.kind <> 'view'), 0))::integer
    from private.audience_events e
   where e.day between first_day and last_day
   group by e.day, e.path;
$$;
revoke all on function private.audience_page_rows(date, date) from public, anon, authenticated, service_role;

create or replace function public.roll_up_audience(retention_days integer default 730, sources_per_day integer default 100, pages_per_day integer default 200)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  folded constant text := '(other)';
  -- A day is finished once its last batches have surely arrived (instances send every 5 s).
  last_finished date := ((now() - interval '10 minutes') at time zone 'UTC')::date - 1;
  first_open date;
  days_rolled integer;
begin
  if retention_days is null or retention_days < 1 then
    raise exception 'retention_days must be at least 1' using errcode = '22023';
  end if;
  if sources_per_day is null or sources_per_day < 1 or pages_per_day is null or pages_per_day < 1 then
    raise exception 'sources_per_day and pages_per_day must be at least 1' using errcode = '22023';
  end if;
  -- One instance at a time; the others have nothing to do meanwhile.
  if not pg_try_advisory_xact_lock(hashtextextended('private.audience_events.roll_up', 0)) then
    return 0;
  end if;
  select min(e.day) into first_open from private.audience_events e where e.day <= last_finished;
  if first_open is null then
    days_rolled := 0;
  else
    -- Figures of a day already rolled up (events that arrived late) are added to, never replaced.
    insert into private.audience_days as d (day, views, visitors, signups, converted)
    select v.day, sum(v.views), count(*), sum(v.signups), count(*) filter (where v.signups > 0) from private.audience_visits(first_open, last_finished) v group by v.day
    on conflict (day) do update set views = d.views + excluded.views, visitors = d.visitors + excluded.visitors, signups = d.signups + excluded.signups,
      converted = d.converted + excluded.converted;
    get diagnostics days_rolled = row_count;

    -- Pages: those the day has a row for keep it; new ones, busiest first, while the day has room.
    insert into private.audience_page_days as p (day, path, views, visitors, signups)
    select k.day, case when k.kept then k.path else folded end, sum(k.views), sum(k.visitors), sum(k.signups)
      from (
        select r.*, r.stored or r.place <= pages_per_day - r.taken as kept
          from (
            select n.*,
                   row_number() over (partition by n.day, n.stored order by n.visitors desc, n.views desc, n.path) as place,
                   (select count(*) from private.audience_page_days t where t.day = n.day and t.path <> folded) as taken
              from (
                select g.day, g.path, g.views, g.visitors, g.signups,
                       exists (select 1 from private.audience_page_days t where t.day = g.day and t.path = g.path) as stored
                  from private.audience_page_rows(first_open, last_finished) g
              ) n
          ) r
      ) k
     group by 1, 2
    on conflict (day, path) do update set views = p.views + excluded.views, visitors = p.visitors + excluded.visitors, signups = p.signups + excluded.signups;

    -- Sources and campaigns alike; the folded row has no campaign.
    insert into private.audience_source_days as s (day, referrer_host, utm_source, utm_medium, utm_campaign, visitors, views, signups, converted)
    select k.day,
           case when k.kept then k.referrer_host else folded end,
           case when k.kept then k.utm_source else '' end,
           case when k.kept then k.utm_medium else '' end,
           case when k.kept then k.utm_campaign else '' end,
           sum(k.visitors), sum(k.views), sum(k.signups), sum(k.converted)
      from (
        select r.*, r.stored or r.place <= sources_per_day - r.taken as kept
          from (
            select n.*,
                   row_number() over (partition by n.day, n.stored order by n.visitors desc, n.views desc, n.referrer_host, n.utm_source, n.utm_medium, n.utm_campaign) as place,
                   (select count(*) from private.audience_source_days t
                     where t.day = n.day and not (t.referrer_host = folded and t.utm_source = '' and t.utm_medium = '' and t.utm_campaign = '')) as taken
              from (
                select g.*,
                       exists (select 1 from private.audience_source_days t
                                where t.day = g.day and t.referrer_host = g.referrer_host and t.utm_source = g.utm_source
                                  and t.utm_medium = g.utm_medium and t.utm_campaign = g.utm_campaign) as stored
                  from (
                    select v.day, v.referrer_host, v.utm_source, v.utm_medium, v.utm_campaign,
                           count(*)::integer as visitors, sum(v.views)::integer as views, sum(v.signups)::integer as signups,
                           (count(*) filter (where v.signups > 0))::integer as converted
                      from private.audience_visits(first_open, last_finished) v group by 1, 2, 3, 4, 5
                  ) g
              ) n
          ) r
      ) k
     group by 1, 2, 3, 4, 5
    on conflict (day, referrer_host, utm_source, utm_medium, utm_campaign)
      do update set visitors = s.visitors + excluded.visitors, views = s.views + excluded.views, signups = s.signups + excluded.signups,
        converted = s.converted + excluded.converted;

    insert into private.audience_device_days as d (day, device, visitors)
    select v.day, v.device, count(*) from private.audience_visits(first_open, last_finished) v group by 1, 2
    on conflict (day, device) do update set visitors = d.visitors + excluded.visitors;

    delete from private.audience_events e where e.day <= last_finished;
  end if;

  delete from private.audience_salts s where s.day < (now() at time zone 'UTC')::date - 1;
  delete from private.audience_days d where d.day < (now() at time zone 'UTC')::date - retention_days;
  delete from private.audience_page_days d where d.day < (now() at time zone 'UTC')::date - retention_days;
  delete from private.audience_source_days d where d.day < (now() at time zone 'UTC')::date - retention_days;
  delete from private.audience_device_days d where d.day < (now() at time zone 'UTC')::date - retention_days;
  return days_rolled;
end;
$$;
revoke all on function public.roll_up_audience(integer, integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.roll_up_audience(integer, integer, integer) to service_role;

-- The dashboard's Visitors card: one call for the whole card. Days not rolled up yet (today, and
-- yesterday for its first minutes) are read from the raw events, the others from the daily figures.
create or replace function public.audience_figures(days integer)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'UTC')::date;
  first_day date;
  result jsonb;
begin
  perform public.require_admin('read audience figures');
  perform public.require_administrator('read audience figures');
  if days is null or days < 1 or days > 366 then
    raise exception 'days must be between 1 and 366' using errcode = '22023';
  end if;
  first_day := today - (days - 1);
  with visits as (
    select * from private.audience_visits(first_day, today)
  ), day_rows as (
    select d.day, d.views, d.visitors, d.signups, d.converted from private.audience_days d where d.day between first_day and today
    union all
    select v.day, sum(v.views)::integer, count(*)::integer, sum(v.signups)::integer, (count(*) filter (where v.signups > 0))::integer from visits v group by v.day
  ), page_rows as (
    select p.path, p.views, p.visitors, p.signups from private.audience_page_days p where p.day between first_day and today
    union all
    select r.path, r.views, r.visitors, r.signups from private.audience_page_rows(first_day, today) r
  ), source_rows as (
    select s.referrer_host, s.utm_source, s.utm_medium, s.utm_campaign, s.visitors, s.views, s.signups, s.converted
      from private.audience_source_days s where s.day between first_day and today
    union all
    select v.referrer_host, v.utm_source, v.utm_medium, v.utm_campaign, 1, v.views, v.signups, (v.signups > 0)::integer from visits v
  ), device_rows as (
    select d.device, d.visitors from private.audience_device_days d where d.day between first_day and today
    union all
    select v.device, 1 from visits v
  )
  select jsonb_build_object(
    'days', (
      select coalesce(jsonb_agg(jsonb_build_object('day', g.day, 'views', coalesce(t.views, 0), 'visitors', coalesce(t.visitors, 0), 'signups', coalesce(t.signups, 0)) order by g.day), '[]')
        from (select generate_series(first_day::timestamp, today::timestamp, interval '1 day')::date as day) g
        left join (select r.day, sum(r.views)::integer as views, sum(r.visitors)::integer as visitors, sum(r.signups)::integer as signups from day_rows r group by r.day) t on t.day = g.day
    ),
    'totals', (
      select jsonb_build_object('views', coalesce(sum(r.views), 0), 'visitors', coalesce(sum(r.visitors), 0), 'signups', coalesce(sum(r.signups), 0),
                                'converted', coalesce(sum(r.converted), 0)) from day_rows r
    ),
    'pages', (
      select coalesce(jsonb_agg(to_jsonb(p) order by p.views desc, p.path), '[]') from (
        select r.path, sum(r.views)::integer as views, sum(r.visitors)::integer as visitors, sum(r.signups)::integer as signups
          from page_rows r group by r.path order by 2 desc, 1 limit 10
      ) p
    ),
    'sources', (
      select coalesce(jsonb_agg(to_jsonb(s) order by s.visitors desc, s.source), '[]') from (
        select r.referrer_host as source, sum(r.visitors)::integer as visitors, sum(r.signups)::integer as signups, sum(r.converted)::integer as converted
          from source_rows r group by r.referrer_host order by 2 desc, 1 limit 10
      ) s
    ),
    'campaigns', (
      select coalesce(jsonb_agg(to_jsonb(c) order by c.visitors desc, c.campaign), '[]') from (
        select r.utm_campaign as campaign, r.utm_source as source, r.utm_medium as medium,
               sum(r.visitors)::integer as visitors, sum(r.signups)::integer as signups, sum(r.converted)::integer as converted
          from source_rows r where r.utm_campaign <> '' or r.utm_source <> ''
         group by r.utm_campaign, r.utm_source, r.utm_medium order by 4 desc, 1 limit 10
      ) c
    ),
    'devices', (
      select coalesce(jsonb_agg(to_jsonb(d) order by d.visitors desc, d.device), '[]') from (
        select r.device, sum(r.visitors)::integer as visitors from device_rows r group by r.device
      ) d
    )
  ) into result;
  return result;
end;
$$;
revoke all on function public.audience_figures(integer) from public, anon, authenticated, service_role;
grant execute on function public.audience_figures(integer) to authenticated, service_role;
