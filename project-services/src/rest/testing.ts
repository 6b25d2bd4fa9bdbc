import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';
import { signJwt } from '@plinth/platform-core/jwt';
import type { ProjectDatabase } from '@plinth/platform-core/deps';
import { listen, projectKeys, type ProjectKeys } from '../auth/testing';

// The data API tests' project: a harness with one project whose database holds the test's schema
// and rows, served on a real socket, and unmodified supabase-js clients as anon, as users signed
// with the project's secret, and as service_role.

class NoWebSocket {}

export interface RestProject {
  h: TestHarness;
  ref: string;
  /** The project's URL, as an app is given it. */
  base: string;
  keys: ProjectKeys;
  db: ProjectDatabase;
  /** A supabase-js client with this API key, and this user token when given. */
  client: (apiKey: string, token?: string) => SupabaseClient;
  /** A signed-in user's access token (role authenticated), signed with the project's secret. */
  userToken: (sub: string) => Promise<string>;
  /** Clients as anon, as each named user (signed in with its id), and as service_role. */
  callers: <U extends string>(users: Record<U, string>) => Promise<Record<U | 'anon' | 'service', SupabaseClient>>;
}

/** Starts a harness with a project, runs `sql` (the schema, then the rows) in its database and serves it. Close with `project.h.close()`. */
export async function startRestProject(...sql: string[]): Promise<RestProject> {
  const h = await createTestHarness();
  const { project } = await h.userWithProject();
  const keys = await projectKeys(h, project.ref);
  const db = await h.internals.databases.get(project.ref);
  for (const statements of sql) await db.exec(statements);
  const base = `${await listen(h)}/${project.ref}`;
  const client = (apiKey: string, token?: string) =>
    createClient(base, apiKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoWebSocket as unknown as typeof WebSocket },
      ...(token ? { global: { headers: { Authorization: `Bearer ${token}` } } } : {}),
    });
  const userToken = (sub: string) => signJwt({ sub, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 }, keys.jwtSecret);
  const callers = async <U extends string>(users: Record<U, string>) => {
    const signedIn = await Promise.all(Object.entries<string>(users).map(async ([name, id]) => [name, client(keys.anonKey, await userToken(id))] as const));
    return { anon: client(keys.anonKey), service: client(keys.serviceRoleKey), ...Object.fromEntries(signedIn) } as Record<U | 'anon' | 'service', SupabaseClient>;
  };
  return { h, ref: project.ref, base, keys, db, client, userToken, callers };
}
