import { describe, expect, it } from 'vitest';
import { memberWithProject } from '@plinth/platform-api/testing/member-project';
import { runSqlAs } from '@plinth/platform-api/testing/run-sql';
import { splitStatements } from './sql-run';
import { isStoragePolicyStatement } from './sql-run-storage-policies';

// The SQL editor runs policies on the storage tables, as the storage quickstart does, on both
// databases. On a Postgres server those tables belong to the API's user, so a text made only of
// storage policy statements is written the way the console's policy routes write policies; any
// other statement in the text leaves the whole text to the member's own role (and its refusal).

const onServer = Boolean(process.env.DATABASE_URL);
const project = memberWithProject();

const run = (query: string) =>
  runSqlAs<{ results?: { command: string }[]; position?: number | null }>(project.owner, project.ref, { query, resultShape: 'statements', runId: 'storage-policy-run' });

const storagePolicies = async () =>
  ((await run(`select policyname from pg_policies where schemaname = 'storage' order by policyname`)).body.results?.at(-1) as { rows?: unknown[][] } | undefined)?.rows?.map((r) => r[0]);

const FOLDERS = `-- A folder per user in the bucket user-files.
drop policy if exists "Users read their own folder" on storage.objects;
create policy "Users read their own folder" on storage.objects
  for select to authenticated
  using (bucket_id = 'user-files' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "Users upload to their own folder" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'user-files' and (storage.foldername(name))[1] = auth.uid()::text);
alter policy "Users upload to their own folder" on storage.objects to authenticated, anon;
create policy "Buckets listed" on storage.buckets for select to authenticated using (true);`;

describe('storage policies written from the SQL editor', () => {
  it('creates, alters and drops policies on storage.objects and storage.buckets', async () => {
    const made = await run(FOLDERS);
    expect(made.status, made.body.message).toBe(200);
    expect(made.body.results?.map((r) => r.command)).toEqual(['DROP POLICY', 'CREATE POLICY', 'CREATE POLICY', 'ALTER POLICY', 'CREATE POLICY']);
    expect(await storagePolicies()).toEqual(['Buckets listed', 'Users read their own folder', 'Users upload to their own folder']);

    const dropped = await run(`drop policy "Buckets listed" on storage.buckets; drop policy "Users read their own folder", "Users upload to their own folder" on storage.objects;`);
    // Postgres allows one policy per DROP POLICY: the second statement is its syntax error, nothing is dropped.
    expect(dropped.status).toBe(400);
    expect(await storagePolicies()).toEqual(['Buckets listed', 'Users read their own folder', 'Users upload to their own folder']);
    expect((await run(`drop policy "Buckets listed" on storage.buckets; drop policy "Users read their own folder" on storage.objects; drop policy "Users upload to their own folder" on storage.objects;`)).status).toBe(200);
    expect(await storagePolicies()).toEqual([]);
  });

  it('keeps nothing of a run whose later statement fails, and says why', async () => {
    const text = `create policy "first" on storage.objects for select using (true);\ncreate policy "second" on storage.objects for select using (no_such_column = 1);`;
    const failed = await run(text);
    expect(failed.status).toBe(400);
    expect(failed.body.message).toMatch(/no_such_column/);
    expect(await storagePolicies()).toEqual([]);
  });

  it('leaves a text with anything else in it to the member’s own role', async () => {
    const mixed = `create policy "with a trigger" on storage.objects for select using (true);
create function public.on_upload() returns trigger language plpgsql as $$ begin return new; end $$;
create trigger on_upload before insert on storage.objects for each row execute function public.on_upload();`;
    const res = await run(mixed);
    if (onServer) {
      // The storage tables are not the member's: the whole text is refused, the policy with it.
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/must be owner/);
      expect(await storagePolicies()).toEqual([]);
    } else {
      // The embedded database is the project's own sandbox: its member owns everything in it.
      expect(res.status, res.body.message).toBe(200);
      expect(await storagePolicies()).toEqual(['with a trigger']);
    }
  });
});

describe('which statements count as storage policy statements', () => {
  const kinds = async (sql: string) => (await splitStatements(sql))!.map((s) => isStoragePolicyStatement(s.tree));
  it('takes policy statements on the storage tables named with their schema, and nothing else', async () => {
    expect(await kinds(FOLDERS)).toEqual([true, true, true, true, true]);
    expect(await kinds(`alter policy "a" on storage.objects rename to "b"`)).toEqual([true]);
    expect(await kinds(`create policy p on objects using (true)`)).toEqual([false]);
    expect(await kinds(`drop policy p on objects`)).toEqual([false]);
    expect(await kinds(`create policy p on public.objects using (true)`)).toEqual([false]);
    expect(await kinds(`create policy p on storage.migrations using (true)`)).toEqual([false]);
    expect(await kinds(`drop table storage.objects`)).toEqual([false]);
    expect(await kinds(`alter table storage.objects rename to x`)).toEqual([false]);
    expect(await kinds(`create trigger t before insert on storage.objects for each row execute function f()`)).toEqual([false]);
  });
});
