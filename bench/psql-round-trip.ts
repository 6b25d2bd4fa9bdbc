/**
 * psql through the wire protocol (issue 24): the round trip of a simple query (`select 1`) as psql
 * times it (\timing), over one connection made with the details Project Settings → Database shows.
 * Embedded: through the platform's wire protocol listener to the project's PGlite worker. With
 * DATABASE_URL set (or under platform-api/scripts/with-postgres.sh), the same against the Postgres
 * server as the project's own role, printed beside the embedded figure.
 * Run: pnpm --filter @plinth/bench bench:psql-round-trip   (QUERIES=n, default 2000)
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createTestHarness } from '@plinth/platform-api/testing';

const QUERIES = Number(process.env.QUERIES ?? 2000);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `select 1` QUERIES times in one psql session; answers each round trip in ms as psql timed it. */
function psqlTimings(uri: string): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('psql', [uri, '-X', '-q', '-v', 'ON_ERROR_STOP=1'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', (e) => reject((e as NodeJS.ErrnoException).code === 'ENOENT' ? new Error('psql is not installed: install the PostgreSQL client to run this bench') : e));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`psql exited with ${code}: ${err}`));
      resolve([...out.matchAll(/^Time: ([\d.]+) ms/gm)].map((m) => Number(m[1])));
    });
    child.stdin.end(`\\timing on\n${'select 1;\n'.repeat(QUERIES)}`);
  });
}

async function measure(): Promise<{ mode: string; p50: number; p95: number; n: number }> {
  const h = await createTestHarness();
  try {
    await h.internals.databases.wireServer()?.listen(0, '127.0.0.1');
    const { project } = await h.userWithProject();
    const ref = project.ref;
    // The details Project Settings → Database shows: the wire listener's port as postgres.<ref>
    // (embedded), or the server's address as the project's role; the project's password.
    const password = encodeURIComponent((await h.internals.databases.credentials.password(ref))!);
    const server = h.internals.databases.connectionUrl(ref);
    let uri: string;
    if (server) {
      const u = new URL(server);
      uri = `postgresql://plinth_${ref}_owner:${password}@${u.host}${u.pathname}`;
    } else uri = `postgresql://postgres.${ref}:${password}@127.0.0.1:${h.internals.databases.wire!.port}/postgres`;
    await psqlTimings(uri); // warm-up: the worker, the connection, the plan cache
    const times = (await psqlTimings(uri)).sort((a, b) => a - b);
    return { mode: h.mode, p50: percentile(times, 50), p95: percentile(times, 95), n: times.length };
  } finally {
    await h.close();
  }
}

const print = (r: { mode: string; p50: number; p95: number; n: number }) =>
  console.log(`${r.mode === 'embedded' ? 'embedded (PGlite over the wire)' : 'Postgres server'}: select 1 round trip p50 ${r.p50.toFixed(3)} ms, p95 ${r.p95.toFixed(3)} ms (${r.n} queries, psql \\timing)`);

if (process.env.DATABASE_URL && !process.env.PSQL_BENCH_CHILD) {
  // The embedded figure first, in a process of its own without DATABASE_URL, then the server's.
  const env = { ...process.env, PSQL_BENCH_CHILD: '1' };
  delete env.DATABASE_URL;
  spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], { stdio: 'inherit', env });
}
print(await measure());
