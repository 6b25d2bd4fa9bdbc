/**
 * Creating a preview branch (a copy of the parent's database, platform-core project-db/copy.ts) of
 * a project with TABLES tables and ROWS rows in all: seconds for the schema alone and with the data,
 * each as POST /v1/projects/{ref}/branches answers (the branch project made and its database copied),
 * then the branch deleted. Embedded database by default; the server named by DATABASE_URL when set
 * (bash platform-api/scripts/with-postgres.sh npx tsx bench/branch-create.ts).
 * Run: pnpm --filter @plinth/bench exec tsx branch-create.ts   (TABLES=100, ROWS=1000000, ROUNDS=1)
 * Measured 2026-11-28 (2 cores shared, load average 5.5-5.9; 116 MB): embedded, schema only 3.87 s, with
 * data 3.30 s (the files are copied either way; schema only then empties every table); Postgres
 * server, schema only 0.88 s, with data 2.55 s.
 */
import os from 'node:os';
import { createTestHarness } from '@plinth/platform-api/testing';
import { runSqlAs } from '@plinth/platform-api/testing/run-sql';

const tables = Number(process.env.TABLES ?? 100);
const rows = Number(process.env.ROWS ?? 1_000_000);
const rounds = Number(process.env.ROUNDS ?? 1);

const h = await createTestHarness();
try {
  const { user, project } = await h.userWithProject();
  const sql = async (query: string) => {
    const r = await runSqlAs(user, project.ref, { query });
    if (r.status !== 200) throw new Error(`${query.slice(0, 80)}: ${r.status} ${r.body.message}`);
  };
  const perTable = Math.ceil(rows / tables);
  let t = performance.now();
  for (let i = 0; i < tables; i++) {
    await sql(`create table public.bench_${i} (id bigint primary key, name text not null, at timestamptz not null default now());
      insert into public.bench_${i} (id, name) select g, md5(g::text) from generate_series(1, ${perTable}) g;`);
  }
  const built = (performance.now() - t) / 1000;
  const size = await h.internals.databases.get(project.ref).then((db) => db.sizeBytes());
  console.log(`Branch creation, ${h.mode === 'embedded' ? 'embedded PGlite' : 'Postgres server'}: ${tables} tables, ${(perTable * tables).toLocaleString('en')} rows, ${(size / 1024 / 1024).toFixed(0)} MB (built in ${built.toFixed(1)} s); ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`);
  for (const withData of [false, true]) {
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) {
      t = performance.now();
      const made = await user.fetch(`/api/v1/projects/${project.ref}/branches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': user.jar.get('plinth_csrf') ?? '' },
        body: JSON.stringify({ branch_name: `bench-${withData ? 'data' : 'schema'}-${round}`, with_data: withData }),
      });
      if (!made.ok) throw new Error(`creating the branch answered ${made.status}: ${await made.text()}`);
      const branch = (await made.json()) as { id: string };
      times.push((performance.now() - t) / 1000);
      const gone = await user.fetch(`/api/v1/branches/${branch.id}`, { method: 'DELETE', headers: { 'x-csrf-token': user.jar.get('plinth_csrf') ?? '' } });
      if (!gone.ok) throw new Error(`deleting the branch answered ${gone.status}`);
    }
    console.log(`  ${withData ? 'schema and data' : 'schema only    '}: ${times.map((s) => s.toFixed(2)).join(' / ')} s`);
  }
} finally {
  await h.close();
}
