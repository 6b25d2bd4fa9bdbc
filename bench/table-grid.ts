/**
 * The table editor's grid on a table of 1,000,000 rows, through the platform API (embedded) over
 * loopback: the first page, the jump to the last page, a step back from there by cursor, and a
 * filtered first page. Targets (issue 12): first page and last page each under 300 ms. Prints the
 * median and the slowest of RUNS (20) after a warm-up; also, for scale, the first page sorted by
 * a column without an index (Postgres sorts the whole table: no target).
 * Run: pnpm --filter @plinth/bench run bench:table-grid   (ROWS to change the table's size)
 */
import os from 'node:os';
import { createTableRowsClient, TABLE_ROWS_PAGE_SIZE, type RowPageRequest } from '@plinth/contracts-database';
import { startBenchApi, verdict } from './api-server';

const TARGET_MS = 300;
const RUNS = 20;
const ROWS = Number(process.env.ROWS ?? 1_000_000);

const bench = await startBenchApi();
try {
  await bench.warm();
  const { api } = bench;
  const project = await api.projects.create({ name: 'table grid bench', organization_slug: bench.orgSlug });
  await bench.waitForStatus(project.ref, 'ACTIVE_HEALTHY');
  const ref = project.ref;
  const t0 = performance.now();
  await api.database.runQuery(ref, {
    timeoutMs: 120_000,
    query: `create table public.events (id bigint primary key, kind text not null, label text, created_at timestamptz not null default now());
      insert into public.events (id, kind, label) select g, case when g % 10 = 0 then 'signup' else 'view' end, 'event ' || g from generate_series(1, ${ROWS}) g;
      analyze public.events;`,
  });
  console.log(`Table of ${ROWS.toLocaleString('en-US')} rows made in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const { id } = (await api.database.listEntities(ref, { schema: 'public', search: 'events' })).entities[0]!;
  const rows = createTableRowsClient(api.http);

  const time = async (body: RowPageRequest, runs = RUNS) => {
    await rows.rowPage(ref, id, body);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const page = await rows.rowPage(ref, id, body);
      times.push(performance.now() - start);
      if (page.rows.length === 0) throw new Error('empty page');
    }
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(times.length / 2)]!, slowest: times.at(-1)! };
  };
  const line = (label: string, t: { median: number; slowest: number }, target = true) =>
    console.log(`  ${label}: median ${t.median.toFixed(0)} ms, slowest ${t.slowest.toFixed(0)} ms${target ? `; target < ${TARGET_MS} ms: ${verdict(t.median < TARGET_MS)}` : ''}`);

  console.log(`Table grid, pages of ${TABLE_ROWS_PAGE_SIZE} rows over ${ROWS.toLocaleString('en-US')} — ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}, embedded database`);
  line('first page', await time({ limit: TABLE_ROWS_PAGE_SIZE }));
  line('last page (jump to the end)', await time({ limit: TABLE_ROWS_PAGE_SIZE, from: 'end' }));
  const last = await rows.rowPage(ref, id, { limit: TABLE_ROWS_PAGE_SIZE, from: 'end' });
  line('the page before the last (by cursor)', await time({ limit: TABLE_ROWS_PAGE_SIZE, before: last.previous! }), false);
  line('first page filtered (kind = signup)', await time({ limit: TABLE_ROWS_PAGE_SIZE, filters: [{ column: 'kind', op: 'eq', value: 'signup' }] }), false);
  line('first page sorted by label (no index, whole-table sort)', await time({ limit: TABLE_ROWS_PAGE_SIZE, sort: { column: 'label', ascending: true } }, 3), false);
} finally {
  await bench.close();
}
