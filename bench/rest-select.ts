/**
 * The data API: GET {project services}/{ref}/rest/v1/items?select=*&id=gte.N&id=lt.N+100 — 100 rows by
 * primary-key range, as a signed-in app user, with row level security on the table — under
 * autocannon on loopback. Embedded database by default; the server named by DATABASE_URL when set
 * (a fresh control database and project database there, dropped at the end).
 * Target (issue 13) on the server database: at least 2,000 requests/s, p99 under 50 ms.
 * Run: pnpm --filter @plinth/bench bench:rest-select   (DURATION=seconds, CONNECTIONS=n, WORKERS=n)
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { signJwt } from '@plinth/platform-api';
import { createTestHarness } from '@plinth/platform-api/testing';
import { verdict } from './api-server';
import { runLoad } from './load';


const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 50);
const workers = Number(process.env.WORKERS ?? 1);
const ROWS = 20_000;

/** Fields of /proc/<pid>/stat after the command name: [0] state, [1] ppid, … [11] utime, [12] stime. */
function procStat(pid: string | number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * CPU seconds used so far by one Postgres server (its postmaster and the processes it started), and
 * by the backends connected to the project's database among them (Linux /proc; 0 elsewhere).
 */
function postgresCpuSeconds(postmaster: number | null, projectDatabase: string): { all: number; project: number } {
  const out = { all: 0, project: 0 };
  if (!postmaster) return out;
  try {
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        const fields = procStat(pid);
        if (Number(pid) !== postmaster && Number(fields[1]) !== postmaster) continue;
        const ticks = Number(fields[11]) + Number(fields[12]);
        out.all += ticks / 100;
        // A backend's title: "postgres: <user> <database> <client> <state>".
        if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(' ')[2] === projectDatabase) out.project += ticks / 100;
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return out;
  }
  return out;
}

const h = await createTestHarness();
try {
  const { project } = await h.userWithProject();
  const ref = project.ref;
  const keys = (await h.internals.control.query<{ anon_key: string; jwt_secret: string }>('select anon_key, jwt_secret from projects where ref = $1', [ref])).rows[0]!;
  const me = randomUUID();
  const other = randomUUID();
  const db = await h.internals.databases.get(ref);
  // Half the rows are the bench user's (ids 1..10000), half another user's: the policy decides. The
  // policy reads auth.uid() once per statement (a sub-select), as the established platform advises.
  await db.exec(`
    create table public.items (id integer primary key, owner uuid not null, title text not null, price numeric not null, created_at timestamptz not null default now());
    alter table public.items enable row level security;
    create policy own_items on public.items for select to authenticated using (owner = (select auth.uid()));
    grant select on public.items to anon, authenticated;
    insert into public.items (id, owner, title, price)
      select i, case when i <= ${ROWS / 2} then '${me}'::uuid else '${other}'::uuid end, 'item ' || i, (i % 997) / 10.0
      from generate_series(1, ${ROWS}) i;
    analyze public.items;`);
  const address = await h.services.listen({ port: 0, host: '127.0.0.1' });
  const token = await signJwt({ sub: me, role: 'authenticated', aud: 'authenticated', ref, exp: Math.floor(Date.now() / 1000) + 3600 }, keys.jwt_secret);
  const headers = { apikey: keys.anon_key, authorization: `Bearer ${token}`, accept: 'application/json' };
  const path = (start: number) => `/${ref}/rest/v1/items?select=*&id=gte.${start}&id=lt.${start + 100}&order=id.asc`;

  const sample = await fetch(`${address}${path(1)}`, { headers });
  const rows = (await sample.json()) as unknown[];
  if (sample.status !== 200 || rows.length !== 100) throw new Error(`sample request answered ${sample.status} with ${rows.length} rows`);
  const theirs = (await (await fetch(`${address}${path(ROWS / 2 + 1)}`, { headers })).json()) as unknown[];
  if (theirs.length !== 0) throw new Error('the policy let the bench user read another user\'s rows');

  // Each connection cycles through 50 different ranges of the user's rows.
  const requests = Array.from({ length: 50 }, (_, i) => ({ method: 'GET', path: path(1 + i * 197) }));
  const opts = { url: address, connections, workers, headers, requests };
  await runLoad({ ...opts, duration: 2 });
  let postmaster: number | null = null;
  const projectDatabase = h.mode === 'server' ? (await db.query<{ name: string }>('select current_database() as name')).rows[0]!.name : '';
  if (h.mode === 'server') {
    const backend = (await h.internals.control.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    postmaster = (() => { try { return Number(procStat(backend)[1]); } catch { return null; } })();
  }
  const cpu0 = process.cpuUsage();
  const pg0 = postgresCpuSeconds(postmaster, projectDatabase);
  const r = await runLoad({ ...opts, duration });
  const cpu = process.cpuUsage(cpu0);
  const apiMs = (cpu.user + cpu.system) / 1000 / Math.max(1, r.requests.total);
  const pg1 = postgresCpuSeconds(postmaster, projectDatabase);
  const pgMs = ((pg1.all - pg0.all) * 1000) / Math.max(1, r.requests.total);
  const pgProjectMs = ((pg1.project - pg0.project) * 1000) / Math.max(1, r.requests.total);
  const rps = r.requests.average;
  console.log(`GET /rest/v1/items (100 rows by primary-key range, RLS on) — ${h.mode} database, ${connections} connections, ${workers} load thread(s), ${duration} s, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(`  requests: ${r.requests.total} total, ${r.non2xx} non-2xx, ${r.errors} errors`);
  const target = h.mode === 'server' ? ` (target ≥ 2000: ${verdict(rps >= 2000)})` : '';
  console.log(`  throughput: ${rps.toFixed(0)} req/s${target}`);
  console.log(`  latency p50: ${r.latency.p50} ms, p99: ${r.latency.p99} ms${h.mode === 'server' ? ` (target p99 < 50 ms: ${verdict(r.latency.p99 < 50)})` : ''}`);
  // Independent of other load on the machine: CPU spent per request, and what that allows per core.
  const perRequest = apiMs + pgMs;
  console.log(`  CPU per request: ${apiMs.toFixed(2)} ms in this process (API and, embedded, the project database worker)${h.mode === 'server' ? `, ${pgMs.toFixed(2)} ms in Postgres (${pgProjectMs.toFixed(2)} ms of it for the project database)` : ''}; ≈ ${(1000 / perRequest).toFixed(0)} req/s per idle core`);
} finally {
  await h.close();
}
