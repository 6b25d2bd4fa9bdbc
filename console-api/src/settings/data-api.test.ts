import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataApiSettings } from '@plinth/contracts-settings';
import type { MemberRole } from '@plinth/shared-contracts';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';

// Project Settings → API, the data API's settings, on both databases: the exposed schemas, the
// extra search path and the row cap saved here are what an app's next request is answered with.

let s: ProjectTestServer;
let anon: string;
const url = () => `/api/platform/projects/${s.ref}/settings/api`;
async function call<T>(role: MemberRole, method: 'GET' | 'PATCH', body?: unknown): Promise<{ status: number; body: T }> {
  const res = await s.app.inject({ method, url: url(), headers: await s.as(role), ...(body !== undefined ? { payload: body as object } : {}) });
  return { status: res.statusCode, body: res.json() as T };
}
/** An app's call of the data API with the anon key. */
const app = (method: 'GET' | 'POST', path: string, headers: Record<string, string> = {}, payload?: object) =>
  s.harness.services.inject({ method, url: `/${s.ref}/rest/v1/${path}`, headers: { apikey: anon, authorization: `Bearer ${anon}`, ...headers }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  s = await startProjectServer({ plan: 'pro' });
  anon = (await s.deps.control.query<{ anon_key: string }>('select anon_key from projects where ref = $1', [s.ref])).rows[0]!.anon_key;
  const db = await s.harness.internals.databases.get(s.ref);
  await db.exec(
    `create schema api; create schema extras;
     create table api.items (id int primary key); insert into api.items select generate_series(1, 5);
     create function extras.greet() returns text language sql as $$ select 'hello from extras' $$;
     create function api.hello() returns text language plpgsql as $$ begin return greet(); end $$;
     grant usage on schema api, extras to anon; grant select on api.items to anon; grant execute on all functions in schema api, extras to anon;`,
    { user: true },
  );
}, 300_000);
afterAll(async () => s?.close());

describe('data API settings', () => {
  it('reads the defaults; only a member who may change the project saves', async () => {
    expect((await call<DataApiSettings>('Read-only', 'GET')).body).toEqual({ db_schema: 'public', db_extra_search_path: 'public', max_rows: 1000, db_aggregates_enabled: false, db_tx_end: 'commit', db_plan_enabled: false });
    expect((await call('Developer', 'PATCH', { db_schema: 'public', db_extra_search_path: '', max_rows: 10 })).status).toBe(403);
  });

  it('applies the exposed schemas, the extra search path and the row cap to the next request of an app', async () => {
    expect((await app('GET', 'items', { 'accept-profile': 'api' })).statusCode).toBe(406);
    const saved = await call<DataApiSettings>('Owner', 'PATCH', { db_schema: 'public, api', db_extra_search_path: 'public, extras', max_rows: 2 });
    expect(saved).toEqual({ status: 200, body: { db_schema: 'public, api', db_extra_search_path: 'public, extras', max_rows: 2, db_aggregates_enabled: false, db_tx_end: 'commit', db_plan_enabled: false } });
    const items = await app('GET', 'items?select=id&order=id', { 'accept-profile': 'api' });
    expect(items.statusCode).toBe(200);
    expect(items.json()).toEqual([{ id: 1 }, { id: 2 }]);
    // api.hello() calls greet() unqualified: found through the extra search path.
    const hello = await app('POST', 'rpc/hello', { 'content-profile': 'api', 'content-type': 'application/json' }, {});
    expect(hello.json(), hello.body).toBe('hello from extras');
    await call('Owner', 'PATCH', { db_schema: 'public, api', db_extra_search_path: 'public', max_rows: null });
    expect((await app('GET', 'items?select=id', { 'accept-profile': 'api' })).json()).toHaveLength(5);
    expect((await app('POST', 'rpc/hello', { 'content-profile': 'api', 'content-type': 'application/json' }, {})).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('turns aggregate functions in select on and off (off by default, PGRST123), kept when a save leaves it out', async () => {
    const sum = () => app('GET', 'items?select=id.sum()', { 'accept-profile': 'api' });
    await call('Owner', 'PATCH', { db_schema: 'public, api', db_extra_search_path: 'public', max_rows: null });
    expect((await sum()).json()).toMatchObject({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed' });
    expect((await call('Developer', 'PATCH', { db_schema: 'public, api', db_extra_search_path: 'public', max_rows: null, db_aggregates_enabled: true })).status).toBe(403);
    const on = await call<DataApiSettings>('Owner', 'PATCH', { db_schema: 'public, api', db_extra_search_path: 'public', max_rows: null, db_aggregates_enabled: true });
    expect(on.body.db_aggregates_enabled).toBe(true);
    expect((await sum()).json()).toEqual([{ sum: 15 }]);
    await call('Owner', 'PATCH', { db_schema: 'public, api', db_extra_search_path: 'public', max_rows: null });
    expect((await call<{ db_aggregates_enabled: boolean }>('Read-only', 'GET')).body.db_aggregates_enabled).toBe(true);
    await call('Owner', 'PATCH', { db_schema: 'public, api', db_extra_search_path: 'public', max_rows: null, db_aggregates_enabled: false });
    expect((await sum()).statusCode).toBe(400);
  });

  it('saves the transaction end and the plans switch, which the next app request follows', async () => {
    const plan = () => app('GET', 'items?select=id', { accept: 'application/vnd.pgrst.plan+json', 'accept-profile': 'api' });
    expect((await plan()).statusCode).toBe(406);
    const saved = await call<DataApiSettings>('Owner', 'PATCH', { db_schema: 'public, api', db_extra_search_path: 'public', max_rows: null, db_tx_end: 'rollback-allow-override', db_plan_enabled: true });
    expect(saved.body).toMatchObject({ db_tx_end: 'rollback-allow-override', db_plan_enabled: true, db_aggregates_enabled: false });
    expect((await plan()).statusCode).toBe(200);
    // Left out, the switches are kept.
    const kept = await call<DataApiSettings>('Owner', 'PATCH', { db_schema: 'public, api', db_extra_search_path: 'public', max_rows: null });
    expect(kept.body).toMatchObject({ db_tx_end: 'rollback-allow-override', db_plan_enabled: true });
    const bad = await call<{ message: string }>('Owner', 'PATCH', { db_schema: 'public', db_extra_search_path: '', max_rows: null, db_tx_end: 'sometimes' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('db_tx_end must be one of commit, commit-allow-override, rollback, rollback-allow-override');
    await call('Owner', 'PATCH', { db_schema: 'public, api', db_extra_search_path: 'public', max_rows: null, db_tx_end: 'commit', db_plan_enabled: false });
  });

  it('refuses the platform\'s schemas and values out of bounds, naming them', async () => {
    const hidden = await call<{ message: string }>('Owner', 'PATCH', { db_schema: 'public, auth', db_extra_search_path: 'storage', max_rows: 10 });
    expect(hidden.status).toBe(400);
    expect(hidden.body.message).toContain('auth, storage');
    const bad = await call<{ message: string }>('Owner', 'PATCH', { db_schema: 'public', db_extra_search_path: '', max_rows: 0 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('max_rows');
    const none = await call<{ message: string }>('Owner', 'PATCH', { db_schema: ' , ', db_extra_search_path: '', max_rows: 10 });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('db_schema must name at least one schema');
  });
});
