-- The dashboard's growth figures (supabase/schemas/14_waitlist.sql): growth_figures(days) answers the
-- waitlist's sign-ups per day, direct and referred, the confirmation rate's counts over the period and
-- the top referrers by credited referrals, with addresses for administrators only (editors get each
-- referrer's place and count).
--
-- Pending members are deleted 7 days after their last link, so counting the line would forget every
-- sign-up never confirmed. private.waitlist_signups keeps one row per sign-up, without its address,
-- made when the member is made and marked when they confirm; the members already on the line are
-- copied into it at the end.

create table if not exists "private"."waitlist_signups" (
    "member_id" uuid not null,
    "signed_up_at" timestamp with time zone not null,
    "referred" boolean not null,
    "confirmed_at" timestamp with time zone
      );

create UNIQUE index if not exists waitlist_signups_pkey ON private.waitlist_signups USING btree (member_id);

create index if not exists waitlist_signups_signed_up_at_idx ON private.waitlist_signups USING btree (signed_up_at);

do $$
begin
  if not exists (select 1 from pg_constraint where conrelid = '"private"."waitlist_signups"'::regclass and conname = 'waitlist_signups_pkey') then
    alter table "private"."waitlist_signups" add constraint "waitlist_signups_pkey" PRIMARY KEY using index "waitlist_signups_pkey";
  end if;
end
$$;

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.growth_figures(days integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  today date := (now() at time zone 'UTC')::date;
  first_day date;
  addresses boolean;
  result jsonb;
begin
  perform public.require_admin('read the waitlist');
  if days is null or days < 1 or days > 366 then
    raise exception 'days must be between 1 and 366' using errcode = '22023';
  end if;
  first_day := today - (days - 1);
  addresses := public.is_administrator();
  with period as (
    select (s.signed_up_at at time zone 'UTC')::date as on_day, s.referred, s.confirmed_at is not null as confirmed
      from private.waitlist_signups s
     where s.signed_up_at >= first_day::timestamp at time zone 'UTC'
  ), top as (
    select m.email, m.credits, m.score, m.seq
      from public.waitlist_members m
     where m.status = 'confirmed' and m.credit_voided_at is null and m.credits > 0
     order by m.credits desc, m.score, m.seq desc
     limit 10
  )
  select jsonb_build_object(
    'days', (
      select jsonb_agg(jsonb_build_object('day', d::date, 'direct', coalesce(c.direct, 0), 'referred', coalesce(c.referred, 0)) order by d)
        from generate_series(first_day::timestamp, today::timestamp, interval '1 day') d
        left join (
          select p.on_day, count(*) filter (where not p.referred) as direct, count(*) filter (where p.referred) as referred
            from period p group by p.on_day
        ) c on c.on_day = d::date
    ),
    'totals', (
      select jsonb_build_object(
               'signed_up', count(*),
               'direct', count(*) filter (where not p.referred),
               'referred', count(*) filter (where p.referred),
               'confirmed', count(*) filter (where p.confirmed))
        from period p
    ),
    'top_referrers', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'place', 1 + (select count(*) from public.waitlist_members o where o.status = 'confirmed' and o.score < t.score)
                          + (select count(*) from public.waitlist_members o where o.status = 'confirmed' and o.score = t.score and o.seq > t.seq),
               'referrals', t.credits,
               'email', case when addresses then t.email end) order by t.credits desc, t.score, t.seq desc), '[]')
        from top t
    )
  ) into result;
  return result;
end;
$function$
;

CREATE OR REPLACE FUNCTION public.waitlist_members_record_signup()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    insert into private.waitlist_signups (member_id, signed_up_at, referred)
      values (new.id, new.created_at, new.referred_by is not null);
  else
    update private.waitlist_signups s set confirmed_at = new.confirmed_at where s.member_id = new.id;
  end if;
  return null;
end;
$function$
;

drop trigger if exists record_confirmation on public.waitlist_members;

CREATE TRIGGER record_confirmation AFTER UPDATE OF status ON public.waitlist_members FOR EACH ROW WHEN (((old.status = 'pending'::text) AND (new.status = 'confirmed'::text))) EXECUTE FUNCTION waitlist_members_record_signup();

drop trigger if exists record_signup on public.waitlist_members;

CREATE TRIGGER record_signup AFTER INSERT ON public.waitlist_members FOR EACH ROW EXECUTE FUNCTION waitlist_members_record_signup();

revoke all on function public.waitlist_members_record_signup() from public, anon, authenticated, service_role;

grant execute on function public.waitlist_members_record_signup() to service_role;

revoke all on function public.growth_figures(integer) from public, anon, authenticated, service_role;

grant execute on function public.growth_figures(integer) to authenticated, service_role;

insert into private.waitlist_signups (member_id, signed_up_at, referred, confirmed_at)
select m.id, m.created_at, m.referred_by is not null, m.confirmed_at from public.waitlist_members m
on conflict (member_id) do nothing;
