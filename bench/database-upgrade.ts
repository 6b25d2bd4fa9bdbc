/**
 * A database upgrade of a project (issue 24, 000 §4.4): 100 tables, 1,000,000 rows in all.
 *   total:       seconds from the POST's start (the service's start) to the project ACTIVE_HEALTHY again, Upgraded
 *   not serving: while it runs, a probe asks every 20 ms what an app gets (the project ACTIVE_HEALTHY and
 *                its database answering `select 1`, as GET /projects/{ref}/live does); the time not
 *                serving is the sum of the gaps between answers longer than 100 ms, and the longest gap
 * The project is made "old" as the API test does (projects.database_image null: image 1).
 * Embedded database by default; the server named by DATABASE_URL when set (pg_dump and psql needed).
 * Run: npx tsx bench/database-upgrade.ts   (ROWS=total rows, default 1000000; TABLES=n, default 100)
 */
import { createTestHarness } from '@plinth/platform-api/testing';
import type { UpgradeService } from '../console-api/src/upgrades/service';

const rows = Number(process.env.ROWS ?? 1_000_000);
const tables = Number(process.env.TABLES ?? 100);
const perTable = Math.ceil(rows / tables);

const h = await createTestHarness();
try {
  const { project } = await h.userWithProject();
  const ref = project.ref;
  const deps = h.internals.deps;
  const projects = deps.services.projects;
  const upgrades = (deps.services as { upgrades?: UpgradeService }).upgrades!;
  const rec = (await deps.services.access.project(ref))!;
  const db = await deps.databases.get(ref);
  const t0 = performance.now();
  for (let i = 0; i < tables; i++) {
    await db.exec(`create table public.t${i} (id bigint primary key, name text not null, amount numeric not null, at timestamptz not null default now());
      insert into public.t${i} (id, name, amount) select g, 'row ' || g, g * 1.5 from generate_series(1, ${perTable}) g`);
  }
  console.log(`filled ${tables} tables × ${perTable} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s (${deps.databases.embedded ? 'embedded' : 'server'})`);
  const count = async () => {
    const d = await deps.databases.get(ref);
    let n = 0;
    for (let i = 0; i < tables; i += 1) n += Number((await d.query<{ n: string }>(`select count(*) as n from public.t${i}`)).rows[0]!.n);
    return n;
  };
  await deps.control.query('update projects set database_image = null where ref = $1', [ref]);

  const steps: { progress: string; at: number }[] = [];
  upgrades.onStep = (r, progress) => {
    if (r === ref) steps.push({ progress, at: performance.now() });
  };
  let stop = false;
  const answers: number[] = [performance.now()];
  const probing = (async () => {
    while (!stop) {
      try {
        if ((await projects.status(ref)) === 'ACTIVE_HEALTHY' && deps.databases.isOpen(ref)) {
          await (await deps.databases.get(ref)).query('select 1');
          answers.push(performance.now());
        }
      } catch {
        // not serving
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    answers.push(performance.now());
  })();

  const info = await upgrades.eligibility(rec);
  const start = performance.now();
  await upgrades.start(rec, info.target_version!);
  await projects.settled(ref);
  const total = (performance.now() - start) / 1000;
  stop = true;
  await probing;
  let down = 0;
  let longest = 0;
  for (let i = 1; i < answers.length; i++) {
    const gap = answers[i]! - answers[i - 1]!;
    if (gap > 100) down += gap;
    longest = Math.max(longest, gap);
  }
  const status = (await projects.upgradeStatus(rec.id)).databaseUpgradeStatus;
  const after = await count();
  const stepTimes = steps.map((s, i) => `${s.progress} ${(((steps[i + 1]?.at ?? start + total * 1000) - s.at) / 1000).toFixed(1)} s`);
  console.log(`upgrade: ${total.toFixed(1)} s total to ${await projects.status(ref)}, ${status?.status} ${status?.target_version}${status?.error ? ` (${status.error})` : ''}`);
  console.log(`not serving ${(down / 1000).toFixed(2)} s, longest gap ${(longest / 1000).toFixed(2)} s`);
  console.log(`steps: ${stepTimes.join('; ')}`);
  console.log(`rows after the upgrade: ${after} of ${perTable * tables} ${after === perTable * tables ? '(equal)' : '(DIFFERENT)'}`);
} finally {
  await h.close();
}
