-- content_version() tells when scheduled content next becomes visible (`next_change_at`): the time
-- of an unannounced publication. Only the web tier needs it, and it calls with the service role, so
-- visitors and signed-in accounts may no longer call it.
revoke execute on function public.content_version() from public, anon, authenticated;
grant execute on function public.content_version() to service_role;
