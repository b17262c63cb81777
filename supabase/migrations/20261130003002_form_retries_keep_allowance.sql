-- A form post sent again with its idempotency key after its answer was lost is answered as the first
-- was, even once the sender's allowance is spent: take_form_post takes the post's key, form and
-- email, and a post whose key is stored with that form and email records nothing and returns 0
-- (supabase/schemas/09_form_submissions.sql). The new arguments have defaults, so a web tier that
-- does not send them yet calls it as before: apply this before deploying the web tier that does.

drop function if exists "public"."take_form_post"(address_hash text, max_posts integer, window_seconds integer);

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.take_form_post(address_hash text, max_posts integer, window_seconds integer, retry_key uuid DEFAULT NULL::uuid, retry_kind text DEFAULT NULL::text, retry_email text DEFAULT NULL::text)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  recent integer;
  oldest timestamptz;
begin
  if address_hash is null or max_posts is null or window_seconds is null or max_posts < 1 or window_seconds < 1 then
    raise exception 'take_form_post needs an address and a positive limit and window' using errcode = '22023';
  end if;
  if retry_key is not null and exists (
    select 1 from public.form_submissions s
     where s.idempotency_key = retry_key and s.kind = retry_kind and lower(s.email) = lower(retry_email)
  ) then
    return 0;
  end if;
  -- Two posts from one address at once must not both see room for one more.
  perform pg_advisory_xact_lock(hashtextextended('form_post:' || address_hash, 0));
  delete from private.form_post_events e
    where e.posted_at < now() - make_interval(secs => greatest(window_seconds, 86400));
  select count(*), min(e.posted_at) into recent, oldest
    from private.form_post_events e
    where e.address_hash = take_form_post.address_hash and e.posted_at > now() - make_interval(secs => window_seconds);
  if recent >= max_posts then
    return greatest(1, ceil(extract(epoch from (oldest + make_interval(secs => window_seconds) - clock_timestamp())))::integer);
  end if;
  insert into private.form_post_events (address_hash) values (take_form_post.address_hash);
  return 0;
end;
$function$
;

revoke all on function public.take_form_post(text, integer, integer, uuid, text, text) from public, anon, authenticated, service_role;

grant execute on function public.take_form_post(text, integer, integer, uuid, text, text) to service_role;
