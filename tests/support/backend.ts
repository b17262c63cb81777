import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { inject } from "vitest";
import WebSocket from "ws";
import { seededDataDir } from "./backend-process.ts";
import { databaseFor } from "./postgres.ts";
import { startLocalBackend, type LocalBackend, type LocalBackendOptions } from "../../supabase/local/server.ts";
import type { CapturedMail } from "../../supabase/local/mailbox.ts";
import { PRODUCT_CONFIG } from "../../scripts/local-backend.ts";

export interface TestBackend {
  url: string;
  anonKey: string;
  serviceKey: string;
  dataDir: string;
  backend: LocalBackend;
  /** `fetch`: how the client reaches the backend (e.g. from a loopback address of its own, `fetchFrom`). */
  anon(fetch?: typeof globalThis.fetch): SupabaseClient;
  service(): SupabaseClient;
  signIn(email: string, password: string, fetch?: typeof globalThis.fetch): Promise<SupabaseClient>;
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** `{ row_version: <the row's version plus one> }`: what a client that just read a content row sends with its change. */
  nextVersion(table: string, id: string): Promise<{ row_version: number }>;
  /** The dev mailbox, read with the service-role key, newest first. */
  mails(): Promise<CapturedMail[]>;
  stop(): Promise<void>;
}

export const ADMIN = { email: "admin@example.com", password: "Admin12345" } as const;
export const EDITOR = { email: "editor@example.com", password: "Editor12345" } as const;
export const USER = { email: "user@example.com", password: "User12345" } as const;

/** An RPC's answer through the API as `client`; a refusal or any error fails the call with the function's name. */
export async function rpcResult<T>(client: SupabaseClient, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const { data, error } = await client.rpc(name, args);
  if (error) throw new Error(`${name}: ${error.message}`);
  return data as T;
}

/** supabase-js in Node 20 needs a WebSocket implementation for realtime, even unused. */
export function nodeClient(url: string, key: string, fetch?: typeof globalThis.fetch): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    ...(fetch && { global: { fetch } }),
  });
}

/**
 * A local backend on a free port over a temporary data directory (removed on stop unless the
 * caller passed its own), migrated and seeded like a fresh `npm start`: in the `integration` project
 * a copy of the one its global setup migrated and seeded (tests/integration/pglite-setup.ts). In the `pg` test project
 * (`RCRT_TEST_DATABASE=postgres`) its database is one of its own on the run's PostgreSQL cluster
 * instead of PGlite, kept for the data directory as PGlite's files would be.
 */
export async function startTestBackend(
  options: {
    dataDir?: string;
    siteUrl?: string;
    /** Seeded by its own first start, not copied from the template: a test of the seed itself. */
    fresh?: boolean;
    /** A PostgreSQL database of the caller's to run on, outside the `pg` test project (the bench). */
    databaseUrl?: string;
  } & Pick<LocalBackendOptions, "supabaseDir" | "signInLimit" | "addressSignInLimit" | "bodyLimit" | "authRules" | "logLevel" | "log" | "imageRendering"> = {},
): Promise<TestBackend> {
  const ownsDir = !options.dataDir;
  const onServer = process.env.RCRT_TEST_DATABASE === "postgres";
  // Outside Vitest (the bench) there is no template: the backend migrates and seeds its own.
  const fromTemplate = ownsDir && !(onServer || options.databaseUrl || options.fresh || options.supabaseDir || !process.env.VITEST);
  const dataDir = options.dataDir ?? (fromTemplate ? seededDataDir("rcrt-test-") : mkdtempSync(join(tmpdir(), "rcrt-test-")));
  const server = onServer ? await databaseFor(inject("postgresServerUrl"), dataDir, { empty: Boolean(options.supabaseDir) }) : null;
  const backend = await startLocalBackend({
    product: PRODUCT_CONFIG,
    databaseUrl: server?.url ?? options.databaseUrl,
    port: 0,
    host: "127.0.0.1",
    dataDir,
    supabaseDir: options.supabaseDir,
    siteUrl: options.siteUrl ?? "http://localhost:5173",
    signInLimit: options.signInLimit,
    addressSignInLimit: options.addressSignInLimit,
    bodyLimit: options.bodyLimit,
    authRules: options.authRules,
    logLevel: options.logLevel,
    imageRendering: options.imageRendering,
    log: options.log ?? (() => {}),
  });
  const clients: SupabaseClient[] = [];
  const track = (client: SupabaseClient) => {
    clients.push(client);
    return client;
  };
  return {
    url: backend.url,
    anonKey: backend.anonKey,
    serviceKey: backend.serviceKey,
    dataDir,
    backend,
    anon: (fetch) => track(nodeClient(backend.url, backend.anonKey, fetch)),
    service: () => track(nodeClient(backend.url, backend.serviceKey)),
    async signIn(email, password, fetch) {
      const client = track(nodeClient(backend.url, backend.anonKey, fetch));
      const { error } = await client.auth.signInWithPassword({ email, password });
      if (error) throw new Error(`sign-in as ${email} failed: ${error.message}`);
      return client;
    },
    async sql<T>(query: string, params: unknown[] = []) {
      return (await backend.db.query<T>(query, params)).rows;
    },
    async nextVersion(table, id) {
      const [row] = (await backend.db.query<{ next: number }>(`select row_version + 1 as next from public.${table} where id = $1`, [id])).rows;
      if (!row) throw new Error(`no ${table} row ${id}`);
      return { row_version: row.next };
    },
    async mails() {
      const response = await fetch(`${backend.url}/_dev/mail`, { headers: { apikey: backend.serviceKey } });
      if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
      return (await response.json()) as CapturedMail[];
    },
    async stop() {
      await Promise.all(clients.map((c) => c.removeAllChannels()));
      await backend.stop();
      if (ownsDir) {
        await server?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
