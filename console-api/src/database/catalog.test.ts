import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDatabase } from '@plinth/platform-core/deps';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';
import { findPolicy, listPolicies, listTables } from './catalog';

// The catalog reads the RLS policies page makes: one schema's tables and policies, roles named.

let h: TestHarness;
let db: ProjectDatabase;

beforeAll(async () => {
  h = await createTestHarness();
  const { project } = await h.userWithProject();
  db = await h.internals.databases.get(project.ref);
  for (const statement of [
    'create schema sales',
    'create table public.todos (id int primary key, user_id uuid)',
    'create table sales.orders (id int primary key)',
    'create policy "Everyone" on public.todos for select using (true)',
    'create policy "Signed in" on public.todos for update to authenticated, anon using (auth.uid() = user_id)',
    'create policy "Staff" on sales.orders for all to service_role using (true)',
  ]) {
    await db.query(statement);
  }
});
afterAll(async () => {
  await h?.close();
});

describe('catalog reads of the policies page', () => {
  it("lists only the chosen schema's tables and policies, each policy's roles named and sorted, none meaning public", async () => {
    expect((await listTables(db, 'sales')).map((t) => t.name)).toEqual(['orders']);
    const policies = await listPolicies(db, 'public');
    expect(policies.map((p) => [p.table, p.name, p.command, p.roles])).toEqual([
      ['todos', 'Everyone', 'SELECT', ['public']],
      ['todos', 'Signed in', 'UPDATE', ['anon', 'authenticated']],
    ]);
    expect(policies[1]!.definition).toBe('(auth.uid() = user_id)');
    const sales = await listPolicies(db, 'sales');
    expect(sales.map((p) => [p.name, p.command, p.roles])).toEqual([['Staff', 'ALL', ['service_role']]]);
    expect(await findPolicy(db, sales[0]!.id)).toEqual(sales[0]);
  });
});
