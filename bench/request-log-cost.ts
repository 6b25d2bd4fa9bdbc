/**
 * What the request log costs per call, away from any HTTP load: ROWS (20,000) recorded calls of
 * the data API queued as the project APIs queue them, then written in batches, ROUNDS (3) times.
 * Prints CPU microseconds per row for queueing (on the request path) and for writing (off it),
 * and the wall time of each round. Embedded database by default; DATABASE_URL: on that server.
 * A steadier figure than throughput on a shared machine: bench:rest-select-logging shows the same
 * cost inside the noise of a loaded run.
 * Run: pnpm --filter @plinth/bench bench:request-log-cost   (ROWS, ROUNDS)
 */
import { createTestHarness } from '@plinth/platform-api/testing';

const rows = Number(process.env.ROWS ?? 20_000);
const rounds = Number(process.env.ROUNDS ?? 3);
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

const h = await createTestHarness();
try {
  const { project } = await h.userWithProject();
  const store = h.app.logStore;
  console.log(`request log cost — ${h.mode} database, ${rows} rows a round`);
  for (let round = 1; round <= rounds; round++) {
    const start = performance.now();
    const queued = process.cpuUsage();
    for (let i = 0; i < rows; i++) {
      store.record({
        ref: project.ref, service: 'rest', method: 'GET', path: '/items', search: `select=*&id=gte.${i}&id=lt.${i + 100}&order=id.asc`,
        status: 200, latencyMs: 3.2, role: 'authenticated', userId: '6f1c0c52-6d1e-4c1a-9a43-2b0f3f8b1a11', bytesOut: 9000,
      });
    }
    const queue = cpuMs(process.cpuUsage(queued));
    const written = process.cpuUsage();
    await store.flush();
    const write = cpuMs(process.cpuUsage(written));
    console.log(`  round ${round}: queueing ${((queue / rows) * 1000).toFixed(1)} µs/row, writing ${((write / rows) * 1000).toFixed(1)} µs/row (CPU of this process), ${(performance.now() - start).toFixed(0)} ms wall`);
  }
  console.log(`  rows dropped: ${store.writer.dropped}`);
} finally {
  await h.close();
}
