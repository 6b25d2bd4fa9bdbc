/**
 * Policy tester round trip on the embedded platform API over loopback: a draft policy applied and
 * SELECT, INSERT, UPDATE and DELETE tried on 100 sample rows as a signed-in caller, in one
 * transaction that is rolled back. Target (issue 11): under 300 ms. Prints the median and the
 * slowest of 20 runs after a warm-up, and the process's CPU time per round trip (API, embedded
 * database and client together), the figure to compare on a loaded machine.
 * Run: pnpm --filter @plinth/bench run bench:policy-tester
 */
import os from 'node:os';
import { createPolicyTestClient, type PolicyTestRequest } from '@plinth/contracts-database';
import { startBenchApi, verdict } from './api-server';

const TARGET_MS = 300;
const RUNS = 20;

const bench = await startBenchApi();
try {
  await bench.warm();
  const { api } = bench;
  const project = await api.projects.create({ name: 'policy tester bench', organization_slug: bench.orgSlug });
  await bench.waitForStatus(project.ref, 'ACTIVE_HEALTHY');
  const ref = project.ref;
  await api.database.runQuery(ref, {
    query: `create table public.todos (id int primary key, user_id uuid not null, title text not null, done boolean not null default false);
      insert into public.todos select i, case when i % 2 = 0 then '5b0e1f59-1f0a-4b0c-9a43-0c7a4d9d5f10'::uuid else gen_random_uuid() end, 'todo ' || i from generate_series(1, 100) i;
      grant select, insert, update, delete on public.todos to anon, authenticated;
      alter table public.todos enable row level security;
      create policy "Read done" on public.todos for select using (done);`,
  });
  const tester = createPolicyTestClient(api.http);
  const request: PolicyTestRequest = {
    schema: 'public',
    table: 'todos',
    draft: { name: 'Own todos', command: 'ALL', definition: 'auth.uid() = user_id', check: 'auth.uid() = user_id', roles: ['authenticated'] },
    caller: { kind: 'authenticated', claims: { sub: '5b0e1f59-1f0a-4b0c-9a43-0c7a4d9d5f10', email: 'owner@example.com' } },
  };
  const first = await tester.testPolicy(ref, request);
  const seen = first.rows.filter((r) => r.select.allowed).length;
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await tester.testPolicy(ref, request);
    const used = process.cpuUsage(c0);
    times.push(performance.now() - t0);
    cpu.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(`Policy tester, 4 operations × ${first.rows.length} rows (caller sees ${seen}) — ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(`  round trip: median ${median.toFixed(0)} ms, slowest ${times.at(-1)!.toFixed(0)} ms of ${RUNS}; target < ${TARGET_MS} ms: ${verdict(median < TARGET_MS)}`);
  // The API, its embedded database (worker threads) and the client share this process: its CPU time
  // per round trip is what the test costs, steadier than wall time on a loaded machine.
  console.log(`  CPU time of the process per round trip: median ${cpu[Math.floor(cpu.length / 2)]!.toFixed(0)} ms`);
} finally {
  await bench.close();
}
