-- A stage is completed exactly when its progress is 100, whoever writes it (the back office, a script,
-- the SQL editor): the tile percentages and the timeline labels then always agree.
--
--   ticking completed          sets progress to 100
--   unticking completed        a stage left at 100 goes back to 95 (one slider step), in progress
--   moving progress to 100     marks it completed; moving it below 100 reopens it
--
-- Re-runnable: the function is replaced, the trigger and the check are dropped and added again.

create or replace function public.project_stages_completion()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.completed is distinct from old.completed then
    if new.completed then
      new.progress := 100;
    elsif new.progress = 100 then
      new.progress := 95;
    end if;
  elsif tg_op = 'UPDATE' and new.progress is distinct from old.progress then
    new.completed := new.progress = 100;
  end if;

  if new.completed then
    new.progress := 100;
  elsif new.progress = 100 then
    new.completed := true;
  end if;
  return new;
end;
$$;
revoke all on function public.project_stages_completion() from public, anon, authenticated;

drop trigger if exists completion on public.project_stages;
create trigger completion before insert or update on public.project_stages
  for each row execute function public.project_stages_completion();

-- Rows written before the trigger existed follow the same rule.
update public.project_stages set progress = 100 where completed and progress <> 100;
update public.project_stages set completed = true where progress = 100 and not completed;

alter table public.project_stages
  drop constraint if exists project_stages_completed_check,
  add constraint project_stages_completed_check check (completed = (progress = 100));
