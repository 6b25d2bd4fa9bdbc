/**
 * Storage explorer figures on the embedded platform API over loopback: paging a folder of 10,000
 * files (first, middle and last page of 200, and a full crawl of 10,000), a prefix search, and
 * upload and download of a 20 MB file. No target is set by the issue; the figures are printed.
 * Run: pnpm --filter @plinth/bench exec tsx storage-explorer.ts   (FILES=n to change the folder size)
 */
import os from 'node:os';
import { startBenchApi } from './api-server';

const files = Number(process.env.FILES ?? 10_000);
const ms = (t0: number) => `${(performance.now() - t0).toFixed(0)} ms`;

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  console.log(`  ${label}: ${ms(t0)}`);
  return out;
}

const bench = await startBenchApi();
try {
  await bench.warm();
  const { api } = bench;
  const project = await api.projects.create({ name: 'storage bench', organization_slug: bench.orgSlug });
  await bench.waitForStatus(project.ref, 'ACTIVE_HEALTHY');
  const ref = project.ref;
  await api.storage.createBucket(ref, { id: 'bench' });
  await api.database.runQuery(ref, {
    query: `insert into storage.objects (bucket_id, name, metadata)
            select 'bench', 'photos/img' || lpad(i::text, 6, '0') || '.jpg', jsonb_build_object('size', 1000, 'mimetype', 'image/jpeg')
            from generate_series(1, ${files}) i`,
  });
  console.log(`Storage explorer on a folder of ${files} files — ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`);
  const page = (offset: number, limit = 200) => api.storage.listObjects(ref, 'bench', { path: 'photos', options: { limit, offset } });
  await page(0); // warm-up
  await timed('first page of 200', () => page(0));
  await timed('middle page of 200', () => page(Math.floor(files / 2)));
  await timed('last page of 200', () => page(Math.max(0, files - 200)));
  await timed('sorted by created_at desc, first page', () =>
    api.storage.listObjects(ref, 'bench', { path: 'photos', options: { limit: 200, sortBy: { column: 'created_at', order: 'desc' } } }),
  );
  const crawl = await timed(`full crawl page of ${Math.min(files, 10_000)}`, () => page(0, 10_000));
  console.log(`    (${crawl.length} entries)`);
  await timed('prefix search (10 hits)', () => api.storage.listObjects(ref, 'bench', { path: 'photos', options: { search: 'img00099' } }));

  const size = 20 * 1024 * 1024;
  const data = new Uint8Array(size).fill(7);
  const t0 = performance.now();
  await api.storage.uploadObject(ref, 'bench', 'big/file.bin', data, { contentType: 'application/octet-stream' });
  const up = performance.now() - t0;
  const t1 = performance.now();
  const blob = await api.storage.downloadObject(ref, 'bench', 'big/file.bin');
  const down = performance.now() - t1;
  console.log(`  upload 20 MB: ${up.toFixed(0)} ms (${(size / 1048576 / (up / 1000)).toFixed(0)} MB/s)`);
  console.log(`  download 20 MB: ${down.toFixed(0)} ms (${(blob.size / 1048576 / (down / 1000)).toFixed(0)} MB/s)`);
} finally {
  await bench.close();
}
