import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@plinth/shared-contracts';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(async () => {
  await h?.close();
});

const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as ApiError);

describe('statements a project database cannot run safely', () => {
  it('COPY … PROGRAM and COPY … FROM STDIN are refused with a clear 400 before they run; the project keeps answering', async () => {
    const { user, project } = await h.userWithProject();
    await user.api.database.runQuery(project.ref, { query: `create table notes (body text); insert into notes values ('kept');` });
    await user.api.storage.createBucket(project.ref, { id: 'photos', public: false });

    for (const query of [
      `copy notes from program 'echo hacked'`,
      `COPY notes TO PROGRAM 'cat > /tmp/plinth-copy-out'`,
      `select 1; copy (select 1) to program 'true'`,
      `do $$ begin execute 'copy notes from program ''echo 1'''; end $$`,
      `copy notes from stdin`,
    ]) {
      const err = await failure(user.api.database.runQuery(project.ref, { query }));
      expect(err, query).toBeInstanceOf(ApiError);
      expect(err!.status, query).toBe(400);
      expect(err!.code, query).toBe('UNSUPPORTED_STATEMENT');
      expect(err!.message, query).toMatch(/COPY … (PROGRAM|FROM STDIN)/);
    }
    // Words in comments and quoted names are not statements.
    const fine = await user.api.database.runQuery(project.ref, { query: `select 'copy or program' as "copy from program" -- copy x from program 'y'` });
    expect(fine.rows).toEqual([{ 'copy from program': 'copy or program' }]);

    expect((await user.api.database.runQuery(project.ref, { query: 'select body from notes' })).rows).toEqual([{ body: 'kept' }]);
    expect((await user.api.storage.listBuckets(project.ref)).map((b) => b.id)).toEqual(['photos']);
    expect((await user.api.projects.getStatus(project.ref)).status).toBe('ACTIVE_HEALTHY');
  });

  it('a statement that leaves the database unable to answer is an error, never an empty success, and the next call answers', async () => {
    const { user, project } = await h.userWithProject();
    await user.api.database.runQuery(project.ref, { query: `create table notes (body text); insert into notes values ('kept');` });
    if (h.mode === 'embedded') {
      // Built at run time, so no reading of the text can see it: the embedded engine is left answering nothing.
      const err = await failure(
        user.api.database.runQuery(project.ref, { query: `do $$ begin execute 'copy notes from pro' || 'gram ''echo 1'''; end $$` }),
      );
      expect(err).toBeInstanceOf(ApiError);
      expect(err!.status).toBe(503);
      expect(err!.code).toBe('DATABASE_RESTARTED');
    } else {
      // Server mode: the statement's connection dies under it; the call is an error.
      const err = await failure(user.api.database.runQuery(project.ref, { query: 'select pg_terminate_backend(pg_backend_pid())' }));
      expect(err).toBeInstanceOf(ApiError);
      expect(err!.status).toBe(400);
    }
    expect((await user.api.database.runQuery(project.ref, { query: 'select body from notes' })).rows).toEqual([{ body: 'kept' }]);
    expect((await user.api.database.listTables(project.ref, 'public')).map((t) => t.name)).toEqual(['notes']);
  });

  it('a run that leaves a transaction open does not hold the project inside it', async () => {
    const { user, project } = await h.userWithProject();
    const err = await failure(user.api.database.runQuery(project.ref, { query: 'begin; create table limbo (n int);' }));
    // The console's next calls answer, and what they see agrees with the run's answer.
    const tables = (await user.api.database.listTables(project.ref, 'public')).map((t) => t.name);
    expect(tables).toEqual(err ? [] : ['limbo']);
    if (h.mode === 'embedded') {
      expect(err?.status).toBe(400);
      expect(err?.message).toContain('left a transaction open');
    }
    await user.api.database.runQuery(project.ref, { query: 'create table later (n int)' });
    expect((await user.api.database.listTables(project.ref, 'public')).map((t) => t.name)).toContain('later');
  });
});
