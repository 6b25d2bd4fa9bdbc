import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceWarning } from '@plinth/shared-contracts';
import type { ProjectUsage } from '@plinth/contracts-billing';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { appClient, listen, projectKeys, type ProjectKeys } from '@plinth/project-services/testing';
import { ensureStorageSchema } from '@plinth/project-services/testing';

// What an app does through supabase-js shows in the usage answers (database size, storage size,
// egress) and monthly active users over the plan's quota reach the resource warnings the shell's
// banner reads.

let h: TestHarness;
let base: string;
let keys: ProjectKeys;
let owner: TestUser;
let orgSlug: string;

beforeAll(async () => {
  h = await createTestHarness();
  const { user, org, project } = await h.userWithProject();
  owner = user;
  orgSlug = org.slug;
  keys = await projectKeys(h, project.ref);
  const db = await ensureStorageSchema(await h.internals.databases.get(project.ref));
  await db.exec('create table notes (id serial primary key, body text not null); grant all on notes to service_role; grant usage on sequence notes_id_seq to service_role;', { user: true });
  base = await listen(h);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const usage = (): Promise<ProjectUsage> => owner.api.usage.getProjectUsage(keys.ref);
const warning = async (): Promise<ResourceWarning> => (await owner.api.projects.getResourceWarnings()).find((w) => w.project === keys.ref)!;
const KB = 1024;

describe("an app's calls in the usage answers", () => {
  it('storage size grows by what the app uploads, egress by what it downloads, database size by the rows it writes', async () => {
    const service = appClient(base, keys.ref, keys.serviceRoleKey);
    const before = await usage();
    expect((await service.storage.createBucket('media', { public: false })).error).toBeNull();
    const bytes = new Uint8Array(256 * KB).map((_, i) => i % 251);
    expect((await service.storage.from('media').upload('clip.bin', bytes, { contentType: 'application/octet-stream' })).error).toBeNull();
    const downloaded = await service.storage.from('media').download('clip.bin');
    expect(downloaded.data?.size).toBe(256 * KB);
    for (let batch = 0; batch < 4; batch++) {
      const rows = Array.from({ length: 1000 }, (_, i) => ({ body: `note ${batch}.${i} `.padEnd(400, 'x') }));
      expect((await service.from('notes').insert(rows)).error).toBeNull();
    }

    const after = await usage();
    expect(after.storage_size.usage - before.storage_size.usage).toBeGreaterThanOrEqual(256 * KB);
    expect(after.db_egress.usage - before.db_egress.usage).toBeGreaterThanOrEqual(256 * KB);
    expect(after.db_size.usage - before.db_size.usage).toBeGreaterThanOrEqual(1024 * KB);
    expect(after.api_requests!.storage - before.api_requests!.storage).toBe(3);
    expect(after.api_requests!.rest - before.api_requests!.rest).toBe(4);

    const org = await owner.api.usage.getOrganizationUsage(orgSlug);
    expect(org.projects.find((p) => p.project === keys.ref)).toMatchObject({ storage_size: after.storage_size, api_requests: after.api_requests });
    expect(org.storage_size.usage).toBe(after.storage_size.usage);
  });
});

describe('monthly active users in the resource warnings', () => {
  const seedActiveUsers = async (from: number, to: number) => {
    await h.app.logStore.flush();
    const month = `${new Date().toISOString().slice(0, 7)}-01`;
    await h.app.logStore.db.query(
      `insert into project_active_users (project_ref, month, user_id) select $1, $2::date, 'seeded-' || g from generate_series($3::int, $4::int) g on conflict do nothing`,
      [keys.ref, month, from, to],
    );
  };

  it('read null under 80 % of the quota, warning from 80 %, critical at the quota', async () => {
    expect(await warning()).toMatchObject({ monthly_active_users: null, database_size: null });
    await seedActiveUsers(1, 40_000); // free plan: 50,000
    expect((await warning()).monthly_active_users).toBe('warning');
    await seedActiveUsers(40_001, 50_000);
    const w = await warning();
    expect(w.monthly_active_users).toBe('critical');
    // Users of an app do not put the project in read-only mode (only its database size does).
    expect(w.is_readonly_mode_enabled).toBe(false);
    expect((await usage()).monthly_active_users).toMatchObject({ usage: 50_000, limit: 50_000 });
  });

  it('an enterprise plan has no quota: no warning', async () => {
    await h.internals.control.query("update organizations set plan = 'enterprise' where slug = $1", [orgSlug]);
    h.internals.access.invalidateOrganization(orgSlug);
    try {
      expect((await warning()).monthly_active_users).toBeNull();
    } finally {
      await h.internals.control.query("update organizations set plan = 'free' where slug = $1", [orgSlug]);
      h.internals.access.invalidateOrganization(orgSlug);
    }
  });

  it('the warnings still answer, without the field, when the log store fails', async () => {
    const store = h.app.logStore;
    const real = store.db;
    store.db = { ...real, query: async () => Promise.reject(new Error('log store down')), transaction: async () => Promise.reject(new Error('log store down')) };
    try {
      const w = await warning();
      expect(w).toBeDefined();
      expect(w.monthly_active_users).toBeUndefined();
    } finally {
      store.db = real;
    }
  });
});
