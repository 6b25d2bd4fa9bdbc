/**
 * Backup and restore of a project database (issue 24): 100 tables, 1,000,000 rows in all.
 *   backup:   seconds from the on-demand backup's start to its row COMPLETED, the stored size
 *   restore:  seconds from the restore's start to the project ACTIVE_HEALTHY again
 *   not serving: while each runs, a probe asks the project database `select 1` every 20 ms as
 *             every API call does (deps.databases.get + query); the time not serving is the sum of
 *             the gaps between answers longer than 100 ms (refused or waiting), and the longest gap
 * Embedded database by default; the server named by DATABASE_URL when set (pg_dump and psql needed).
 * Run: npx tsx bench/backup-restore.ts   (ROWS=total rows, default 1000000; TABLES=n, default 100)
 */
import { createTestHarness } from '@plinth/platform-api/testing';
import type { BackupService } from '../console-api/src/backups/service';
import { benchSize, countRows, fillTables, probeServing } from './support/project-rows';

const { tables, perTable } = benchSize();

const h = await createTestHarness();
try {
  const { project } = await h.userWithProject();
  const ref = project.ref;
  const deps = h.internals.deps;
  const projects = deps.services.projects;
  const backups = (deps.services as { backups?: BackupService }).backups!;
  const rec = (await deps.services.access.project(ref))!;
  const db = await deps.databases.get(ref);
  await fillTables(db, tables, perTable, deps.databases.embedded);
  const count = () => countRows(deps, ref, tables);
  /** An app is served while the project database answers `select 1`, as every API call asks it. */
  const probe = () => probeServing(async () => Boolean(await (await deps.databases.get(ref)).query('select 1')));

  let stopProbe = probe();
  let start = performance.now();
  const started = (await backups.start(rec, 'pro', 'on-demand'))!;
  await started.done;
  const backupSeconds = (performance.now() - start) / 1000;
  const backupProbe = await stopProbe();
  const list = await backups.list(rec, 'pro');
  const made = list.backups.find((b) => b.id === started.backup.id)!;
  if (made.status !== 'COMPLETED') throw new Error(`backup ${made.status}: ${made.error}`);

  await db.exec(`drop table public.t0; delete from public.t1`);
  stopProbe = probe();
  start = performance.now();
  await backups.restore(rec, made.id);
  await projects.settled(ref);
  const restoreSeconds = (performance.now() - start) / 1000;
  const restoreProbe = await stopProbe();
  const status = await projects.status(ref);
  const after = await count();

  console.log(`backup:  ${backupSeconds.toFixed(1)} s, ${(made.size_bytes! / 1024 / 1024).toFixed(1)} MB stored (${list.format}); not serving ${(backupProbe.down / 1000).toFixed(2)} s, longest gap ${(backupProbe.longest / 1000).toFixed(2)} s`);
  console.log(`restore: ${restoreSeconds.toFixed(1)} s to ${status}; not serving ${(restoreProbe.down / 1000).toFixed(2)} s, longest gap ${(restoreProbe.longest / 1000).toFixed(2)} s`);
  console.log(`rows after restore: ${after} of ${perTable * tables} ${after === perTable * tables ? '(equal)' : '(DIFFERENT)'}`);
} finally {
  await h.close();
}
