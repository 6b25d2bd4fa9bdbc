/**
 * Memory of an embedded platform API with many projects: creates PROJECTS projects (default 200),
 * then uses IN_USE of them (default 10) with a query each, ROUNDS times, and prints the process's
 * resident memory and heap after each phase. Figures only, no target.
 * Run: pnpm --filter @plinth/bench bench:api-memory   (PROJECTS, IN_USE, ROUNDS; PLINTH_MAX_OPEN_DATABASES
 * bounds the open databases, default 20). The template is copied per project (~40 MB of disk each).
 */
import { startBenchApi } from './api-server';

const projects = Number(process.env.PROJECTS ?? 200);
const inUse = Number(process.env.IN_USE ?? 10);
const rounds = Number(process.env.ROUNDS ?? 5);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const memory = (label: string) => {
  global.gc?.();
  const m = process.memoryUsage();
  console.log(`  ${label}: rss ${mb(m.rss)}, heap used ${mb(m.heapUsed)}, external ${mb(m.external)}`);
};

const bench = await startBenchApi();
try {
  await bench.warm();
  memory('started, no project');
  const refs: string[] = [];
  const started = performance.now();
  // Four creations at a time, each waited until ACTIVE_HEALTHY.
  for (let i = 0; i < projects; i += 4) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, projects - i) }, async (_, j) => {
        const p = await bench.api.projects.create({ name: `memory ${i + j}`, organization_slug: bench.orgSlug });
        await bench.waitForStatus(p.ref, 'ACTIVE_HEALTHY', 300_000);
        return p.ref;
      }),
    );
    refs.push(...batch);
    if (refs.length % 50 === 0) memory(`${refs.length} projects created`);
  }
  console.log(`  created ${refs.length} projects in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  memory(`${refs.length} projects created`);
  const used = refs.slice(0, inUse);
  for (let r = 0; r < rounds; r++) {
    for (const ref of used) await bench.api.database.runQuery(ref, { query: 'select count(*)::int as n from pg_class' });
  }
  memory(`${inUse} in use (${rounds} rounds of a query each)`);
  console.log(`Open project databases: ${bench.openDatabases()} (bound ${process.env.PLINTH_MAX_OPEN_DATABASES ?? 20})`);
} finally {
  await bench.close();
}
