import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRole } from '@plinth/shared-contracts';
import type { PolicyTestResult } from '@plinth/contracts-database';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';

let s: ProjectTestServer;
/** Request headers of a member by role, signed in once before the tests. */
const headers = {} as Record<MemberRole, Record<string, string>>;
const ALICE = '0a0a0a0a-0000-4000-8000-00000000000a';
const BOB = '0b0b0b0b-0000-4000-8000-00000000000b';
const url = () => `/api/platform/pg-meta/${s.ref}/policy-test`;

/** What the database holds that a test must never change: the rows and the policies. */
async function snapshot() {
  const db = await s.deps.databases.get(s.ref);
  const rows = await db.query('select * from public.todos order by id');
  const policies = await db.query(`select polname, pg_get_expr(polqual, polrelid) as q from pg_policy where polrelid = 'public.todos'::regclass order by polname`);
  const rls = await db.query(`select relrowsecurity from pg_class where oid = 'public.todos'::regclass`);
  return JSON.stringify([rows.rows, policies.rows, rls.rows]);
}

async function test(payload: Record<string, unknown>, role: 'Owner' | 'Developer' | 'Read-only' = 'Developer') {
  return s.app.inject({ method: 'POST', url: url(), headers: headers[role], payload });
}

beforeAll(async () => {
  s = await startProjectServer();
  for (const role of ['Owner', 'Developer', 'Read-only'] as const) headers[role] = await s.as(role);
  const db = await s.deps.databases.get(s.ref);
  // The project's own auth.users holds the users a test can act as.
  await db.query(`insert into auth.users (id, email) values ($1, 'alice@example.com'), ($2, 'bob@example.com')`, [ALICE, BOB]);
  await db.exec(
    `create table public.todos (id int primary key, user_id uuid, title text not null, done boolean not null default false);
     insert into public.todos (id, user_id, title) values (1, '${ALICE}', 'alice 1'), (2, '${ALICE}', 'alice 2'), (3, '${BOB}', 'bob 1');
     grant select, insert, update, delete on public.todos to anon, authenticated;
     create table public.untouched (id int primary key);`,
    { user: true },
  );
}, 300_000);
afterAll(async () => s?.close());

describe('policy tester', () => {
  it('shows each real user different rows under a draft policy, names the policy that admitted them, and changes nothing', async () => {
    const before = await snapshot();
    const draft = { name: 'Own todos', command: 'ALL', definition: 'auth.uid() = user_id', roles: ['authenticated'] };
    const asAlice = await test({ table: 'todos', draft, caller: { kind: 'user', userId: ALICE } });
    expect(asAlice.statusCode, asAlice.body).toBe(200);
    const a = asAlice.json() as PolicyTestResult;
    expect(a.rlsEnabled).toBe(false);
    expect(a.claims).toMatchObject({ sub: ALICE, email: 'alice@example.com', role: 'authenticated' });
    expect(a.rows).toHaveLength(3);
    const seen = (r: PolicyTestResult) => r.rows.filter((row) => row.select.allowed).map((row) => row.values.title);
    expect(seen(a)).toEqual(['alice 1', 'alice 2']);
    const alice1 = a.rows.find((row) => row.values.id === 1)!;
    expect(alice1.select).toEqual({ allowed: true, admittedBy: ['Own todos'], reason: null });
    expect(alice1.update.allowed).toBe(true);
    expect(alice1.delete.allowed).toBe(true);
    // A copy of an existing row passes WITH CHECK; only its duplicate key would stop it.
    expect(alice1.insert.allowed).toBe(true);
    const bobs = a.rows.find((row) => row.values.id === 3)!;
    expect(bobs.select.allowed).toBe(false);
    expect(bobs.delete.allowed).toBe(false);
    expect(bobs.insert).toMatchObject({ allowed: false, admittedBy: [] });
    expect(bobs.insert.reason).toMatch(/row-level security/);
    expect(a.policies).toEqual([{ name: 'Own todos', command: 'ALL', permissive: true, roles: ['authenticated'], applies: true, draft: true }]);

    const asBob = (await test({ table: 'todos', draft, caller: { kind: 'user', userId: BOB } })).json() as PolicyTestResult;
    expect(seen(asBob)).toEqual(['bob 1']);

    const asAnon = (await test({ table: 'todos', draft, caller: { kind: 'anon' } })).json() as PolicyTestResult;
    expect(seen(asAnon)).toEqual([]);
    expect(asAnon.policies[0]!.applies).toBe(false);
    expect(asAnon.rows[0]!.select.reason).toBe('No SELECT policy for anon admits this row');

    expect(await snapshot()).toBe(before);
  });

  it('tests edited claims and pasted rows, reports a WITH CHECK refusal per row, and leaves the pasted rows out of the table', async () => {
    const before = await snapshot();
    const draft = { name: 'Insert own', command: 'INSERT', check: "(auth.jwt() ->> 'email') = 'carol@example.com' and title <> 'blocked'", roles: [] };
    const res = await test({
      table: 'todos',
      draft,
      caller: { kind: 'authenticated', claims: { sub: '0c0c0c0c-0000-4000-8000-00000000000c', email: 'carol@example.com' } },
      rows: [{ id: 10, title: 'fine' }, { id: 11, title: 'blocked' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as PolicyTestResult;
    expect(r.pasted).toBe(true);
    expect(r.rows.map((row) => row.insert.allowed)).toEqual([true, false]);
    expect(r.rows[0]!.insert.admittedBy).toEqual(['Insert own']);
    expect(r.rows[1]!.insert.reason).toMatch(/row-level security/);
    expect(r.rows.every((row) => !row.select.allowed)).toBe(true);
    expect(await snapshot()).toBe(before);
  });

  it('tests the table as its policies stand without a draft, and the draft of an edited policy in its place', async () => {
    const db = await s.deps.databases.get(s.ref);
    await db.exec(`create policy "Read all" on public.todos for select using (true); alter table public.todos enable row level security`, { user: true });
    const id = (await db.query<{ id: number }>(`select oid::int as id from pg_policy where polname = 'Read all'`)).rows[0]!.id;
    const before = await snapshot();
    const plain = (await test({ table: 'todos', caller: { kind: 'anon' } })).json() as PolicyTestResult;
    expect(plain.rlsEnabled).toBe(true);
    expect(plain.rows.filter((row) => row.select.allowed)).toHaveLength(3);
    expect(plain.rows[0]!.select.admittedBy).toEqual(['Read all']);
    expect(plain.rows[0]!.delete.allowed).toBe(false);

    const edited = (await test({ table: 'todos', caller: { kind: 'anon' }, draft: { id, name: 'Read all', command: 'SELECT', definition: 'done', roles: [] } })).json() as PolicyTestResult;
    expect(edited.rows.filter((row) => row.select.allowed)).toHaveLength(0);
    expect(edited.policies.map((p) => p.name)).toEqual(['Read all']);
    expect(await snapshot()).toBe(before);
  });

  it('refuses callers without the permission to change policies, bad expressions and unknown tables', async () => {
    const readOnly = await test({ table: 'todos', caller: { kind: 'anon' } }, 'Read-only');
    expect(readOnly.statusCode).toBe(403);
    const bad = await test({ table: 'todos', caller: { kind: 'anon' }, draft: { name: 'x', command: 'SELECT', definition: 'true) with check (true' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('draft.definition');
    const unknown = await test({ table: 'nope', caller: { kind: 'anon' } });
    expect(unknown.statusCode).toBe(404);
    const noUser = await test({ table: 'todos', caller: { kind: 'user', userId: '0d0d0d0d-0000-4000-8000-00000000000d' } });
    expect(noUser.statusCode).toBe(404);
    const wrongColumn = await test({ table: 'todos', caller: { kind: 'anon' }, draft: { name: 'x', command: 'SELECT', definition: 'no_such_column = 1' } });
    expect(wrongColumn.statusCode).toBe(400);
    expect(wrongColumn.json().message).toContain('no_such_column');
  });
});
