import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Upload, type UploadOptions } from 'tus-js-client';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';
import { signJwt } from '@plinth/platform-core/jwt';
import { ensureStorageSchema } from '../storage-engine/schema';
import { listen } from '../auth/testing';

// Apps' resumable uploads at /storage/v1/upload/resumable with tus-js-client, as supabase's docs
// set it up, over a real socket: the bucket's limits and the caller's INSERT policy apply at
// creation, a stopped upload and one whose connection is cut mid-request continue from the
// server's offset, and an id serves its uploader alone.

let h: TestHarness;
let endpoint = '';
let ref = '';
let keys: { anon: string; service: string; secret: string };
const alice = randomUUID();
const bob = randomUUID();

const POLICIES = `
create policy own_insert on storage.objects for insert to authenticated with check (bucket_id = 'docs' and (storage.foldername(name))[1] = auth.uid()::text);
create policy own_select on storage.objects for select to authenticated using (bucket_id = 'docs' and (storage.foldername(name))[1] = auth.uid()::text);
`;

/** Alice's and Bob's access tokens, signed in beforeAll. */
const tokens = new Map<string, string>();
const token = (sub: string) => tokens.get(sub)!;
const signToken = (sub: string) => signJwt({ sub, role: 'authenticated', aud: 'authenticated', ref, exp: Math.floor(Date.now() / 1000) + 600 }, keys.secret);

function upload(data: Buffer, sub: string, meta: Record<string, string>, more: Partial<UploadOptions> = {}) {
  return new Upload(data, {
    endpoint,
    headers: { authorization: `Bearer ${token(sub)}`, apikey: keys.anon },
    metadata: { contentType: 'application/octet-stream', ...meta },
    chunkSize: 256 * 1024,
    retryDelays: [0, 50, 100, 200, 400, 800],
    removeFingerprintOnSuccess: true,
    ...more,
  });
}

/** Runs an upload to its end: the status of the refusal, or null on success. */
function finish(u: Upload): Promise<number | null> {
  return new Promise((resolve) => {
    u.options.onSuccess = () => resolve(null);
    u.options.onError = (err) => resolve((err as { originalResponse?: { getStatus(): number } }).originalResponse?.getStatus() ?? -1);
    u.start();
  });
}

async function download(sub: string, path: string): Promise<Buffer> {
  const res = await fetch(`${endpoint.replace('/upload/resumable', '')}/object/docs/${path}`, { headers: { authorization: `Bearer ${token(sub)}`, apikey: keys.anon } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/**
 * A TCP relay to the services' server that cuts one connection (both ways) once more than
 * `cutAfter` bytes of it went up, as a network failure mid-request does; later connections pass.
 */
async function cuttingRelay(target: string, cutAfter: number): Promise<{ url: string; close(): void }> {
  const { hostname, port } = new URL(target);
  let cut = false;
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    let sent = 0;
    client.on('data', (chunk: Buffer) => {
      sent += chunk.length;
      if (!cut && sent > cutAfter) {
        cut = true;
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
    for (const [a, b] of [[client, upstream], [upstream, client]] as const) {
      a.on('error', () => b.destroy());
      a.on('close', () => b.destroy());
    }
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`, close: () => relay.close() };
}

beforeAll(async () => {
  h = await createTestHarness();
  ref = (await h.userWithProject()).project.ref;
  const k = await h.internals.control.query<{ anon_key: string; service_role_key: string; jwt_secret: string }>('select anon_key, service_role_key, jwt_secret from projects where ref = $1', [ref]);
  keys = { anon: k.rows[0]!.anon_key, service: k.rows[0]!.service_role_key, secret: k.rows[0]!.jwt_secret };
  for (const sub of [alice, bob]) tokens.set(sub, await signToken(sub));
  const db = await ensureStorageSchema(await h.internals.databases.get(ref));
  await db.exec(POLICIES);
  await db.query(`insert into storage.buckets (id, name, file_size_limit, allowed_mime_types) values ('docs', 'docs', null, null), ('pics', 'pics', 1024, array['image/*'])`);
  endpoint = `${await listen(h)}/${ref}/storage/v1/upload/resumable`;
}, 120_000);
afterAll(async () => h?.close());

describe('resumable uploads for apps', () => {
  it('continue a stopped upload from the bytes the server holds and store the object as the caller', async () => {
    const bytes = randomBytes(1024 * 1024 + 17);
    const u = upload(bytes, alice, { bucketName: 'docs', objectName: `${alice}/movie.bin` });
    await new Promise<void>((resolve, reject) => {
      u.options.onChunkComplete = (_chunk, sent) => {
        if (sent >= 512 * 1024) {
          void u.abort().then(resolve);
        }
      };
      u.options.onError = reject;
      u.start();
    });
    const location = u.url!;
    const held = await fetch(location, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${token(alice)}`, apikey: keys.anon } });
    const offset = Number(held.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(512 * 1024);
    expect(offset).toBeLessThan(bytes.length);

    // Another user never reaches it.
    const theirs = await fetch(location, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${token(bob)}`, apikey: keys.anon } });
    expect(theirs.status).toBe(404);

    const sent: number[] = [];
    u.options.onChunkComplete = (_chunk, total) => void sent.push(total);
    expect(await finish(u)).toBeNull();
    expect(sent[0]).toBeGreaterThan(offset); // the first chunk after the restart starts at the server's offset
    expect(Buffer.compare(await download(alice, `${alice}/movie.bin`), bytes)).toBe(0);
    const row = await (await h.internals.databases.get(ref)).query<{ owner: string }>(`select owner::text as owner from storage.objects where name = $1`, [`${alice}/movie.bin`]);
    expect(row.rows[0]?.owner).toBe(alice);
  });

  it('continue an upload whose connection was cut mid-request from the bytes the server holds', async () => {
    const relay = await cuttingRelay(endpoint, 700 * 1024);
    try {
      const bytes = randomBytes(1536 * 1024);
      const offsets: number[] = [];
      const u = upload(bytes, alice, { bucketName: 'docs', objectName: `${alice}/cut.bin` }, {
        endpoint: endpoint.replace(/^http:\/\/[^/]+/, relay.url),
        chunkSize: Number.POSITIVE_INFINITY, // one PATCH for every byte: the cut falls inside it
        retryDelays: [200, 500, 1000, 2000],
        onBeforeRequest: (req) => {
          if (req.getMethod() === 'PATCH') offsets.push(Number(req.getHeader('Upload-Offset')));
        },
      });
      expect(await finish(u)).toBeNull();
      expect(offsets[0]).toBe(0);
      expect(offsets.length).toBeGreaterThanOrEqual(2);
      expect(offsets[1]).toBeGreaterThan(0); // continued from what reached the part, not started again
      expect(Buffer.compare(await download(alice, `${alice}/cut.bin`), bytes)).toBe(0);
    } finally {
      relay.close();
    }
  });

  it("are refused at creation by the INSERT policy, the bucket's size limit and MIME types", async () => {
    expect(await finish(upload(Buffer.from('not mine'), alice, { bucketName: 'docs', objectName: `${bob}/x.bin` }))).toBe(403);
    expect(await finish(upload(Buffer.alloc(2048), alice, { bucketName: 'pics', objectName: 'a.png', contentType: 'image/png' }))).toBe(413);
    expect(await finish(upload(Buffer.alloc(10), alice, { bucketName: 'pics', objectName: 'a.pdf', contentType: 'application/pdf' }))).toBe(415);
    expect(await finish(upload(Buffer.alloc(10), alice, { bucketName: 'nope', objectName: 'a.bin' }))).toBe(404);
    const rows = await (await h.internals.databases.get(ref)).query('select name from storage.objects where metadata is null');
    expect(rows.rows).toEqual([]);
  });
});
