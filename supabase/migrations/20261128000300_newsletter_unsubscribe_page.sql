-- The unsubscribe link's page asks before it unsubscribes (issue 33).
--
-- Mail scanners follow every link of a mail they check. While a GET of the unsubscribe link
-- unsubscribed at once, they unsubscribed readers who had asked for nothing. The link now opens a
-- page whose button POSTs; the mail client's one-click POST (RFC 8058, List-Unsubscribe-Post) still
-- unsubscribes at once through newsletter_unsubscribe. This is what the page reads: the subscription
-- a token names, changing nothing.
--
--   newsletter_subscription(token) -> jsonb  {email, status} of a confirmed or unsubscribed address, or null (service role)

create or replace function public.newsletter_subscription(token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('email', s.email, 'status', s.status)
    from public.newsletter_subscribers s join private.newsletter_tokens t on t.subscriber_id = s.id
   where t.unsubscribe_token = newsletter_subscription.token and s.status in ('confirmed', 'unsubscribed');
$$;
revoke all on function public.newsletter_subscription(text) from public, anon, authenticated;
grant execute on function public.newsletter_subscription(text) to service_role;
