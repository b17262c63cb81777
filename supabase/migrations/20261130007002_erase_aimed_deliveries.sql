-- Erasing a person (person_erase) deletes and counts their deliveries of mails aimed at a segment and
-- the unsubscribe token those carried, which the person's deletion took with it uncounted.

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.person_erase(person_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;
