import { describe, expect, it } from 'vitest';
import { memberWithProject } from '@plinth/platform-api/testing/member-project';
import { runSqlAs } from '@plinth/platform-api/testing/run-sql';

// A SQL editor run that changes its session (SET ROLE, SET SESSION AUTHORIZATION, search_path,
// read-only transactions) leaves nothing behind: the API's own next calls on the project and the
// member's next run start as every run does. On both databases.

const project = memberWithProject();

const runSql = (query: string) => runSqlAs<{ rows?: Record<string, unknown>[] }>(project.owner, project.ref, { query });

const sessionOf = async () => (await runSql(`select current_user as who, session_user as session, current_setting('search_path') as path, current_setting('default_transaction_read_only') as ro`)).body.rows?.[0];

describe('a SQL editor run leaves its session as it found it', () => {
  it('a role and settings taken in one run are gone in the next run and in the console\'s own calls', async () => {
    const before = await sessionOf();
    expect(before?.who).toBeTruthy();
    const changed = await runSql(`set role anon; set search_path = nowhere; set default_transaction_read_only = on; select current_user as who`);
    expect(changed.status).toBe(200);
    expect(changed.body.rows?.[0]?.who).toBe('anon');

    expect(await sessionOf()).toEqual(before);
    // The console's own calls (storage, catalog) run as before, not as anon and not read-only.
    await project.owner.api.storage.createBucket(project.ref, { id: 'after-set-role', public: false });
    expect((await project.owner.api.storage.listBuckets(project.ref)).map((b) => b.id)).toContain('after-set-role');
  });

  it('a role taken inside a committed transaction, or by a function the user defined, is gone too', async () => {
    const before = await sessionOf();
    expect((await runSql(`begin; set role anon; commit;`)).status).toBe(200);
    expect(await sessionOf()).toEqual(before);
    expect((await runSql(`create function public.become_anon() returns void language plpgsql as $$ begin perform set_config('role', 'anon', false); end $$; select public.become_anon();`)).status).toBe(200);
    expect(await sessionOf()).toEqual(before);
    expect((await project.owner.api.storage.listBuckets(project.ref)).length).toBeGreaterThan(0);
  });
});
