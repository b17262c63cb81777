-- The audience card's conversion is the share of visitors who signed up, never over 100 % (issue 36).
--
-- It was sign-ups over visitors, so one visitor who joined the waitlist and the newsletter read
-- "1 visitors, 2 sign-ups (200.0%)". Each rolled-up day and source now also counts its visitors with
-- at least one sign-up (`converted`), roll_up_audience stores it and audience_figures returns it in
-- its totals, sources and campaigns.
--
-- Days rolled up before this have no such count; at most min(sign-ups, visitors) of their visitors
-- signed up, and that bound is what they are given, so their conversion stays within 100 %.

alter table "private"."audience_days" add column if not exists "converted" integer not null default 0;

alter table "private"."audience_source_days" add column if not exists "converted" integer not null default 0;

update private.audience_days set converted = least(signups, visitors) where converted = 0 and signups > 0;
update private.audience_source_days set converted = least(signups, visitors) where converted = 0 and signups > 0;

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.audience_figures(days integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION public.roll_up_audience(retention_days integer DEFAULT 730, sources_per_day integer DEFAULT 100, pages_per_day integer DEFAULT 200)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;
