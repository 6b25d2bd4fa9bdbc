import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPolicyTestClient, type PolicyTestResult } from '@plinth/contracts-database';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';

// The policy tester through the real server: project databases off the main thread (embedded) or
// the project role's connections (DATABASE_URL), with a table made by the user's own SQL.

let h: TestHarness;
let owner: TestUser;
let reader: TestUser;
let ref: string;
const MINE = '5b0e1f59-1f0a-4b0c-9a43-0c7a4d9d5f10';

beforeAll(async () => {
  h = await createTestHarness();
  const made = await h.userWithProject();
  owner = made.user;
  ref = made.project.ref;
  reader = await h.signUp();
  // Read-only is a Team plan role.
  await owner.api.plans.updateSubscription(made.org.slug, { plan: 'team' });
  await owner.api.organizations.addMember(made.org.slug, { email: reader.email, role: 'Read-only' });
  await owner.api.database.runQuery(ref, {
    query: `create table public.notes (id serial primary key, owner uuid, body text not null);
      insert into public.notes (owner, body) values ('${MINE}', 'mine'), (gen_random_uuid(), 'theirs');
      grant select, insert, update, delete on public.notes to anon, authenticated;`,
  });
}, 180_000);
afterAll(async () => h?.close(), 60_000);

describe('policy tester through the server', () => {
  it('answers per row as the caller with the draft applied, changes nothing, and refuses a read-only member', async () => {
    const test = (user: TestUser) => createPolicyTestClient(user.api.http);
    const draft = { name: 'Own notes', command: 'ALL' as const, definition: 'auth.uid() = owner', roles: ['authenticated'] };
    const result: PolicyTestResult = await test(owner).testPolicy(ref, { table: 'notes', draft, caller: { kind: 'authenticated', claims: { sub: MINE } } });
    expect(result.rows.map((r) => [r.values.body, r.select.allowed, r.update.allowed, r.delete.allowed, r.insert.allowed])).toEqual([
      ['mine', true, true, true, true],
      ['theirs', false, false, false, false],
    ]);
    expect(result.rows[0]!.select.admittedBy).toEqual(['Own notes']);
    const anon = await test(owner).testPolicy(ref, { table: 'notes', draft, caller: { kind: 'anon' } });
    expect(anon.rows.every((r) => !r.select.allowed)).toBe(true);

    const rows = await owner.api.database.runQuery(ref, { query: 'select count(*)::int as n from public.notes' });
    expect(rows.rows[0]).toEqual({ n: 2 });
    expect(await owner.api.database.listPolicies(ref, 'public')).toEqual([]);
    expect((await owner.api.database.listTables(ref, 'public')).find((t) => t.name === 'notes')?.rls_enabled).toBe(false);
    await expect(test(reader).testPolicy(ref, { table: 'notes', caller: { kind: 'anon' } })).rejects.toMatchObject({ status: 403 });
  });
});
