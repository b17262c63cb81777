-- Storage: the public `assets` bucket for the media library (images and videos, at most 250 MB a
-- file). Its tables (storage.buckets, storage.objects) are Storage's own; what is ours is the bucket
-- and the policies on storage.objects.
--
-- Visitors load published files by their public URL: a public bucket's files are served without
-- reading rows as the visitor. Listing the bucket and reading its objects' rows (names, sizes,
-- dates) is for members only, as the media library table is; members upload, replace and delete.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('assets', 'assets', true, 262144000, '{image/*,video/*}')
on conflict (id) do nothing;

create policy "Admins read assets" on storage.objects
  for select to authenticated
  using (bucket_id = 'assets' and (select public.is_admin()));
create policy "Admins upload assets" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'assets' and (select public.is_admin()));
create policy "Admins update assets" on storage.objects
  for update to authenticated
  using (bucket_id = 'assets' and (select public.is_admin()))
  with check (bucket_id = 'assets' and (select public.is_admin()));
create policy "Admins delete assets" on storage.objects
  for delete to authenticated
  using (bucket_id = 'assets' and (select public.is_admin()));
-- Two-factor sign-in holds for files too (01_team.sql).
create policy "Sessions at the required assurance level" on storage.objects
  as restrictive for all to authenticated
  using ((select public.session_meets_assurance())) with check ((select public.session_meets_assurance()));
