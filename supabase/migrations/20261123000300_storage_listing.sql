-- Storage: listing the `assets` bucket and reading its objects' rows (names, sizes, dates) is for
-- administrators only, as the media library table is. Visitors still load published files by their
-- public URL: a public bucket's files are served without reading rows as the visitor.

drop policy if exists "Anyone reads assets" on storage.objects;

drop policy if exists "Admins read assets" on storage.objects;
create policy "Admins read assets" on storage.objects
  for select to authenticated
  using (bucket_id = 'assets' and (select public.is_admin()));
