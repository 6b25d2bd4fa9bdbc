import { realpath } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';

let h: TestHarness;
beforeAll(async () => {
  // The spare database on, as a running server has it: creations race for it.
  h = await createTestHarness({ spareDatabase: true });
});
afterAll(async () => {
  await h?.close();
});

describe('projects created at the same moment', () => {
  it('each get a database of their own: 20 concurrent creations across 5 organizations', async () => {
    const owners: { user: TestUser; slug: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const user = await h.signUp();
      const org = await user.api.organizations.create({ name: `Tenant ${i}` });
      await user.api.plans.updateSubscription(org.slug, { plan: 'pro' });
      owners.push({ user, slug: org.slug });
    }
    await h.internals.databases.ready();
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const { user, slug } = owners[i % owners.length]!;
        return user.api.projects.create({ name: `p${i}`, organization_slug: slug }).then((p) => ({ user, ref: p.ref, i }));
      }),
    );
    for (const p of created) await h.waitForStatus(p.user, p.ref, 'ACTIVE_HEALTHY', 180_000);

    // Each project writes its own marker through the SQL editor...
    for (const p of created) {
      await p.user.api.database.runQuery(p.ref, { query: `create table marker_${p.i} (owner text); insert into marker_${p.i} values ('${p.ref}');` });
    }
    // ...and sees only its own table and row.
    for (const p of created) {
      const seen = await p.user.api.database.runQuery(p.ref, {
        query: `select table_name::text as t from information_schema.tables where table_name like 'marker\\_%' order by 1`,
      });
      expect(seen.rows).toEqual([{ t: `marker_${p.i}` }]);
      const row = await p.user.api.database.runQuery(p.ref, { query: `select owner from marker_${p.i}` });
      expect(row.rows).toEqual([{ owner: p.ref }]);
    }

    if (h.mode === 'embedded') {
      const dirs = await Promise.all(created.map((p) => realpath(h.internals.databases.projectDir(p.ref))));
      expect(new Set(dirs).size).toBe(created.length);
    } else {
      const names = await Promise.all(
        created.map(async (p) => (await p.user.api.database.runQuery(p.ref, { query: 'select current_database()::text as db' })).rows[0]!.db),
      );
      expect(new Set(names).size).toBe(created.length);
      expect(names).toEqual(created.map((p) => `plinth_project_${p.ref}`));
    }
    const history = await created[0]!.user.api.projects.get(created[0]!.ref);
    expect(history.status_history?.map((e) => e.status)).toEqual(['COMING_UP', 'ACTIVE_HEALTHY']);
  });
});
