import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ObjectStore } from '@plinth/platform-core/deps';
import { createDiskObjectStore } from '@plinth/platform-core/object-store';
import { createS3ObjectStore } from '@plinth/platform-core/object-store-s3';
import { startLocalS3 } from '@plinth/platform-core/object-store-s3-testing';

/**
 * Upload and download throughput (MB/s) of the object stores, for 1 MiB and 50 MiB objects: the
 * local disk beside the S3 store on a local s3rver (in this process, its bytes on the same disk),
 * or on a real store when PLINTH_S3_* point at one (then only that one is measured beside the
 * disk). Each size is put and read back ROUNDS times (default 5; the best and the median are
 * printed). Figures only; s3rver is a test server, so its figures bound the S3 store's own cost
 * (SDK, signing, part buffering) more than they say what a real store does.
 * Run: pnpm --filter @plinth/bench bench:object-store
 */

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const SIZES = [1, 50].map((mib) => mib * 1024 * 1024);
const REF = 'benchbenchbenchbench';
const CHUNK = 64 * 1024;

/** The bytes of an upload as a request brings them: 64 KiB chunks. */
async function* body(size: number) {
  const chunk = new Uint8Array(CHUNK).fill(7);
  for (let sent = 0; sent < size; sent += CHUNK) yield size - sent >= CHUNK ? chunk : chunk.subarray(0, size - sent);
}

const mbps = (bytes: number, ms: number) => bytes / 1024 / 1024 / (ms / 1000);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(name: string, store: ObjectStore): Promise<void> {
  for (const size of SIZES) {
    const up: number[] = [];
    const down: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const id = randomUUID();
      let t = performance.now();
      await store.put(REF, id, body(size));
      up.push(mbps(size, performance.now() - t));
      t = performance.now();
      let read = 0;
      for await (const c of await store.get(REF, id)) read += c.length;
      down.push(mbps(read, performance.now() - t));
      if (read !== size) throw new Error(`${name}: read ${read} bytes of ${size}`);
      await store.delete(REF, [id]);
    }
    const f = (xs: number[]) => `best ${Math.max(...xs).toFixed(0).padStart(5)}  median ${median(xs).toFixed(0).padStart(5)}`;
    console.log(`${name.padEnd(16)} ${String(size / 1024 / 1024).padStart(3)} MiB   upload MB/s: ${f(up)}   download MB/s: ${f(down)}`);
  }
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'plinth-bench-objects-'));
const realS3 = process.env.PLINTH_S3_BUCKET ? (await import('@plinth/platform-core/object-store-config')).s3ConfigFromEnv(process.env) : null;
const local = realS3 ? null : await startLocalS3('plinth-bench');
try {
  console.log(`object store throughput, ${ROUNDS} rounds per size (node ${process.version}, ${os.cpus().length} cores)`);
  await measure('disk', createDiskObjectStore(dir));
  const s3 = createS3ObjectStore(realS3 ?? local!.config);
  await measure(realS3 ? `S3 ${realS3.endpoint ?? 'AWS'}` : 'S3 (s3rver)', s3);
  await s3.removeProject(REF);
  s3.close();
} finally {
  await local?.close();
  await rm(dir, { recursive: true, force: true });
}
