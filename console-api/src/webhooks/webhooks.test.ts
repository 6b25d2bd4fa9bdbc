import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRole } from '@plinth/shared-contracts';
import { WEBHOOK_MAX_ATTEMPTS, type Webhook, type WebhookDeliveryList } from '@plinth/contracts-database';
import type { TestUser } from '@plinth/platform-api/testing';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';
import { checkUrl, RefusedAddressError } from './address-guard';
import { INTERRUPTED_ATTEMPT } from './worker';

// Database webhooks (issue 24), on the database the run is given: a webhook made through the API
// sends an inserted row to a local endpoint after commit; a rolled-back insert sends nothing; a
// failing endpoint is tried WEBHOOK_MAX_ATTEMPTS times, each attempt in the log; net.http_post from
// SQL is delivered; a request a stopped platform left 'sending' is sent again; anon cannot enqueue; permissions answer 403 and 404.

process.env.PLINTH_WEBHOOK_ALLOWED_HOSTS = '127.0.0.1';
process.env.PLINTH_WEBHOOK_INTERVAL_MS = '100';

let s: ProjectTestServer;
let outsider: TestUser;
let endpoint: Server;
let port = 0;
let failing = false;
const received: { path: string; body: string; headers: IncomingMessage['headers'] }[] = [];

const url = (p = '') => `/api/platform/database/${s.ref}/hooks${p}`;
async function call<T>(role: MemberRole, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await s.app.inject({ method, url: path, headers: await s.as(role), ...(body !== undefined ? { payload: body as object } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as T };
}
async function sql(query: string): Promise<{ status: number; rows: Record<string, unknown>[]; message?: string }> {
  const res = await s.app.inject({ method: 'POST', url: `/api/platform/pg-meta/${s.ref}/query`, headers: await s.as('Developer'), payload: { query } });
  const body = res.json() as { rows?: Record<string, unknown>[]; message?: string };
  return { status: res.statusCode, rows: body.rows ?? [], message: body.message };
}
async function until<T>(what: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
const hook = (name: string, path: string) => ({
  name, schema: 'public', table: 'orders', events: ['INSERT'], method: 'POST', url: `http://127.0.0.1:${port}${path}`, headers: { 'x-secret': 'abc' }, timeout_ms: 2000,
});

beforeAll(async () => {
  endpoint = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body, headers: req.headers });
      res.statusCode = req.url?.startsWith('/fail') || failing ? 500 : 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => endpoint.listen(0, '127.0.0.1', r));
  port = (endpoint.address() as AddressInfo).port;
  s = await startProjectServer();
  outsider = await s.harness.signUp();
  expect((await sql('create table public.orders (id int primary key, item text)')).status).toBe(200);
}, 300_000);
afterAll(async () => {
  await s?.close();
  endpoint?.close();
  // Test files may share a process: the next one gets the platform's defaults back.
  delete process.env.PLINTH_WEBHOOK_ALLOWED_HOSTS;
  delete process.env.PLINTH_WEBHOOK_INTERVAL_MS;
});

describe('database webhooks', () => {
  it('sends an inserted row after commit, and nothing for a rolled-back insert', async () => {
    const made = await call<Webhook>('Developer', 'POST', url(), hook('orders_made', '/ok'));
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ name: 'orders_made', table: 'orders', events: ['INSERT'] });
    expect((await sql("begin; insert into public.orders values (99, 'never'); rollback;")).status).toBe(200);
    expect((await sql("insert into public.orders values (1, 'book')")).status).toBe(200);
    const got = await until(async () => received.find((r) => r.path === '/ok'));
    expect(JSON.parse(got.body)).toMatchObject({ type: 'INSERT', table: 'orders', schema: 'public', record: { id: 1, item: 'book' }, old_record: null });
    expect(got.headers['x-secret']).toBe('abc');
    await new Promise((r) => setTimeout(r, 500));
    expect(received.filter((r) => r.body.includes('never'))).toEqual([]);
    const log = await until(async () => {
      const r = await call<WebhookDeliveryList>('Read-only', 'GET', url(`/${made.body.id}/deliveries`));
      return r.body.deliveries.length ? r.body : undefined;
    });
    expect(log.deliveries[0]).toMatchObject({ attempt: 1, status_code: 200, error: null });
    expect((await call('Developer', 'DELETE', url(`/${made.body.id}`))).status).toBe(204);
  });

  it('retries a failing endpoint and logs each attempt', async () => {
    const made = await call<Webhook>('Developer', 'POST', url(), hook('orders_fail', '/fail'));
    expect(made.status).toBe(200);
    await sql("insert into public.orders values (2, 'pen')");
    const log = await until(async () => {
      const r = await call<WebhookDeliveryList>('Developer', 'GET', url(`/${made.body.id}/deliveries`));
      return r.body.deliveries.length >= 3 ? r.body : undefined;
    }, 30_000);
    expect(log.deliveries.map((d) => d.attempt)).toEqual([3, 2, 1]);
    expect(log.deliveries.every((d) => d.status_code === 500 && d.error?.includes('500'))).toBe(true);
    await call('Developer', 'DELETE', url(`/${made.body.id}`));
  }, 40_000);

  it('sends again a request a stopped platform left sending, with the interrupted attempt in the log; at its last attempt it fails', async () => {
    const db = await s.deps.databases.get(s.ref);
    // What a killed process leaves: rows marked 'sending' whose lease ran out.
    const made = await db.query<{ id: string }>(
      `insert into net.http_request_queue (method, url, body, status, attempts, next_attempt_at) values
         ('POST', $1, '{"n": 1}', 'sending', 1, now() - interval '1 second'),
         ('POST', $2, '{"n": 2}', 'sending', ${WEBHOOK_MAX_ATTEMPTS}, now() - interval '1 second')
       returning id::text`,
      [`http://127.0.0.1:${port}/after-stop`, `http://127.0.0.1:${port}/last-after-stop`],
    );
    const [again, last] = made.rows.map((r) => r.id);
    const attempts = async (id: string | undefined) =>
      (await db.query<{ attempt: number; status_code: number | null; error_msg: string | null }>('select attempt, status_code, error_msg from net._http_response where request_id = $1::bigint order by attempt', [id])).rows;
    await until(async () => ((await attempts(again)).length >= 2 ? true : undefined));
    expect(await attempts(again)).toEqual([
      { attempt: 1, status_code: null, error_msg: INTERRUPTED_ATTEMPT },
      { attempt: 2, status_code: 200, error_msg: null },
    ]);
    expect(received.filter((x) => x.path === '/after-stop')).toHaveLength(1);
    expect(await attempts(last)).toEqual([{ attempt: WEBHOOK_MAX_ATTEMPTS, status_code: null, error_msg: INTERRUPTED_ATTEMPT }]);
    const states = await db.query<{ id: string; status: string }>('select id::text, status from net.http_request_queue where id = any($1::bigint[]) order by id', [[again, last]]);
    expect(states.rows).toEqual([{ id: again, status: 'done' }, { id: last, status: 'failed' }]);
    expect(received.some((x) => x.path === '/last-after-stop')).toBe(false);
  });

  it('delivers net.http_post from SQL; anon cannot enqueue', async () => {
    const r = await sql(`select net.http_post('http://127.0.0.1:${port}/from-sql', '{"hello": "world"}'::jsonb) as id`);
    expect(r.status).toBe(200);
    const got = await until(async () => received.find((x) => x.path === '/from-sql'));
    expect(JSON.parse(got.body)).toEqual({ hello: 'world' });
    const anon = await sql(`set role anon; select net.http_post('http://127.0.0.1:${port}/anon')`);
    expect(anon.status).toBeGreaterThanOrEqual(400);
  });

  it('checks permissions and input', async () => {
    expect((await call('Read-only', 'POST', url(), hook('nope', '/x'))).status).toBe(403);
    expect((await outsider.fetch(url())).status).toBe(404);
    const bad = await call<{ field?: string }>('Developer', 'POST', url(), { ...hook('bad', '/x'), url: 'ftp://x' });
    expect(bad.status).toBe(400);
    const missing = await call<{ field?: string }>('Developer', 'POST', url(), { ...hook('missing', '/x'), table: 'nothing_here' });
    expect(missing.status).toBe(400);
  });

  it('refuses private addresses without the setting', async () => {
    await expect(checkUrl('http://127.0.0.1:1/', new Set())).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(checkUrl('http://169.254.169.254/latest', new Set())).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(checkUrl('http://[::1]/', new Set())).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(checkUrl('http://10.0.0.1/', new Set())).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(checkUrl('http://localhost/', new Set())).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(checkUrl('http://127.0.0.1:1/', new Set(['127.0.0.1']))).resolves.toBeInstanceOf(URL);
  });
});
