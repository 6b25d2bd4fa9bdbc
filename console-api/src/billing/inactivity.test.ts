import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';
import { runSqlAs } from '@plinth/platform-api/testing/run-sql';
import { appClient, listen, projectKeys } from '@plinth/project-services/testing';
import { InactivityPauser, inactivityPauseReason, type LastAppCallDays } from './inactivity';

// The free plan's rule "paused after 1 inactive week" (001 §9): the scheduled job pauses a running
// free project with no sign of use for 7 days, and never a project of a paid plan.

let h: TestHarness;
let base: string;
beforeAll(async () => {
  h = await createTestHarness();
  base = await listen(h);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const NOW = new Date();
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();

/** A user's organization on `plan` with a running project that came up `days` days ago. */
async function projectIdleFor(days: number, plan: 'free' | 'pro' | 'team' = 'free') {
  const { user, org, project } = await h.userWithProject();
  const control = h.internals.control;
  await control.query('update organizations set plan = $1 where id = $2', [plan, org.id]);
  await control.query('update projects set inserted_at = $1 where ref = $2', [daysAgo(days), project.ref]);
  await control.query(`update project_status_events set at = $1 where project_id = (select id from projects where ref = $2)`, [daysAgo(days), project.ref]);
  h.internals.access.invalidateOrganization(org.slug);
  return { user, org, project };
}

const pauser = (calls?: LastAppCallDays) =>
  new InactivityPauser(h.internals.control, h.internals.access, (rec) => h.internals.projects.pause(rec), calls ?? ((refs) => h.internals.usage.lastAppCallDays(refs)));

describe('free projects paused after a week without activity', () => {
  it('pauses a free project idle for 8 days; its owner sees it paused; a project idle for 6 days keeps running', async () => {
    const idle = await projectIdleFor(8);
    const recent = await projectIdleFor(6);
    const paused = await pauser().run(NOW);
    const refs = paused.map((p) => p.ref);
    expect(refs).toContain(idle.project.ref);
    expect(refs).not.toContain(recent.project.ref);
    expect(paused.find((p) => p.ref === idle.project.ref)!.last_active_at.slice(0, 10)).toBe(daysAgo(8).slice(0, 10));
    await h.waitForStatus(idle.user, idle.project.ref, 'INACTIVE');
    expect((await recent.user.api.projects.getStatus(recent.project.ref)).status).toBe('ACTIVE_HEALTHY');
    // Its status history says why, as its owner reads it: the rule and the last day of use.
    const history = (await idle.user.api.projects.get(idle.project.ref)).status_history ?? [];
    const pausing = history.filter((e) => e.status === 'PAUSING').at(-1);
    expect(pausing?.detail).toBe(inactivityPauseReason({ last_active_at: daysAgo(8) }));
    expect(pausing?.detail).toMatch(/^Paused by the Free plan's inactivity rule: no use for 7 days \(last use \d{4}-\d{2}-\d{2}\)$/);
    // The owner restores it (free projects can be reactivated from the dashboard); the next run leaves it running.
    await idle.user.api.projects.restore(idle.project.ref);
    await h.waitForStatus(idle.user, idle.project.ref, 'ACTIVE_HEALTHY');
    expect((await pauser().run(NOW)).map((p) => p.ref)).not.toContain(idle.project.ref);
  }, 120_000);

  it('never pauses projects of paid plans, however long they are idle', async () => {
    const pro = await projectIdleFor(60, 'pro');
    const team = await projectIdleFor(60, 'team');
    const refs = (await pauser().run(NOW)).map((p) => p.ref);
    expect(refs).not.toContain(pro.project.ref);
    expect(refs).not.toContain(team.project.ref);
    expect((await pro.user.api.projects.getStatus(pro.project.ref)).status).toBe('ACTIVE_HEALTHY');
  }, 120_000);

  it('a query run in the SQL editor within the week counts as use', async () => {
    const { user, project } = await projectIdleFor(10);
    // What the SQL editor sends: a run kept in the project's history.
    expect((await runSqlAs(user, project.ref, { query: 'select 1', resultShape: 'statements', history: true })).status).toBe(200);
    const refs = (await pauser().run(NOW)).map((p) => p.ref);
    expect(refs).not.toContain(project.ref);
  }, 120_000);

  it("an app's call within the week counts as use (the log store's last call day); one 9 days ago does not", async () => {
    const called = await projectIdleFor(10);
    const keys = await projectKeys(h, called.project.ref);
    // A real call of the app: the log store counts it on today's date.
    await appClient(base, keys.ref, keys.serviceRoleKey).auth.admin.listUsers();
    const days = await h.internals.usage.lastAppCallDays([called.project.ref]);
    expect(days.get(called.project.ref)).toBe(new Date().toISOString().slice(0, 10));
    expect((await pauser().run(NOW)).map((p) => p.ref)).not.toContain(called.project.ref);

    const old = await projectIdleFor(10);
    const nineDaysAgo = (async (refs: string[]) => new Map(refs.map((r) => [r, daysAgo(9).slice(0, 10)]))) satisfies LastAppCallDays;
    expect((await pauser(nineDaysAgo).run(NOW)).map((p) => p.ref)).toContain(old.project.ref);
  }, 120_000);
});
