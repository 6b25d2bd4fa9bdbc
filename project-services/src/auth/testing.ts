import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { AddressInfo } from 'node:net';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';

// Helpers of the auth service's tests: the server listening on a real socket, and unmodified
// supabase-js clients pointed at a project.

export interface ProjectKeys {
  ref: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
}

/** One project's app API on a real socket, as the auth tests start it. */
export interface AuthApp {
  h: TestHarness;
  /** The project's owner, a console user. */
  owner: TestUser;
  keys: ProjectKeys;
  /** The project services' base address. */
  base: string;
  /** supabase-js with the project's service key. */
  admin: SupabaseClient;
}

/** A harness with one user's project, its keys, and the project services listening. */
export async function startAuthApp(): Promise<AuthApp> {
  const h = await createTestHarness();
  const { user, project } = await h.userWithProject();
  const keys = await projectKeys(h, project.ref);
  const base = await listen(h);
  return { h, owner: user, keys, base, admin: appClient(base, keys.ref, keys.serviceRoleKey) };
}

/** The project services listening on a real socket: their base address (a project's URL is `${base}/${ref}`). */
export async function listen(h: TestHarness): Promise<string> {
  await h.services.listen({ port: 0, host: '127.0.0.1' });
  const port = (h.services.server.address() as AddressInfo).port;
  h.internals.projectUrls.listening(port);
  return `http://127.0.0.1:${port}`;
}

/** The console listening on a real socket: its base address (its API is under /api). */
export async function listenConsole(h: TestHarness): Promise<string> {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
}

export async function projectKeys(h: TestHarness, ref: string): Promise<ProjectKeys> {
  const r = await h.internals.control.query<{ anon_key: string; service_role_key: string; jwt_secret: string }>(
    'select anon_key, service_role_key, jwt_secret from projects where ref = $1',
    [ref],
  );
  const row = r.rows[0]!;
  return { ref, anonKey: row.anon_key, serviceRoleKey: row.service_role_key, jwtSecret: row.jwt_secret };
}

/**
 * Node 20 has no WebSocket, which supabase-js's realtime client asks for when it is created; these
 * tests use no realtime, so it gets a transport that refuses to connect.
 */
class NoRealtime {
  constructor() {
    throw new Error('realtime is not served');
  }
}

export function appClient(base: string, ref: string, key: string, flowType: 'implicit' | 'pkce' = 'implicit'): SupabaseClient {
  return createClient(`${base}/${ref}`, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType },
    realtime: { transport: NoRealtime as never },
  });
}

export const randomEmail = (tag = 'app') => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;

/** The claims of a JWT (not verified: tests read what the server signed). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

// The storage engine's pieces that the console's storage tests check against: the storage schema
// made before anything serves (to leave an upload unfinished as a killed process would), the
// roll-back of unfinished uploads and its period, and how an object's bytes are served.
export { ensureStorageSchema } from '../storage-engine/schema';
export { rollBackUnfinishedUploads, UPLOAD_SWEEP_INTERVAL_MS } from '../storage-engine/uploads';
export { ATTACHMENT_CSP, INLINE_CSP, objectHeaders, servedType, showableInPlace } from '../storage-engine/serving';
