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
-- Supabase's auth server keeps every user under one instance (the nil UUID); seeds set it.
alter table auth.users add column if not exists instance_id uuid;
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

/**
 * Hosted Storage refuses a `delete` on its tables unless the Storage API itself asks for it
 * (`storage.allow_delete_query`, set in its own transactions): rows deleted by SQL would leave their
 * files behind. The same trigger, so code that deletes directly fails here as it would there.
 */
const STORAGE_PROTECTION_SQL = `
create or replace function storage.protect_delete() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;
drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects for each statement execute function storage.protect_delete();
`;


/**
 * GoTrue's multi-factor tables as a hosted project has them (its migrations create them in \`auth\`);
 * lite has none, and the gateway's MFA API (\`auth/\`) and our policies read them.
 */
const AUTH_MFA_SQL = `
do $$
begin
  if not exists (select from pg_type where typname = 'factor_type' and typnamespace = 'auth'::regnamespace) then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if not exists (select from pg_type where typname = 'factor_status' and typnamespace = 'auth'::regnamespace) then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
end
$$;
create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz unique,
  web_authn_credential jsonb,
  web_authn_aaguid uuid
);
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);
create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid primary key,
  unique (session_id, authentication_method)
);
`;

/**
 * Not a hosted table: the links this backend's mails carry (auth/email-links.ts). A link's token is
 * random and kept only as its SHA-256; the row names the verification token (the value of a token
 * column of auth.users) that the link stands for, which lite's verification then checks and claims.
 * A 6-digit code hashes to that column value, never to the link's token.
 */
const LOCAL_AUTH_SQL = `
create table if not exists auth.email_links (
  token_hash text primary key,
  verification_token text not null,
  type text not null,
  created_at timestamptz not null default now()
);
create index if not exists email_links_created_at_idx on auth.email_links (created_at);
`;

export const BOOTSTRAP_SQL = [
  ROLES_SQL,
  getAuthSchemaSql(),
  AUTH_MFA_SQL,
  LOCAL_AUTH_SQL,
  SUPABASE_AUTH_HELPERS_SQL,
  getStorageSchemaSql(),
  STORAGE_PROTECTION_SQL,
  GRANTS_SQL,
].join("\n");

/**
 * A PostgreSQL server's part that needs a superuser, as Supabase's own images do it: the request
 * roles (`service_role` bypasses RLS, which only a superuser may grant) and `authenticator`, the
 * login role PostgREST connects as and switches from.
 */
export const POSTGRES_ROLES_SQL = `
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
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
end
$$;
grant anon, authenticated, service_role to authenticator;
`;

/**
 * The rest of the starting point, created by the database's owner, the role migrations then run as
 * (as \`supabase db push\` runs them as \`postgres\`, which is no superuser on a hosted project): the
 * auth tables lite's auth server uses, Supabase's \`auth.uid()\`, \`auth.role()\` and \`auth.jwt()\`
 * (reading \`request.jwt.claims\`, as PostgREST sets it), the storage tables and helpers our policies
 * and Storage use, and Supabase's default privileges in \`public\`.
 */
export const POSTGRES_OWNER_SQL = [
  `grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;`,
  getAuthSchemaSql(),
  AUTH_MFA_SQL,
  LOCAL_AUTH_SQL,
  `
create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create schema if not exists storage;
create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  public boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  metadata jsonb,
  user_metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  unique (bucket_id, name)
);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

create or replace function storage.foldername(name text) returns text[] language plpgsql immutable as $$
declare
  parts text[];
begin
  select string_to_array(name, '/') into parts;
  return parts[1:array_length(parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text language plpgsql immutable as $$
declare
  parts text[];
begin
  select string_to_array(name, '/') into parts;
  return parts[array_length(parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text language plpgsql immutable as $$
declare
  parts text[];
begin
  select string_to_array(name, '/') into parts;
  return reverse(split_part(reverse(parts[array_length(parts, 1)]), '.', 1));
end
$$;
`,
  STORAGE_PROTECTION_SQL,
  GRANTS_SQL,
].join("\n");
