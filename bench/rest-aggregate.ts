/**
 * The data API's aggregates beside a plain select, under autocannon on loopback, as a signed-in app
 * user with row level security on: 100,000 orders of 1,000 customers.
 *   plain:     GET orders?select=*&id=gte.N&id=lt.N+100              (100 rows by primary-key range)
 *   embed:     GET customers?select=id,name,orders(count(),amount.sum())  (an aggregate per customer over all 100,000 rows)
 *   grouped:   GET orders?select=status,amount.sum(),count()         (the whole table grouped by status)
 * Embedded database by default; the server named by DATABASE_URL when set.
 * Run: npx tsx bench/rest-aggregate.ts   (DURATION=seconds per case, default 3; CONNECTIONS=n, default 10)
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { signJwt } from '@plinth/platform-api';
import { createTestHarness } from '@plinth/platform-api/testing';
import { runLoad } from './load';

const duration = Number(process.env.DURATION ?? 3);
const connections = Number(process.env.CONNECTIONS ?? 10);
const ORDERS = 100_000;
const CUSTOMERS = 1_000;

const h = await createTestHarness();
try {
  const { project } = await h.userWithProject();
  const ref = project.ref;
  const keys = (await h.internals.control.query<{ anon_key: string; jwt_secret: string }>('select anon_key, jwt_secret from projects where ref = $1', [ref])).rows[0]!;
  // Aggregates are off by default: the project's data API setting turns them on.
  await h.internals.control.query(
    `insert into project_rest_settings (project_ref, exposed_schemas, max_rows, extra_search_path, aggregates_enabled) values ($1, '{public}', 1000, '{public}', true)
     on conflict (project_ref) do update set aggregates_enabled = true`,
    [ref],
  );
  const me = randomUUID();
  const db = await h.internals.databases.get(ref);
  await db.exec(`
    create table public.customers (id integer primary key, name text not null);
    create table public.orders (id integer primary key, customer_id integer not null references public.customers(id), owner uuid not null, status text not null, amount numeric(10, 2) not null);
    create index orders_customer on public.orders (customer_id);
    alter table public.orders enable row level security;
    create policy own_orders on public.orders for select to authenticated using (owner = (select auth.uid()));
    grant select on public.customers, public.orders to authenticated;
    insert into public.customers select i, 'customer ' || i from generate_series(1, ${CUSTOMERS}) i;
    insert into public.orders select i, 1 + i % ${CUSTOMERS}, '${me}'::uuid, (array['open', 'paid', 'void'])[1 + i % 3], (i % 997) / 10.0 from generate_series(1, ${ORDERS}) i;
    analyze public.customers; analyze public.orders;`);
  const address = await h.services.listen({ port: 0, host: '127.0.0.1' });
  const token = await signJwt({ sub: me, role: 'authenticated', aud: 'authenticated', ref, exp: Math.floor(Date.now() / 1000) + 3600 }, keys.jwt_secret);
  const headers = { apikey: keys.anon_key, authorization: `Bearer ${token}`, accept: 'application/json' };
  const base = `/${ref}/rest/v1`;
  const cases: { label: string; requests: { method: string; path: string }[]; check: (body: unknown) => boolean }[] = [
    {
      label: 'plain select, 100 rows',
      requests: Array.from({ length: 50 }, (_, i) => ({ method: 'GET', path: `${base}/orders?select=*&id=gte.${1 + i * 997}&id=lt.${101 + i * 997}` })),
      check: (b) => Array.isArray(b) && b.length === 100,
    },
    {
      label: 'embed with an aggregate over 100,000 rows',
      requests: [{ method: 'GET', path: `${base}/customers?select=id,name,orders(count(),amount.sum())` }],
      check: (b) => Array.isArray(b) && b.length === CUSTOMERS && (b as { orders: { count: number }[] }[]).reduce((n, c) => n + c.orders[0]!.count, 0) === ORDERS,
    },
    {
      label: 'grouped aggregate over 100,000 rows',
      requests: [{ method: 'GET', path: `${base}/orders?select=status,amount.sum(),count()` }],
      check: (b) => Array.isArray(b) && b.length === 3,
    },
  ];
  console.log(`data API aggregates — ${h.mode} database, ${connections} connections, ${duration} s per case, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`);
  for (const c of cases) {
    const sample = await fetch(`${address}${c.requests[0]!.path}`, { headers });
    const body = await sample.json();
    if (sample.status !== 200 || !c.check(body)) throw new Error(`${c.label}: the sample request answered ${sample.status} ${JSON.stringify(body).slice(0, 300)}`);
    const opts = { url: address, connections, headers, requests: c.requests };
    await runLoad({ ...opts, duration: 1 });
    const cpu0 = process.cpuUsage();
    const r = await runLoad({ ...opts, duration });
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000 / Math.max(1, r.requests.total);
    console.log(`  ${c.label}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, CPU ${cpuMs.toFixed(2)} ms per request in this process (${r.requests.total} requests, ${r.non2xx} non-2xx, ${r.errors} errors)`);
  }
} finally {
  await h.close();
}
