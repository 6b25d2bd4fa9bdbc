import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestHarness } from '@plinth/platform-api/testing';
import type { ProjectKeys } from '../auth/testing';
import { startRestProject } from './testing';
import { RestSettingsStore } from './settings';

// Aggregate functions in select, as PostgREST documents them: off until the project's data API
// setting allows them (PGRST123), then count(), sum(), avg(), min() and max() over columns and over
// embedded relations, grouped by the other selected columns, with casts and aliases, and inside
// spread relations. Row level security decides which rows are counted: anon, two users, service_role.

let h: TestHarness;
let base: string;
let ref: string;
let keys: ProjectKeys;
const alice = randomUUID();
const bob = randomUUID();

const SCHEMA = `
create table public.customers (id int primary key, name text not null);
create table public.orders (
  id int primary key,
  customer_id int not null references public.customers(id),
  owner uuid not null,
  status text not null,
  amount numeric(10, 2) not null
);
alter table public.orders enable row level security;
create policy own_orders on public.orders for select to authenticated using (owner = auth.uid());
create function public.all_orders() returns setof public.orders language sql stable as $$ select * from public.orders $$;
grant select on all tables in schema public to anon, authenticated, service_role;
`;

let as: { anon: SupabaseClient; alice: SupabaseClient; bob: SupabaseClient; service: SupabaseClient };

async function get(path: string, key = keys.serviceRoleKey): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}/rest/v1/${path}`, { headers: { apikey: key, authorization: `Bearer ${key}` } });
  return { status: res.status, body: await res.json() };
}

const setAggregates = (on: boolean) => new RestSettingsStore(h.internals.control).update(ref, { schemas: ['public'], maxRows: 1000, aggregatesEnabled: on });

beforeAll(async () => {
  const project = await startRestProject(SCHEMA, `
    insert into public.customers values (1, 'Acme'), (2, 'Bolt'), (3, 'Calm');
    insert into public.orders values
      (1, 1, '${alice}', 'paid', 10.50), (2, 1, '${alice}', 'open', 4.50), (3, 2, '${bob}', 'paid', 20.00),
      (4, 2, '${alice}', 'paid', 1.25), (5, 1, '${bob}', 'open', 3.75);`);
  ({ h, ref, base, keys } = project);
  as = await project.callers({ alice, bob });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('aggregates', () => {
  it('refuses aggregates with 400 PGRST123 while the project setting is off (the default)', async () => {
    for (const path of ['orders?select=amount.sum()', 'orders?select=count()', 'customers?select=name,orders(count)', 'customers?select=name,...orders(count())']) {
      const r = await get(path);
      expect(r.status, path).toBe(400);
      expect(r.body, path).toMatchObject({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed' });
    }
  });

  it('aggregates over the whole table, grouped by the other columns, with aliases and casts', async () => {
    await setAggregates(true);
    const all = await as.service.from('orders').select('amount.sum(), amount.avg(), amount.min(), amount.max(), count()');
    expect(all.error).toBeNull();
    expect(all.data).toEqual([{ sum: 40, avg: 8, min: 1.25, max: 20, count: 5 }]);
    const grouped = await as.service.from('orders').select('status, total:amount.sum(), n:count()').order('status');
    expect(grouped.data).toEqual([
      { status: 'open', total: 8.25, n: 2 },
      { status: 'paid', total: 31.75, n: 3 },
    ]);
    const cast = await as.service.from('orders').select('status, amount.avg()::int, amount::int.sum()').eq('status', 'paid');
    expect(cast.data).toEqual([{ status: 'paid', avg: 11, sum: 32 }]);
    // Grouping by an embedded to-one relation.
    const byCustomer = await as.service.from('orders').select('customers(name), total:amount.sum()');
    expect(byCustomer.error).toBeNull();
    expect(new Set((byCustomer.data as unknown as { customers: { name: string }; total: number }[]).map((r) => `${r.customers.name}=${r.total}`))).toEqual(new Set(['Acme=18.75', 'Bolt=21.25']));
  });

  it('aggregates embedded relations: count and sums per parent row', async () => {
    await setAggregates(true);
    const r = await as.service.from('customers').select('name, orders(count), paid:orders(total:amount.sum())').eq('paid.status', 'paid').order('id');
    expect(r.error).toBeNull();
    expect(r.data).toEqual([
      { name: 'Acme', orders: [{ count: 3 }], paid: [{ total: 10.5 }] },
      { name: 'Bolt', orders: [{ count: 2 }], paid: [{ total: 21.25 }] },
      { name: 'Calm', orders: [{ count: 0 }], paid: [{ total: null }] },
    ]);
  });

  it('puts aggregates of a spread relation into the row', async () => {
    await setAggregates(true);
    const r = await as.service.from('customers').select('name, ...orders(order_count:count(), total:amount.sum())').order('id');
    expect(r.error).toBeNull();
    expect(r.data).toEqual([
      { name: 'Acme', order_count: 3, total: 18.75 },
      { name: 'Bolt', order_count: 2, total: 21.25 },
      { name: 'Calm', order_count: 0, total: null },
    ]);
  });

  it('counts only the rows row level security lets each caller see, on tables, embeddings, spreads and rpc', async () => {
    await setAggregates(true);
    const ask = async (c: SupabaseClient) => {
      const top = await c.from('orders').select('count(), amount.sum()');
      const embedded = await c.from('customers').select('name, orders(count), ...orders(total:amount.sum())').order('id');
      const rpc = await c.rpc('all_orders').select('count(), amount.sum()');
      expect(top.error).toBeNull();
      expect(embedded.error).toBeNull();
      expect(rpc.error).toBeNull();
      return {
        top: top.data,
        embedded: (embedded.data as { orders: { count: number }[]; total: number | null }[]).map((r) => [r.orders[0]!.count, r.total]),
        rpc: rpc.data,
      };
    };
    expect(await ask(as.anon)).toEqual({ top: [{ count: 0, sum: null }], embedded: [[0, null], [0, null], [0, null]], rpc: [{ count: 0, sum: null }] });
    expect(await ask(as.alice)).toEqual({ top: [{ count: 3, sum: 16.25 }], embedded: [[2, 15], [1, 1.25], [0, null]], rpc: [{ count: 3, sum: 16.25 }] });
    expect(await ask(as.bob)).toEqual({ top: [{ count: 2, sum: 23.75 }], embedded: [[1, 3.75], [1, 20], [0, null]], rpc: [{ count: 2, sum: 23.75 }] });
    expect(await ask(as.service)).toEqual({ top: [{ count: 5, sum: 40 }], embedded: [[3, 18.75], [2, 21.25], [0, null]], rpc: [{ count: 5, sum: 40 }] });
  });

  it('answers a grouping Postgres refuses with a 4xx, never a 500', async () => {
    await setAggregates(true);
    const r = await get('orders?select=status,amount.sum()&order=amount');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: '42803' });
    const unknown = await get('orders?select=nope.sum()');
    expect(unknown.status).toBe(400);
  });
});
