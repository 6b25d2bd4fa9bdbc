import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsageDailyClient } from '@plinth/contracts-billing';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('usage per day', () => {
  it('each day of the period so far, with the requests and bytes of that day, and the sizes measured that day; narrowed to one project', async () => {
    const { user, org, project } = await h.userWithProject();
    const other = await h.createProject(user, org.slug, 'Second');
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const firstDay = `${today.slice(0, 8)}01`;
    const logs = h.app.logStore.db;
    const put = (ref: string, day: string, service: string, requests: number, bytes: number) =>
      logs.query('insert into project_usage_daily (project_ref, day, service, requests, egress_bytes) values ($1, $2, $3, $4, $5) on conflict (project_ref, day, service) do update set requests = excluded.requests, egress_bytes = excluded.egress_bytes', [ref, day, service, requests, bytes]);
    await put(project.ref, firstDay, 'rest', 100, 5_000);
    await put(project.ref, today, 'rest', 7, 700);
    await put(project.ref, today, 'auth', 3, 300);
    await put(other.ref, today, 'storage', 40, 4_000);
    // Reading usage measures the sizes: today's are kept.
    const measured = await user.api.usage.getOrganizationUsage(org.slug);
    const dbTotal = measured.projects.reduce((n, p) => n + p.db_size.usage, 0);

    const daily = createUsageDailyClient(user.api.http);
    const all = await daily.getUsageDaily(org.slug);
    expect(all.days.map((d) => d.date)).toEqual(Array.from({ length: now.getUTCDate() }, (_, i) => `${today.slice(0, 8)}${String(i + 1).padStart(2, '0')}`));
    const last = all.days.at(-1)!;
    expect(last).toEqual({ date: today, requests: 50, egress_bytes: 5_000, db_size: dbTotal, storage_size: 0 });
    if (firstDay !== today) expect(all.days[0]).toEqual({ date: firstDay, requests: 100, egress_bytes: 5_000, db_size: null, storage_size: null });

    const one = await daily.getUsageDaily(org.slug, project.ref);
    expect(one.project).toBe(project.ref);
    expect(one.days.at(-1)).toMatchObject({ requests: 10, egress_bytes: 1_000, db_size: measured.projects.find((p) => p.project === project.ref)!.db_size.usage });

    const { project: elsewhere } = await h.userWithProject();
    await expect(daily.getUsageDaily(org.slug, elsewhere.ref)).rejects.toMatchObject({ status: 404 });
    const outsider = await h.signUp();
    await expect(createUsageDailyClient(outsider.api.http).getUsageDaily(org.slug)).rejects.toMatchObject({ status: 404 });
  });
});
