-- Storage: the public `assets` bucket for the media library (images and videos, at most 250 MB a
-- file), readable by everyone, written by admins only.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('assets', 'assets', true, 262144000, '{image/*,video/*}')
on conflict (id) do nothing;

drop policy if exists "Anyone reads assets" on storage.objects;
create policy "Anyone reads assets" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'assets');

drop policy if exists "Admins upload assets" on storage.objects;
create policy "Admins upload assets" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'assets' and (select public.is_admin()));

drop policy if exists "Admins update assets" on storage.objects;
create policy "Admins update assets" on storage.objects
  for update to authenticated
  using (bucket_id = 'assets' and (select public.is_admin()))
  with check (bucket_id = 'assets' and (select public.is_admin()));

drop policy if exists "Admins delete assets" on storage.objects;
create policy "Admins delete assets" on storage.objects
  for delete to authenticated
  using (bucket_id = 'assets' and (select public.is_admin()));
