import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ProjectUsage } from '@plinth/contracts-billing';
import type { ProjectLogEntry, ProjectLogPage } from '@plinth/contracts-logs';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { appClient, listen, projectKeys, randomEmail, type ProjectKeys } from '@plinth/project-services/testing';
import { ensureStorageSchema } from '@plinth/project-services/testing';
import { toLogEntry } from './entries';
import type { LogDatabase } from './log-database';
import { dayOf } from './partitions';

// Every call an app makes with the unmodified supabase-js client leaves a trace in the project's
// log (auth events, storage operations, data API errors, no credential) and moves its usage; the
// log never fails or holds a request; retention drops whole days and reads stop at the plan's.

let h: TestHarness;
let base: string;
let keys: ProjectKeys;
let owner: TestUser;
let orgId: number;
const PASSWORD = 'log-store password 1';
const DAY_MS = 24 * 3600 * 1000;

beforeAll(async () => {
  h = await createTestHarness();
  const { user, project } = await h.userWithProject();
  owner = user;
  keys = await projectKeys(h, project.ref);
  orgId = (await h.internals.control.query<{ organization_id: number }>('select organization_id from projects where ref = $1', [project.ref])).rows[0]!.organization_id;
  const db = await ensureStorageSchema(await h.internals.databases.get(project.ref));
  await db.exec(`
    create table todos (id serial primary key, title text not null, owner uuid not null default auth.uid());
    alter table todos enable row level security;
    create policy own_todos on todos for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid());`, { user: true });
  base = await listen(h);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

async function logs(query = '', user = owner): Promise<ProjectLogPage> {
  await h.app.logStore.flush();
  const res = await user.fetch(`/api/platform/projects/${keys.ref}/logs${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ProjectLogPage;
}
const client = (key = keys.anonKey): SupabaseClient => appClient(base, keys.ref, key);
const rawRows = async () => (await h.internals.control.query<{ row: string }>('select row_to_json(l)::text as row from project_api_logs l where project_ref = $1', [keys.ref])).rows.map((r) => r.row);

describe('the request log', () => {
  let tokens: string[] = [];

  it('holds every call with its service, path, status, role, user, auth event, storage operation and database error', async () => {
    const app = client();
    const email = randomEmail('logs');
    const signUp = await app.auth.signUp({ email, password: PASSWORD });
    expect(signUp.error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'not the password' })).error?.status).toBe(400);
    const signIn = await app.auth.signInWithPassword({ email, password: PASSWORD });
    const userId = signIn.data.user!.id;
    expect((await app.from('todos').insert({ title: 'write logs' })).error).toBeNull();
    expect((await app.from('todos').select('id, title')).data).toHaveLength(1);
    expect((await app.from('no_such_table').select()).error?.code).toBe('PGRST205');
    expect((await app.from('todos').select('nope')).error?.code).toBe('42703');
    const refreshed = await app.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    tokens = [signUp.data.session!.access_token, signIn.data.session!.access_token, signIn.data.session!.refresh_token, refreshed.data.session!.access_token, keys.anonKey, keys.serviceRoleKey];
    expect((await app.auth.signOut()).error).toBeNull();
    const storage = client(keys.serviceRoleKey).storage;
    expect((await storage.createBucket('docs', { public: false })).error).toBeNull();
    expect((await storage.from('docs').upload('reports/may.txt', 'hello')).error).toBeNull();
    expect(await (await storage.from('docs').download('reports/may.txt')).data?.text()).toBe('hello');
    expect((await storage.from('docs').move('reports/may.txt', 'reports/june.txt')).error).toBeNull();
    expect((await storage.from('docs').remove(['reports/june.txt'])).error).toBeNull();

    await h.app.logStore.flush();
    const { entries, retention_days } = await owner.api.logs.listProjectLogs(keys.ref, { limit: 1000 });
    expect(retention_days).toBe(1);
    const find = (pred: (e: ProjectLogEntry) => boolean) => entries.find(pred);
    expect(find((e) => e.event === 'user_signedup')).toMatchObject({ service: 'auth', method: 'POST', path: '/signup', status: 200 });
    expect(find((e) => e.event === 'login_failed')).toMatchObject({ service: 'auth', path: '/token', status: 400, search: 'grant_type=password' });
    expect(find((e) => e.event === 'login')).toMatchObject({ service: 'auth', path: '/token', status: 200, user_id: userId });
    expect(find((e) => e.event === 'token_refreshed')).toMatchObject({ status: 200, user_id: userId });
    expect(find((e) => e.event === 'logout')).toMatchObject({ path: '/logout', status: 204, user_id: userId });
    const insert = find((e) => e.service === 'rest' && e.method === 'POST');
    expect(insert).toMatchObject({ path: '/todos', status: 201, role: 'authenticated', user_id: userId, error: null });
    const read = find((e) => e.service === 'rest' && e.method === 'GET' && e.status === 200)!;
    expect(read).toMatchObject({ path: '/todos', search: 'select=id%2Ctitle', role: 'authenticated' });
    expect(read.bytes_out).toBeGreaterThan(0);
    expect(read.latency_ms).toBeGreaterThan(0);
    expect(find((e) => e.path === '/no_such_table')).toMatchObject({ status: 404, error: { code: 'PGRST205' } });
    expect(find((e) => e.error?.code === '42703')).toMatchObject({ path: '/todos', status: 400 });
    expect(find((e) => e.storage?.operation === 'upload')).toMatchObject({ service: 'storage', role: 'service_role', storage: { bucket_id: 'docs', object_name: 'reports/may.txt' } });
    expect(find((e) => e.storage?.operation === 'download')).toMatchObject({ status: 200, bytes_out: 5, storage: { object_name: 'reports/may.txt' } });
    expect(find((e) => e.storage?.operation === 'move')).toMatchObject({ storage: { bucket_id: 'docs', object_name: 'reports/may.txt, reports/june.txt' } });
    expect(find((e) => e.storage?.operation === 'remove')).toMatchObject({ storage: { bucket_id: 'docs', object_name: 'reports/june.txt' } });
    // Newest first.
    const times = entries.map((e) => Date.parse(e.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('keeps no token, API key or password in any row', async () => {
    await h.app.logStore.flush();
    // Credentials in a query string (an apikey parameter, a verification token) are stripped too.
    await fetch(`${base}/${keys.ref}/rest/v1/todos?apikey=${keys.anonKey}&select=id`, { headers: { apikey: keys.anonKey } });
    await fetch(`${base}/${keys.ref}/auth/v1/verify?token=secret-link-token&type=signup&redirect_to=http://localhost:3000`, { redirect: 'manual' });
    await h.app.logStore.flush();
    const rows = await rawRows();
    expect(rows.length).toBeGreaterThan(10);
    for (const secret of [...tokens, PASSWORD, 'secret-link-token']) expect(rows.filter((r) => r.includes(secret))).toEqual([]);
    expect(rows.some((r) => r.includes('apikey=[redacted]&select=id'))).toBe(true);
  });

  it('filters by service, status and text, and pages with a cursor', async () => {
    expect((await logs('?service=auth&limit=1000')).entries.every((e) => e.service === 'auth')).toBe(true);
    const errors = (await logs('?status=4xx&limit=1000')).entries;
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((e) => e.status >= 400 && e.status < 500)).toBe(true);
    expect((await logs('?search=june')).entries.map((e) => e.storage?.operation).sort()).toEqual(['move', 'remove']);

    const all = (await logs('?limit=1000')).entries.map((e) => e.id);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ProjectLogPage = await logs(`?limit=3${cursor ? `&before=${cursor}` : ''}`);
      expect(page.entries.length).toBeLessThanOrEqual(3);
      paged.push(...page.entries.map((e) => e.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(paged).toEqual(all);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    const cases = [
      ['?limit=5000', 'limit'], ['?limit=0', 'limit'], ['?status=teapot', 'status'], ['?iso_timestamp_start=yesterday', 'iso_timestamp_start'], ['?before=abc', 'before'],
      ['?before=9999999999999999.1', 'before'], ['?service=realtime', 'service'],
    ];
    for (const [query, field] of cases) {
      const res = await owner.fetch(`/api/platform/projects/${keys.ref}/logs${query}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ field });
    }
    // Times Postgres would refuse are bounded, never a 500.
    for (const query of ['?iso_timestamp_end=0000-01-01T00:00:00Z', '?iso_timestamp_start=0000-01-01T00:00:00Z', '?iso_timestamp_end=9999-12-31T00:00:00Z', '?iso_timestamp_start=1970-01-01T00:00:00%2B14:00']) {
      expect((await owner.fetch(`/api/platform/projects/${keys.ref}/logs${query}`)).status).toBe(200);
    }
  });

  it('keeps no row for a ref no project has (a later project of that ref starts with an empty log)', async () => {
    const nobody = 'abcdefghijklmnopqrst';
    const res = await fetch(`${base}/${nobody}/rest/v1/todos`, { headers: { apikey: keys.anonKey } });
    expect(res.status).toBe(404);
    await h.app.logStore.flush();
    const rows = await h.internals.control.query<{ n: number }>('select count(*)::int as n from project_api_logs where project_ref = $1', [nobody]);
    const counts = await h.internals.control.query<{ n: number }>('select count(*)::int as n from project_usage_daily where project_ref = $1', [nobody]);
    expect([rows.rows[0]!.n, counts.rows[0]!.n]).toEqual([0, 0]);
  });

  it("is out of reach of another tenant and of visitors", async () => {
    const other = await h.userWithProject();
    const res = await other.user.fetch(`/api/platform/projects/${keys.ref}/logs`);
    expect(res.status).toBe(404);
    expect(JSON.stringify(await res.json())).not.toContain('/todos');
    const theirs = await other.user.fetch(`/api/platform/projects/${other.project.ref}/logs`);
    expect(((await theirs.json()) as ProjectLogPage).entries).toEqual([]);
    const anonymous = await h.anonymous();
    expect((await anonymous.fetch(`/api/platform/projects/${keys.ref}/logs`)).status).toBe(401);
  });
});

describe('a log database that fails or stalls', () => {
  it('neither fails nor holds a request; its rows are dropped and counted', async () => {
    const store = h.app.logStore;
    const real = store.db;
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      let release!: () => void;
      const stalled = new Promise<never>((_, reject) => (release = () => reject(new Error('log database gone'))));
      store.db = { query: () => stalled, transaction: () => stalled, close: async () => undefined } satisfies LogDatabase;
      store.writer.push(toLogEntry({ ref: keys.ref, service: 'rest', method: 'GET', path: '/queued', status: 200, latencyMs: 1, role: 'anon', userId: null }));
      const flushing = store.flush();
      // The write is stalled, yet requests are answered.
      const res = await fetch(`${base}/${keys.ref}/rest/v1/todos?select=id`, { headers: { apikey: keys.anonKey } });
      expect(res.status).toBe(200);
      expect(store.writer.queued).toBeGreaterThan(0);
      const dropped = store.writer.dropped;
      release();
      await flushing;
      expect(store.writer.dropped).toBeGreaterThan(dropped);

      store.db = { query: async () => Promise.reject(new Error('log database down')), transaction: async () => Promise.reject(new Error('log database down')), close: async () => undefined };
      const again = await fetch(`${base}/${keys.ref}/rest/v1/todos?select=id`, { headers: { apikey: keys.anonKey } });
      expect(again.status).toBe(200);
      await expect(store.flush()).resolves.toBeUndefined();
      // The usage page still answers, with the sizes and without the app counts it cannot read.
      const usage = await owner.api.usage.getProjectUsage(keys.ref);
      expect(usage.db_size.usage).toBeGreaterThan(0);
      expect(usage.api_requests).toBeUndefined();
    } finally {
      store.db = real;
      console.warn = warn;
    }
    // Once the database is back, calls are logged again.
    await fetch(`${base}/${keys.ref}/rest/v1/todos?select=id,title`, { headers: { apikey: keys.anonKey } });
    expect((await logs('?search=id%2Ctitle&service=rest')).entries.some((e) => e.role === 'anon')).toBe(true);
  });
});

describe('retention', () => {
  it("drops whole days past the longest retention and answers only the plan's days", async () => {
    const store = h.app.logStore;
    const now = Date.now();
    const entry = (path: string, at: number) => toLogEntry({ ref: keys.ref, service: 'rest', method: 'GET', path, status: 200, latencyMs: 1, role: 'anon', userId: null }, at);
    store.writer.push(entry('/hundred-days-ago', now - 100 * DAY_MS));
    store.writer.push(entry('/two-days-ago', now - 2 * DAY_MS));
    await store.flush();
    expect(await store.partitions.days()).toContain(dayOf(now - 100 * DAY_MS));

    expect(await store.applyRetention(now)).toEqual([dayOf(now - 100 * DAY_MS)]);
    expect(await store.partitions.days()).not.toContain(dayOf(now - 100 * DAY_MS));
    expect(await store.partitions.days()).toContain(dayOf(now + 2 * DAY_MS));
    const raw = await rawRows();
    expect(raw.some((r) => r.includes('/hundred-days-ago'))).toBe(false);
    expect(raw.some((r) => r.includes('/two-days-ago'))).toBe(true);

    // Free: one day, though the row still lives in its partition.
    expect((await logs('?search=days-ago')).entries).toEqual([]);
    await h.internals.control.query("update organizations set plan = 'pro' where id = $1", [orgId]);
    try {
      const pro = await logs('?search=days-ago');
      expect(pro.retention_days).toBe(7);
      expect(pro.entries.map((e) => e.path)).toEqual(['/two-days-ago']);
      const window = (start: number, end: number) => `&iso_timestamp_start=${new Date(start).toISOString()}&iso_timestamp_end=${new Date(end).toISOString()}`;
      expect((await logs(`?search=days-ago${window(now - DAY_MS, now)}`)).entries).toEqual([]);
      expect((await logs(`?search=days-ago${window(now - 3 * DAY_MS, now - DAY_MS)}`)).entries.map((e) => e.path)).toEqual(['/two-days-ago']);
    } finally {
      await h.internals.control.query("update organizations set plan = 'free' where id = $1", [orgId]);
    }
  });
});

describe('usage', () => {
  it('counts calls by service, egress and monthly active users', async () => {
    const usage = async (): Promise<ProjectUsage> => owner.api.usage.getProjectUsage(keys.ref);
    const before = await usage();
    const email = randomEmail('usage');
    const app = client();
    expect((await app.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    for (let i = 0; i < 3; i++) expect((await app.from('todos').select('id')).error).toBeNull();
    const again = client();
    expect((await again.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const after = await usage();
    expect(after.api_requests!.rest - before.api_requests!.rest).toBe(3);
    expect(after.api_requests!.auth - before.api_requests!.auth).toBe(2);
    expect(after.api_requests!.total - before.api_requests!.total).toBe(5);
    // One new user, however many times they call.
    expect(after.monthly_active_users!.usage - before.monthly_active_users!.usage).toBe(1);
    expect(after.monthly_active_users!.limit).toBe(50_000);
    expect(after.db_egress.usage).toBeGreaterThan(before.db_egress.usage);

    const orgSlug = (await h.internals.control.query<{ slug: string }>('select slug from organizations where id = $1', [orgId])).rows[0]!.slug;
    const org = await owner.api.usage.getOrganizationUsage(orgSlug);
    expect(org.api_requests!.total).toBe(after.api_requests!.total);
    expect(org.monthly_active_users!.usage).toBe(after.monthly_active_users!.usage);
  });
});

describe('closing the server', () => {
  it('writes the rows still queued', async () => {
    const other = await createTestHarness();
    const { project } = await other.userWithProject();
    const store = other.app.logStore;
    const real = store.db;
    const written: unknown[] = [];
    const seen = (sql: string, params?: unknown[]) => {
      if (sql.includes('insert into project_api_logs (')) written.push(...(params![4] as unknown[]));
    };
    store.db = {
      query: (sql, params) => {
        seen(sql, params);
        return real.query(sql, params);
      },
      // Calls are written with their hourly counts in one transaction.
      transaction: (fn) =>
        real.transaction((tx) =>
          fn({
            ...tx,
            query: (sql: string, params?: unknown[]) => {
              seen(sql, params);
              return tx.query(sql, params);
            },
          } as typeof tx),
        ),
      close: () => real.close(),
    };
    store.record({ ref: project.ref, service: 'rest', method: 'GET', path: '/queued-at-close', status: 200, latencyMs: 1, role: 'anon', userId: null });
    await other.close();
    expect(written).toContain('/queued-at-close');
  });
});
