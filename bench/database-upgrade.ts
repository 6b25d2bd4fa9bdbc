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
import { benchSize, countRows, fillTables, probeServing } from './support/project-rows';

const { tables, perTable } = benchSize();

const h = await createTestHarness();
try {
  const { project } = await h.userWithProject();
  const ref = project.ref;
  const deps = h.internals.deps;
  const projects = deps.services.projects;
  const upgrades = (deps.services as { upgrades?: UpgradeService }).upgrades!;
  const rec = (await deps.services.access.project(ref))!;
  const db = await deps.databases.get(ref);
  await fillTables(db, tables, perTable, deps.databases.embedded);
  const count = () => countRows(deps, ref, tables);
  await deps.control.query('update projects set database_image = null where ref = $1', [ref]);

  const steps: { progress: string; at: number }[] = [];
  upgrades.onStep = (r, progress) => {
    if (r === ref) steps.push({ progress, at: performance.now() });
  };
  // An app is served while the project is ACTIVE_HEALTHY and its database answers `select 1` (GET /projects/{ref}/live).
  const stopProbe = probeServing(async () => (await projects.status(ref)) === 'ACTIVE_HEALTHY' && deps.databases.isOpen(ref) && Boolean(await (await deps.databases.get(ref)).query('select 1')));

  const info = await upgrades.eligibility(rec);
  const start = performance.now();
  await upgrades.start(rec, info.target_version!);
  await projects.settled(ref);
  const total = (performance.now() - start) / 1000;
  const { down, longest } = await stopProbe();
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
