import type { ApiDeps, ProjectDatabase } from '@plinth/platform-core/deps';

// What the database benches share (backup-restore.ts, database-upgrade.ts): a project database
// filled with N tables of rows, its rows counted again afterwards, and a probe of the time an app
// is not served while something runs.

/** Size from ROWS (total rows, default 1,000,000) and TABLES (default 100). */
export function benchSize(): { tables: number; perTable: number; rows: number } {
  const rows = Number(process.env.ROWS ?? 1_000_000);
  const tables = Number(process.env.TABLES ?? 100);
  const perTable = Math.ceil(rows / tables);
  return { tables, perTable, rows: perTable * tables };
}

/** Creates public.t0…t{n-1}, each with `perTable` rows; prints how long it took. */
export async function fillTables(db: ProjectDatabase, tables: number, perTable: number, embedded: boolean): Promise<void> {
  const t0 = performance.now();
  for (let i = 0; i < tables; i++) {
    await db.exec(`create table public.t${i} (id bigint primary key, name text not null, amount numeric not null, at timestamptz not null default now());
      insert into public.t${i} (id, name, amount) select g, 'row ' || g, g * 1.5 from generate_series(1, ${perTable}) g`);
  }
  console.log(`filled ${tables} tables × ${perTable} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s (${embedded ? 'embedded' : 'server'})`);
}

/** The rows of public.t0…t{n-1} now. */
export async function countRows(deps: ApiDeps, ref: string, tables: number): Promise<number> {
  const db = await deps.databases.get(ref);
  let n = 0;
  for (let i = 0; i < tables; i += 1) n += Number((await db.query<{ n: string }>(`select count(*) as n from public.t${i}`)).rows[0]!.n);
  return n;
}

/**
 * Runs `serve` every 20 ms until stopped (it throws when the app is not served); the answer of
 * stop() is the time not serving (the sum of gaps between answers over 100 ms) and the longest gap, in ms.
 */
export function probeServing(serve: () => Promise<boolean>): () => Promise<{ down: number; longest: number }> {
  let stop = false;
  const answers: number[] = [performance.now()];
  const run = (async () => {
    while (!stop) {
      try {
        if (await serve()) answers.push(performance.now());
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
}
