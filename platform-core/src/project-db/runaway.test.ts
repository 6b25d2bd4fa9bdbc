import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ statementTimeoutMs: 10_000 });
});
afterAll(async () => {
  await h?.close();
});

describe('a runaway statement', () => {
  it('is cancelled by the statement timeout while the API and other projects keep answering', async () => {
    const { user, org, project } = await h.userWithProject();
    const other = await h.createProject(user, org.slug, 'other');
    const db = await h.internals.databases.get(project.ref);
    let settled = false;
    const runaway = db.query('select pg_sleep(60)').finally(() => {
      settled = true;
    });
    runaway.catch(() => undefined);
    // While it runs: the API answers, and another project's database answers.
    expect((await user.api.projects.getStatus(project.ref)).status).toBe('ACTIVE_HEALTHY');
    expect((await user.api.projects.list()).length).toBe(2);
    const otherDb = await h.internals.databases.get(other.ref);
    expect((await otherDb.query<{ n: number }>('select 41 + 1 as n')).rows).toEqual([{ n: 42 }]);
    expect(settled).toBe(false);
    await expect(runaway).rejects.toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
    // The project's database is usable again afterwards.
    expect((await db.query<{ ok: number }>('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('a per-call timeout applies too, and a Postgres error keeps its code', async () => {
    const { project } = await h.userWithProject();
    const db = await h.internals.databases.get(project.ref);
    await expect(db.query('select pg_sleep(30)', [], { timeoutMs: 500 })).rejects.toMatchObject({ code: '57014' });
    await expect(db.query('select * from no_such_table')).rejects.toMatchObject({ code: '42P01' });
    const rows = await db.transaction(async (tx) => {
      await tx.exec('create table public.t (n int)');
      await tx.query('insert into public.t values ($1), ($2)', [1, 2]);
      return (await tx.query<{ s: number }>('select sum(n)::int as s from public.t')).rows;
    });
    expect(rows).toEqual([{ s: 3 }]);
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into public.t values (10)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await db.query<{ s: number }>('select sum(n)::int as s from public.t')).rows).toEqual([{ s: 3 }]);
  });

  it('runs as a role with JWT claims: RLS policies see auth.uid()', async () => {
    const { project } = await h.userWithProject();
    const db = await h.internals.databases.get(project.ref);
    await db.exec(`
      create table notes (owner uuid, body text);
      alter table notes enable row level security;
      create policy own on notes for select to authenticated using (owner = auth.uid());
      grant select on notes to authenticated;
      insert into notes values ('00000000-0000-0000-0000-00000000000a', 'mine'), ('00000000-0000-0000-0000-00000000000b', 'theirs');
    `, { user: true });
    const seen = await db.query<{ body: string }>('select body from notes', [], { role: 'authenticated', claims: { sub: '00000000-0000-0000-0000-00000000000a', role: 'authenticated' } });
    expect(seen.rows).toEqual([{ body: 'mine' }]);
    // anon may read the table (the data API's default grants), but no policy lets it see a row.
    const anon = await db.query<{ body: string }>('select body from notes', [], { role: 'anon' });
    expect(anon.rows).toEqual([]);
  });
});
