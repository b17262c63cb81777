import { getAuthSchemaSql, getStorageSchemaSql, SUPABASE_AUTH_HELPERS_SQL } from "@supabase/lite";

/**
 * What a hosted Supabase project has before the first migration runs: the request roles, the auth
 * and storage schemas, and the default privileges Supabase grants in `public`. Migrations are written
 * against that starting point, so the local database must begin from the same one.
 */
const ROLES_SQL = `
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
`;

const GRANTS_SQL = `
grant usage on schema auth to anon, authenticated, service_role;
grant execute on all functions in schema auth to anon, authenticated, service_role;
grant usage on schema storage to anon, authenticated, service_role;
grant all on storage.objects, storage.buckets to anon, authenticated, service_role;
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
create table if not exists supabase_migrations.seed_files (
  path text primary key,
  hash text not null
);
`;

export const BOOTSTRAP_SQL = [
  ROLES_SQL,
  getAuthSchemaSql(),
  SUPABASE_AUTH_HELPERS_SQL,
  getStorageSchemaSql(),
  GRANTS_SQL,
].join("\n");
