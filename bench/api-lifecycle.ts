/**
 * Project lifecycle times on the embedded database, measured by polling GET status every 10 ms:
 * create → ACTIVE_HEALTHY, pause → INACTIVE, restore → ACTIVE_HEALTHY. Target: each under 3 s.
 * Before each creation the bench waits until the server's spare database is ready (steady state).
 * Run: pnpm --filter @plinth/bench bench:api-lifecycle   (ROUNDS=n, default 3)
 */
import os from 'node:os';
import { startBenchApi, verdict } from './api-server';

const rounds = Number(process.env.ROUNDS ?? 3);
const bench = await startBenchApi();
const times: Record<'create' | 'pause' | 'restore', number[]> = { create: [], pause: [], restore: [] };
try {
  await bench.warm();
  for (let i = 0; i < rounds; i++) {
    await bench.warm();
    let t = performance.now();
    const p = await bench.api.projects.create({ name: `lifecycle ${i}`, organization_slug: bench.orgSlug });
    await bench.waitForStatus(p.ref, 'ACTIVE_HEALTHY');
    times.create.push(performance.now() - t);
    t = performance.now();
    await bench.api.projects.pause(p.ref);
    await bench.waitForStatus(p.ref, 'INACTIVE');
    times.pause.push(performance.now() - t);
    t = performance.now();
    await bench.api.projects.restore(p.ref);
    await bench.waitForStatus(p.ref, 'ACTIVE_HEALTHY');
    times.restore.push(performance.now() - t);
  }
  console.log(`Project lifecycle, embedded PGlite, ${rounds} rounds, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`);
  for (const [step, label] of [['create', 'create → ACTIVE_HEALTHY'], ['pause', 'pause → INACTIVE'], ['restore', 'restore → ACTIVE_HEALTHY']] as const) {
    const list = times[step];
    const median = [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    console.log(`  ${label}: median ${(median / 1000).toFixed(2)} s, each ${list.map((ms) => (ms / 1000).toFixed(2)).join(' / ')} s  (target < 3 s: ${verdict(median < 3000)})`);
  }
} finally {
  await bench.close();
}
