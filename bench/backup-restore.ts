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

const rows = Number(process.env.ROWS ?? 1_000_000);
const tables = Number(process.env.TABLES ?? 100);
const perTable = Math.ceil(rows / tables);

const h = await createTestHarness();
try {
  const { project } = await h.userWithProject();
  const ref = project.ref;
  const deps = h.internals.deps;
  const projects = deps.services.projects;
  const backups = (deps.services as { backups?: BackupService }).backups!;
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

  /** Probes the database until stopped; answers the time not serving and the longest gap, in ms. */
  const probe = () => {
    let stop = false;
    const answers: number[] = [performance.now()];
    const run = (async () => {
      while (!stop) {
        try {
          const d = await deps.databases.get(ref);
          await d.query('select 1');
          answers.push(performance.now());
        } catch {
          // not serving
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      answers.push(performance.now());
    })();
    return async () => {
      stop = true;
      await run;
      let down = 0;
      let longest = 0;
      for (let i = 1; i < answers.length; i++) {
        const gap = answers[i]! - answers[i - 1]!;
        if (gap > 100) down += gap;
        longest = Math.max(longest, gap);
      }
      return { down, longest };
    };
  };

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
