import { writeFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backup, BackupList } from '@plinth/contracts-database';
import type { MemberRole } from '@plinth/shared-contracts';
import type { TestUser } from '@plinth/platform-api/testing';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';
import type { BackupService } from './service';

// Database → Backups (issue 24), on both databases: a backup restored gives back exactly the rows,
// schema objects and vault secrets it was taken with; a restore from a damaged or missing backup
// leaves the project up with its data unchanged and the failure recorded; the retention removes
// backups past the plan's days; the daily run backs up each active project once per day;
// permissions; a tenant's storage never reaches a backup.

let s: ProjectTestServer;
let outsider: TestUser;
let backups: BackupService;
const url = (p = '') => `/api/platform/database/${s.ref}/backups${p}`;

async function call<T>(role: MemberRole, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await s.app.inject({ method, url: path, headers: await s.as(role), ...(body !== undefined ? { payload: body as object } : {}) });
  return { status: res.statusCode, body: (res.body && res.headers['content-type']?.toString().includes('json') ? res.json() : undefined) as T };
}
async function sql(query: string): Promise<Record<string, unknown>[]> {
  const res = await s.app.inject({ method: 'POST', url: `/api/platform/pg-meta/${s.ref}/query`, headers: await s.as('Owner'), payload: { query } });
  const body = res.json() as { rows?: Record<string, unknown>[]; message?: string };
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${body.message}`);
  return body.rows ?? [];
}
async function takeBackup(): Promise<Backup> {
  const made = await call<Backup>('Developer', 'POST', url(), {});
  expect(made.status).toBe(200);
  expect(made.body).toMatchObject({ kind: 'on-demand', status: 'RUNNING' });
  await backups.settled();
  const list = await call<BackupList>('Developer', 'GET', url());
  const b = list.body.backups.find((x) => x.id === made.body.id)!;
  expect(b).toMatchObject({ status: 'COMPLETED', error: null });
  expect(b.size_bytes).toBeGreaterThan(0);
  return b;
}
const statusHistory = async () => (await s.deps.services.projects.get(s.ref)).status_history ?? [];
const snapshot = async () => ({
  items: await sql('select id, name from public.items order by id'),
  tables: (await sql(`select table_name from information_schema.tables where table_schema = 'public' order by 1`)).map((r) => r.table_name),
  views: (await sql(`select table_name from information_schema.views where table_schema = 'public' order by 1`)).map((r) => r.table_name),
});

beforeAll(async () => {
  s = await startProjectServer();
  outsider = await s.harness.signUp();
  backups = s.deps.services.backups!;
}, 300_000);
afterAll(async () => s?.close());

describe('backups', () => {
  it('restores a backup equal to its source: rows, schema objects and a vault secret; the project passes through RESTORING', async () => {
    await sql(`create table public.items (id int primary key, name text not null); insert into public.items select g, 'item ' || g from generate_series(1, 50) g;
      create view public.item_names as select name from public.items; select vault.create_secret('s3cret-value', 'backup_secret')`);
    const before = await snapshot();
    const b = await takeBackup();
    expect((await call<BackupList>('Owner', 'GET', url())).body.format).toBe(process.env.DATABASE_URL ? 'sql-gz' : 'pgdata-tar-gz');
    expect(b.file_name).toMatch(new RegExp(`^${s.ref}-\\d{8}T\\d{6}Z-on-demand\\.(sql\\.gz|pgdata\\.tar\\.gz)$`));

    await sql(`delete from public.items where id > 10; update public.items set name = 'changed'; drop view public.item_names; create table public.after_backup (x int)`);
    expect((await snapshot()).items).toHaveLength(10);

    const wrong = await call<{ field?: string }>('Owner', 'POST', url(`/${b.id}/restore`), { confirm: 'nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('confirm');
    const started = await call<Backup>('Owner', 'POST', url(`/${b.id}/restore`), { confirm: s.ref });
    expect(started.status).toBe(200);
    expect(await s.deps.services.projects.status(s.ref)).toBe('RESTORING');
    await s.deps.services.projects.settled(s.ref);
    expect(await s.deps.services.projects.status(s.ref)).toBe('ACTIVE_HEALTHY');

    expect(await snapshot()).toEqual(before);
    expect(await sql(`select decrypted_secret from vault.decrypted_secrets where name = 'backup_secret'`)).toEqual([{ decrypted_secret: 's3cret-value' }]);
    const history = (await statusHistory()).map((e) => e.status);
    expect(history.slice(-2)).toEqual(['RESTORING', 'ACTIVE_HEALTHY']);
    const list = await call<BackupList>('Read-only', 'GET', url());
    expect(list.body.backups.find((x) => x.id === b.id)).toMatchObject({ restore_status: 'RESTORED', restore_error: null });

    // The download is the stored file, named.
    const dl = await s.app.inject({ method: 'GET', url: url(`/${b.id}/download`), headers: await s.as('Developer') });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toBe(`attachment; filename="${b.file_name}"`);
    expect(dl.rawPayload.length).toBe(b.size_bytes);
    expect(dl.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  }, 240_000);

  it('a restore from a damaged or missing backup leaves the project up with its data unchanged, the failure recorded', async () => {
    const b = await takeBackup();
    await sql(`insert into public.items values (1000, 'after the backup')`);
    const before = await snapshot();
    const file = path.join(s.deps.services.config.objectStoreDir, '_platform', 'backups', s.ref, '_objects', b.id.slice(0, 2), b.id);
    await writeFile(file, Buffer.concat([Buffer.from([0x1f, 0x8b, 8, 0]), Buffer.from('not a backup at all'.repeat(100))]));
    expect((await call('Owner', 'POST', url(`/${b.id}/restore`), { confirm: s.ref })).status).toBe(200);
    await s.deps.services.projects.settled(s.ref);
    expect(await s.deps.services.projects.status(s.ref)).toBe('ACTIVE_HEALTHY');
    expect(await snapshot()).toEqual(before);
    const row = (await call<BackupList>('Owner', 'GET', url())).body.backups.find((x) => x.id === b.id)!;
    expect(row.restore_status).toBe('FAILED');
    expect(row.restore_error).toBeTruthy();
    expect((await statusHistory()).at(-1)?.detail).toMatch(/failed, the data is as it was/);

    // Missing: the bytes are gone from the store.
    const gone = await takeBackup();
    await backups['o'].store.delete(s.ref, [gone.id]);
    expect((await call('Owner', 'POST', url(`/${gone.id}/restore`), { confirm: s.ref })).status).toBe(200);
    await s.deps.services.projects.settled(s.ref);
    expect(await s.deps.services.projects.status(s.ref)).toBe('ACTIVE_HEALTHY');
    expect(await snapshot()).toEqual(before);
    expect((await call<BackupList>('Owner', 'GET', url())).body.backups.find((x) => x.id === gone.id)?.restore_error).toMatch(/missing/);
  }, 240_000);

  it('answers mistakes and missing permissions with 4xx: Developer and Read-only may not restore, another organization gets 404', async () => {
    const b = (await call<BackupList>('Owner', 'GET', url())).body.backups.find((x) => x.status === 'COMPLETED')!;
    expect((await call('Developer', 'POST', url(`/${b.id}/restore`), { confirm: s.ref })).status).toBe(403);
    expect((await call('Developer', 'DELETE', url(`/${b.id}`))).status).toBe(403);
    expect((await call('Read-only', 'POST', url(`/${b.id}/restore`), { confirm: s.ref })).status).toBe(403);
    expect((await call('Read-only', 'POST', url(), {})).status).toBe(403);
    expect((await call('Read-only', 'GET', url())).status).toBe(200);
    const bad = await call<{ field?: string }>('Owner', 'POST', url('/not-a-uuid/restore'), { confirm: s.ref });
    expect(bad.status).toBe(400);
    expect((await call('Owner', 'POST', url(`/${b.id}/restore`), {})).status).toBe(400);
    expect((await call('Owner', 'GET', url('/00000000-0000-4000-8000-000000000000/download'))).status).toBe(404);
    const other = await s.app.inject({ method: 'GET', url: url(), headers: { cookie: outsider.jar.header() } });
    expect(other.statusCode).toBe(404);
    const otherDl = await s.app.inject({ method: 'GET', url: url(`/${b.id}/download`), headers: { cookie: outsider.jar.header() } });
    expect(otherDl.statusCode).toBe(404);
  }, 120_000);

  it('keeps backups out of the tenant storage: its store neither lists nor reads them', async () => {
    const b = (await call<BackupList>('Owner', 'GET', url())).body.backups.find((x) => x.status === 'COMPLETED')!;
    await expect(s.deps.objects.get(s.ref, b.id)).rejects.toMatchObject({ status: 404 });
    const tenantFiles = await readdir(path.join(s.deps.services.config.objectStoreDir, s.ref), { recursive: true }).catch(() => [] as string[]);
    expect(tenantFiles.join('\n')).not.toContain(b.id);
    const buckets = await s.app.inject({ method: 'GET', url: `/api/platform/storage/${s.ref}/buckets`, headers: await s.as('Owner') });
    expect(JSON.stringify(buckets.json())).not.toContain(b.id);
  });

  it('backs up each active project once a day and removes backups past the plan retention', async () => {
    const base = Date.now();
    try {
      backups.setClock(() => new Date(base + 3 * 86_400_000));
      const first = await backups.runScheduled({ spread: false });
      expect(first).toContain(s.ref);
      expect(await backups.runScheduled({ spread: false })).not.toContain(s.ref);
      const list = (await call<BackupList>('Owner', 'GET', url())).body;
      // The organization is on Team (the Read-only member moved it): 14 days; the on-demand backups of three days ago stay.
      expect(list.retention_days).toBe(14);
      expect(list.backups.filter((x) => x.kind === 'scheduled')).toHaveLength(1);
      const onDemand = list.backups.filter((x) => x.kind === 'on-demand').length;
      expect(onDemand).toBeGreaterThan(0);
      // 15 days later every backup taken then is past Team's 14 days.
      backups.setClock(() => new Date(base + 15 * 86_400_000));
      expect(await backups.expire()).toBe(onDemand);
      backups.setClock(() => new Date(base + 18 * 86_400_000));
      await backups.expire();
      const after = (await call<BackupList>('Owner', 'GET', url())).body.backups;
      expect(after).toEqual([]);
    } finally {
      backups.setClock(() => new Date());
    }
  }, 120_000);
});
