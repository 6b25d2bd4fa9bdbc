/**
 * Uploads through the console's storage API, as the explorer sends them: SMALL_FILES (default 1,000)
 * files of SMALL_BYTES (4 KB) 10 at a time (files/s, p50/p99 per file), then one file of LARGE_MB
 * (1024) MB on the resumable (TUS) endpoint in 6 MB parts as tus-js-client sends them, the
 * connection cut once in the middle of a part and the upload continued from the server's offset
 * (time, MB/s, and the API process's resident memory before, at its peak and after). Figures only.
 * Run: pnpm --filter @plinth/bench bench:storage-uploads   (the API runs in this process; the bytes
 * are generated as they are sent, so the memory figure is the server's plus a small client.)
 */
import http from 'node:http';
import { startBenchApi } from './api-server';

const SMALL_FILES = Number(process.env.SMALL_FILES ?? 1000);
const SMALL_BYTES = Number(process.env.SMALL_BYTES ?? 4096);
const LARGE = Number(process.env.LARGE_MB ?? 1024) * 1024 * 1024;
const PART = 6 * 1024 * 1024;
const LANES = 10;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

const bench = await startBenchApi();
try {
  await bench.warm();
  const project = await bench.api.projects.create({ name: 'uploads bench', organization_slug: bench.orgSlug });
  const ref = project.ref;
  await bench.waitForStatus(ref, 'ACTIVE_HEALTHY', 300_000);
  await bench.api.storage.createBucket(ref, { id: 'bench' });
  const headers = () => ({ cookie: bench.jar.header(), 'x-csrf-token': bench.jar.get('plinth_csrf') ?? '' });

  // 1. Small files, 10 in parallel, as the explorer's queue sends them.
  const body = new Uint8Array(SMALL_BYTES).fill(97);
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      while (next < SMALL_FILES) {
        const i = next++;
        const t = performance.now();
        await bench.api.storage.uploadObject(ref, 'bench', `small/file-${i}.txt`, body, { contentType: 'text/plain' });
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  console.log(`${SMALL_FILES} uploads of ${SMALL_BYTES} bytes, ${LANES} at a time: ${seconds.toFixed(1)} s, ${(SMALL_FILES / seconds).toFixed(0)} files/s, p50 ${pct(times, 50).toFixed(0)} ms, p99 ${pct(times, 99).toFixed(0)} ms`);

  // 2. One large file, resumable, cut once in the middle.
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
  const endpoint = `${bench.baseUrl}/api/platform/storage/${ref}/buckets/bench/objects/resumable`;
  const tus = { 'tus-resumable': '1.0.0' };
  const large = performance.now();
  const created = await fetch(endpoint, {
    method: 'POST',
    headers: { ...headers(), ...tus, 'upload-length': String(LARGE), 'upload-metadata': `objectName ${Buffer.from('large/file.bin').toString('base64')}` },
  });
  if (created.status !== 201) throw new Error(`creation answered ${created.status}: ${await created.text()}`);
  const location = `${bench.baseUrl}${created.headers.get('location')}`;
  const chunk = Buffer.alloc(1024 * 1024, 7);

  /** Sends [offset, end) in one PATCH; `cutAfter` bytes in, the connection is destroyed. */
  const patch = (offset: number, end: number, cutAfter?: number) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(location, { method: 'PATCH', headers: { ...headers(), ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(end - offset) } });
      let sent = 0;
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 204 ? resolve(Number(res.headers['upload-offset'])) : reject(new Error(`PATCH answered ${res.statusCode}`))));
      });
      req.on('error', (err) => (cutAfter !== undefined ? resolve(-1) : reject(err)));
      const pump = () => {
        while (sent < end - offset) {
          if (cutAfter !== undefined && sent >= cutAfter) {
            req.destroy();
            return;
          }
          const n = Math.min(chunk.length, end - offset - sent);
          sent += n;
          if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
  const head = async () => Number((await fetch(location, { method: 'HEAD', headers: { ...headers(), ...tus } })).headers.get('upload-offset'));

  const middle = Math.floor(LARGE / 2 / PART) * PART;
  let offset = 0;
  let cut = false;
  let resumedAt = 0;
  while (offset < LARGE) {
    const end = Math.min(LARGE, offset + PART);
    if (!cut && end > middle) {
      cut = true;
      await patch(offset, end, Math.floor((end - offset) / 2));
      // As tus-js-client does after a network error: ask the server, continue from there (423 while it notices the cut).
      for (;;) {
        await new Promise((r) => setTimeout(r, 100));
        resumedAt = await head();
        const r = await patch(resumedAt, Math.min(LARGE, resumedAt + PART)).catch(() => -1);
        if (r > 0) {
          offset = r;
          break;
        }
      }
      continue;
    }
    offset = await patch(offset, end);
  }
  const largeSeconds = (performance.now() - large) / 1000;
  clearInterval(sampler);
  global.gc?.();
  const rssAfter = process.memoryUsage().rss;
  const listed = await bench.api.storage.listObjects(ref, 'bench', { path: 'large' });
  console.log(
    `${mb(LARGE)} resumable in ${PART / 1024 / 1024} MB parts, cut at ${mb(middle + PART / 2)} and resumed from ${mb(resumedAt)} (server offset): ${largeSeconds.toFixed(1)} s, ${(LARGE / 1024 / 1024 / largeSeconds).toFixed(0)} MB/s; stored ${mb(Number(listed[0]?.metadata?.size ?? 0))}`,
  );
  console.log(`API process memory (rss): before ${mb(rssBefore)}, peak ${mb(rssPeak)}, after ${mb(rssAfter)}`);
} finally {
  await bench.close();
}
