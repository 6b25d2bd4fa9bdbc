/**
 * GET /api/platform/projects/{ref}/status throughput and latency with autocannon on loopback.
 * Target (issue "Platform API and shared contracts"): at least 5,000 requests/s, p99 under 20 ms.
 * Run: pnpm --filter @plinth/bench bench:api-status   (DURATION=seconds, CONNECTIONS=n to change)
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import { startBenchApi, verdict } from './api-server';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 20);
// The load generator runs in its own thread so it does not share the server's event loop.
const workers = Number(process.env.WORKERS ?? 1);

const bench = await startBenchApi();
try {
  await bench.warm();
  const project = await bench.api.projects.create({ name: 'status bench', organization_slug: bench.orgSlug });
  await bench.waitForStatus(project.ref, 'ACTIVE_HEALTHY');
  const url = `${bench.baseUrl}/api/platform/projects/${project.ref}/status`;
  // Warm-up, then the measured run.
  await autocannon({ url, connections, workers, duration: 2, headers: { cookie: bench.jar.header() } });
  const r = await autocannon({ url, connections, workers, duration, headers: { cookie: bench.jar.header() } });
  const rps = r.requests.average;
  console.log(`GET /api/platform/projects/{ref}/status — ${connections} connections, ${workers} load thread(s), ${duration} s, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(`  requests: ${r.requests.total} total, ${r.non2xx} non-2xx, ${r.errors} errors`);
  console.log(`  throughput: ${rps.toFixed(0)} req/s  (target ≥ 5000: ${verdict(rps >= 5000)})`);
  console.log(`  latency p50: ${r.latency.p50} ms, p99: ${r.latency.p99} ms  (target p99 < 20 ms: ${verdict(r.latency.p99 < 20)})`);
} finally {
  await bench.close();
}
