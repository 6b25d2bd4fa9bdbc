/**
 * Image transformations of the storage service (storage-js's getPublicUrl({ transform })), over
 * loopback: a 4000 × 3000 JPEG in a public bucket, to 200 × 200 WebP.
 *   cold:    each request a quality not asked before (sharp decodes, resizes and encodes; the result is cached)
 *   cached:  the same transformation asked again and again (the cached result is served), under autocannon
 *   plain:   the original object itself, under autocannon, for comparison
 * Embedded database by default; the server named by DATABASE_URL when set.
 * Run: npx tsx bench/image-transform.ts   (COLD=requests, default 20; DURATION=seconds, default 3; CONNECTIONS=n, default 10)
 */
import os from 'node:os';
import sharp from 'sharp';
import { signJwt } from '@plinth/platform-api';
import { createTestHarness } from '@plinth/platform-api/testing';
import { runLoad } from './load';

const cold = Math.min(81, Number(process.env.COLD ?? 20));
const duration = Number(process.env.DURATION ?? 3);
const connections = Number(process.env.CONNECTIONS ?? 10);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const h = await createTestHarness();
try {
  const { project } = await h.userWithProject();
  const ref = project.ref;
  const keys = (await h.internals.control.query<{ anon_key: string; jwt_secret: string }>('select anon_key, jwt_secret from projects where ref = $1', [ref])).rows[0]!;
  const service = await signJwt({ role: 'service_role', ref, iss: 'plinth', exp: Math.floor(Date.now() / 1000) + 3600 }, keys.jwt_secret);
  const address = await h.services.listen({ port: 0, host: '127.0.0.1' });
  const storage = `${address}/${ref}/storage/v1`;
  const auth = { apikey: keys.anon_key, authorization: `Bearer ${service}` };
  const made = await fetch(`${storage}/bucket`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ id: 'photos', name: 'photos', public: true }) });
  if (!made.ok) throw new Error(`bucket: ${made.status} ${await made.text()}`);
  // A photo-like picture: a gradient with noise, so the encoder has work to do.
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = (x * 255) / width + Math.random() * 30;
    pixels[i + 1] = (y * 255) / height + Math.random() * 30;
    pixels[i + 2] = 128 + Math.random() * 60;
  }
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
  const uploaded = await fetch(`${storage}/object/photos/big.jpg`, { method: 'POST', headers: { ...auth, 'content-type': 'image/jpeg' }, body: jpeg });
  if (!uploaded.ok) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  const render = (quality: number) => `/${ref}/storage/v1/render/image/public/photos/big.jpg?width=200&height=200&resize=cover&format=webp&quality=${quality}`;

  console.log(`image transformations — ${h.mode} database, a ${width} × ${height} JPEG of ${(jpeg.length / 1024).toFixed(0)} KB, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < cold; i += 1) {
    const started = performance.now();
    const res = await fetch(`${address}${render(20 + (i % 81))}`, { headers: { apikey: keys.anon_key } });
    const body = new Uint8Array(await res.arrayBuffer());
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`cold transform ${i}: ${res.status} ${new TextDecoder().decode(body).slice(0, 200)}`);
    bytes += body.length;
  }
  times.sort((a, b) => a - b);
  console.log(`  cold (a new transformation each time, ${cold} requests): p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms, ${(bytes / cold / 1024).toFixed(1)} KB per answer on average`);

  for (const [label, path] of [
    ['cached (the same transformation again)', render(80)],
    ['plain (the original object)', `/${ref}/storage/v1/object/public/photos/big.jpg`],
  ] as const) {
    const first = await fetch(`${address}${path}`, { headers: { apikey: keys.anon_key } });
    await first.arrayBuffer();
    if (first.status !== 200) throw new Error(`${label}: ${first.status}`);
    const opts = { url: address, connections, headers: { apikey: keys.anon_key }, requests: [{ method: 'GET', path }] };
    await runLoad({ ...opts, duration: 1 });
    const cpu0 = process.cpuUsage();
    const r = await runLoad({ ...opts, duration });
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000 / Math.max(1, r.requests.total);
    console.log(`  ${label}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, CPU ${cpuMs.toFixed(2)} ms per request in this process (${r.requests.total} requests, ${r.non2xx} non-2xx, ${r.errors} errors)`);
  }
} finally {
  await h.close();
}
