-- Stored audience figures are bounded whatever arrives (issue 33; docs/analytics.md).
--
-- One client made 1,500 visitors with 1,500 campaigns in 10 seconds, and the roll-up kept 1,500
-- source rows of that day for two years. The web tier now caps what one client adds to a day; here
-- a finished day keeps at most `sources_per_day` sources (referring site and campaign) and
-- `pages_per_day` pages, the busiest by visitors, then views: every other source or page of the day
-- is folded into one row named '(other)', its figures added up, so the totals stay whole. A day
-- rolled up again (events that came late) adds to the rows it has, and its new sources and pages take
-- only the room that is left.
--
--   roll_up_audience(retention_days, sources_per_day, pages_per_day) -> integer days rolled up (service role)

drop function if exists public.roll_up_audience(integer);

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
    insert into private.audience_days as d (day, views, visitors, signups)
    select v.day, sum(v.views), count(*), sum(v.signups) from private.audience_visits(first_open, last_finished) v group by v.day
    on conflict (day) do update set views = d.views + excluded.views, visitors = d.visitors + excluded.visitors, signups = d.signups + excluded.signups;
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
    insert into private.audience_source_days as s (day, referrer_host, utm_source, utm_medium, utm_campaign, visitors, views, signups)
    select k.day,
           case when k.kept then k.referrer_host else folded end,
           case when k.kept then k.utm_source else '' end,
           case when k.kept then k.utm_medium else '' end,
           case when k.kept then k.utm_campaign else '' end,
           sum(k.visitors), sum(k.views), sum(k.signups)
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
                           count(*)::integer as visitors, sum(v.views)::integer as views, sum(v.signups)::integer as signups
                      from private.audience_visits(first_open, last_finished) v group by 1, 2, 3, 4, 5
                  ) g
              ) n
          ) r
      ) k
     group by 1, 2, 3, 4, 5
    on conflict (day, referrer_host, utm_source, utm_medium, utm_campaign)
      do update set visitors = s.visitors + excluded.visitors, views = s.views + excluded.views, signups = s.signups + excluded.signups;

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
revoke all on function public.roll_up_audience(integer, integer, integer) from public, anon, authenticated;
grant execute on function public.roll_up_audience(integer, integer, integer) to service_role;
