-- FAQ entries: the Contact page's questions, edited in the back office (Content > FAQ). Visitors read
-- the published ones in `order`; while none is published the site shows its built-in list.
-- Written by following docs/adding-a-content-type.md. Re-runnable.

create table if not exists public.faq_entries (
  id uuid primary key default gen_random_uuid(),
  question text not null
    constraint faq_entries_question_not_blank check (question ~ '\S')
    constraint faq_entries_question_length check (char_length(question) <= 300),
  answer text not null
    constraint faq_entries_answer_not_blank check (answer ~ '\S')
    constraint faq_entries_answer_length check (char_length(answer) <= 5000),
  "order" integer not null default 0 constraint faq_entries_order_check check ("order" >= 0),
  published boolean not null default false,
  created_at timestamptz not null default now()
);
create index if not exists faq_entries_order_idx on public.faq_entries ("order", id);

-- Visitors read published rows; admins read and write every row.
alter table public.faq_entries enable row level security;
revoke truncate, references, trigger on public.faq_entries from anon, authenticated;
revoke insert, update, delete on public.faq_entries from anon;

drop policy if exists "Read published rows, admins read all" on public.faq_entries;
create policy "Read published rows, admins read all" on public.faq_entries
  for select to anon, authenticated using (published or (select public.is_admin()));
drop policy if exists "Admins insert" on public.faq_entries;
create policy "Admins insert" on public.faq_entries
  for insert to authenticated with check ((select public.is_admin()));
drop policy if exists "Admins update" on public.faq_entries;
create policy "Admins update" on public.faq_entries
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
drop policy if exists "Admins delete" on public.faq_entries;
create policy "Admins delete" on public.faq_entries
  for delete to authenticated using ((select public.is_admin()));

-- The Contact page shows published entries: every change moves the live site's content version.
select public.track_content_changes('public.faq_entries');
