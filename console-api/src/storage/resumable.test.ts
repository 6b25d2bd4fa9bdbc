import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_API_MESSAGES } from '@plinth/contracts-storage';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';

// Resumable uploads in the console (TUS 1.0.0): created with the plain upload's checks, continued
// after a cut connection from the bytes the server holds, refused to anyone but their uploader.

let s: ProjectTestServer;
let origin = '';
const base = () => `/api/platform/storage/${s.ref}/buckets`;
const b64 = (v: string) => Buffer.from(v).toString('base64');
const TUS = { 'tus-resumable': '1.0.0' };

async function create(bucket: string, name: string, length: number, opts: { role?: Parameters<ProjectTestServer['as']>[0]; who?: string; type?: string } = {}) {
  return s.app.inject({
    method: 'POST',
    url: `${base()}/${bucket}/objects/resumable`,
    headers: { ...(await s.as(opts.role ?? 'Developer', opts.who)), ...TUS, 'upload-length': String(length), 'upload-metadata': `objectName ${b64(name)},contentType ${b64(opts.type ?? 'application/octet-stream')}` },
  });
}
async function head(location: string, who?: string) {
  return s.app.inject({ method: 'HEAD', url: location, headers: { ...(await s.as('Developer', who)), ...TUS } });
}
async function patch(location: string, offset: number, bytes: Buffer, who?: string) {
  return s.app.inject({
    method: 'PATCH',
    url: location,
    headers: { ...(await s.as('Developer', who)), ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: bytes,
  });
}
async function download(bucket: string, name: string) {
  return s.app.inject({ method: 'POST', url: `${base()}/${bucket}/objects/download`, headers: await s.as('Read-only'), payload: { path: name } });
}
const partsOnDisk = async () => (await readdir(path.join(s.dataDir, 'objects', s.ref, '_uploads')).catch(() => [] as string[])).filter((f) => f.endsWith('.part'));

/** Sends `bytes` from `offset` over a real socket and cuts the connection once the server holds more than `offset`. */
async function patchAndCut(location: string, offset: number, bytes: Buffer, uploadId: string): Promise<void> {
  const headers = { ...(await s.as('Developer')), ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(bytes.length) };
  const req = http.request(`${origin}${location}`, { method: 'PATCH', headers });
  req.on('error', () => undefined);
  req.write(bytes.subarray(0, bytes.length / 2));
  for (;;) {
    if (((await s.deps.objects.partSize(s.ref, uploadId)) ?? 0) > offset) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  req.destroy();
}

beforeAll(async () => {
  s = await startProjectServer({ plan: 'pro' });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  const owner = await s.as('Owner');
  await s.app.inject({ method: 'POST', url: base(), headers: owner, payload: { id: 'media' } });
  await s.app.inject({ method: 'POST', url: base(), headers: owner, payload: { id: 'images', allowed_mime_types: ['image/*'], file_size_limit: 1000 } });
}, 300_000);
afterAll(async () => s?.close());

describe('resumable upload', () => {
  it('continues after a cut connection from the bytes the server holds, and the object serves every byte', async () => {
    const bytes = randomBytes(3 * 1024 * 1024);
    const created = await create('media', 'videos/clip.bin', bytes.length);
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    const uploadId = location.split('/').pop()!;
    expect(created.headers['upload-offset']).toBe('0');

    expect((await patch(location, 0, bytes.subarray(0, 1024 * 1024))).headers['upload-offset']).toBe(String(1024 * 1024));
    await patchAndCut(location, 1024 * 1024, bytes.subarray(1024 * 1024), uploadId);

    // As a client does: ask the offset, send the rest from there (423 while the cut request winds down).
    let done = false;
    let resumedFrom = 0;
    for (let i = 0; i < 200 && !done; i += 1) {
      const h = await head(location);
      expect(h.statusCode).toBe(200);
      expect(h.headers['upload-length']).toBe(String(bytes.length));
      resumedFrom = Number(h.headers['upload-offset']);
      const res = await patch(location, resumedFrom, bytes.subarray(resumedFrom));
      if (res.statusCode === 204) done = true;
      else expect([409, 423]).toContain(res.statusCode);
    }
    expect(done).toBe(true);
    expect(resumedFrom).toBeGreaterThan(1024 * 1024);
    const got = await download('media', 'videos/clip.bin');
    expect(got.statusCode).toBe(200);
    expect(Buffer.compare(got.rawPayload, bytes)).toBe(0);
    expect(await partsOnDisk()).toEqual([]);
    expect((await head(location)).statusCode).toBe(404);
  });

  it('refuses a PATCH at another offset than the server holds, keeping the bytes it has', async () => {
    const location = (await create('media', 'offset.bin', 20)).headers.location as string;
    expect((await patch(location, 0, Buffer.from('0123456789'))).statusCode).toBe(204);
    const wrong = await patch(location, 5, Buffer.from('xxxxxxxxxxxxxxx'));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ code: 'OFFSET_MISMATCH', field: 'Upload-Offset' });
    expect((await head(location)).headers['upload-offset']).toBe('10');
    const over = await patch(location, 10, Buffer.from('0123456789ab'));
    expect(over.statusCode).toBe(413);
    expect((await patch(location, 10, Buffer.from('abcdefghij'))).statusCode).toBe(204);
    expect((await download('media', 'offset.bin')).body).toBe('0123456789abcdefghij');
  });

  it("refuses another user's and another bucket's requests on an upload id", async () => {
    const location = (await create('media', 'mine.bin', 4)).headers.location as string;
    await s.as('Developer', 'bob');
    expect((await head(location, 'bob')).statusCode).toBe(404);
    expect((await patch(location, 0, Buffer.from('evil'), 'bob')).statusCode).toBe(404);
    const otherBucket = location.replace('/buckets/media/', '/buckets/images/');
    expect((await head(otherBucket)).statusCode).toBe(404);
    const otherProject = location.replace(`/storage/${s.ref}/`, '/storage/abcdefghijabcdefghij/');
    expect((await head(otherProject)).statusCode).toBe(404);
    expect((await head(location)).headers['upload-offset']).toBe('0');
  });

  it('refuses at creation, before any byte, what a plain upload refuses', async () => {
    const big = await create('images', 'big.png', 1001, { type: 'image/png' });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(STORAGE_API_MESSAGES.fileTooLarge(1000));
    const pdf = await create('images', 'doc.pdf', 10, { type: 'application/pdf' });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toBe(STORAGE_API_MESSAGES.mimeNotAllowed('application/pdf'));
    const badName = await create('media', 'a/../b', 10);
    expect(badName.statusCode).toBe(400);
    expect(badName.json()).toMatchObject({ field: 'objectName' });
    expect((await create('media', 'ro.bin', 10, { role: 'Read-only' })).statusCode).toBe(403);
    const noLength = await s.app.inject({ method: 'POST', url: `${base()}/media/objects/resumable`, headers: { ...(await s.as('Developer')), ...TUS, 'upload-metadata': `objectName ${b64('x')}` } });
    expect(noLength.statusCode).toBe(400);
    expect(noLength.json()).toMatchObject({ field: 'Upload-Length' });
    expect((await create('media', 'offset.bin', 3)).statusCode).toBe(409);
    expect(await partsOnDisk()).toHaveLength(1); // the one of the previous test's unfinished upload
  });

  it('drops an expired upload with its bytes', async () => {
    const location = (await create('media', 'late.bin', 8)).headers.location as string;
    await patch(location, 0, Buffer.from('1234'));
    const before = (await partsOnDisk()).length;
    await s.deps.control.query(`update storage_resumable_uploads set expires_at = now() - interval '1 minute' where id = $1`, [location.split('/').pop()]);
    expect((await head(location)).statusCode).toBe(404);
    expect(await partsOnDisk()).toHaveLength(before - 1);
    expect((await download('media', 'late.bin')).statusCode).toBe(404);
  });

  it('stores an empty file at creation, and bytes sent with the creation', async () => {
    const empty = await create('media', 'empty.txt', 0);
    expect(empty.statusCode).toBe(201);
    expect((await download('media', 'empty.txt')).body).toBe('');
    const withBytes = await s.app.inject({
      method: 'POST',
      url: `${base()}/media/objects/resumable`,
      headers: { ...(await s.as('Developer')), ...TUS, 'upload-length': '5', 'upload-metadata': `objectName ${b64('at-once.txt')}`, 'content-type': 'application/offset+octet-stream' },
      payload: Buffer.from('hello'),
    });
    expect(withBytes.statusCode).toBe(201);
    expect(withBytes.headers['upload-offset']).toBe('5');
    expect((await download('media', 'at-once.txt')).body).toBe('hello');
  });

  it('answers 404 for the last byte of an upload whose bucket was deleted, and drops it', async () => {
    const owner = await s.as('Owner');
    await s.app.inject({ method: 'POST', url: base(), headers: owner, payload: { id: 'doomed' } });
    const location = (await create('doomed', 'late.bin', 4)).headers.location as string;
    expect((await s.app.inject({ method: 'DELETE', url: `${base()}/doomed`, headers: owner })).statusCode).toBe(200);
    const last = await patch(location, 0, Buffer.from('1234'));
    expect(last.statusCode).toBe(404);
    expect(last.json().message).toBe(STORAGE_API_MESSAGES.bucketNotFound('doomed'));
    expect((await head(location)).statusCode).toBe(404);
  });

  it("answers the protocol's refusals in the console's error shape, naming the header", async () => {
    const location = (await create('media', 'protocol.bin', 4)).headers.location as string;
    const noVersion = await s.app.inject({ method: 'PATCH', url: location, headers: { ...(await s.as('Developer')), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, payload: 'abcd' });
    expect(noVersion.statusCode).toBe(412);
    expect(noVersion.json()).toMatchObject({ code: 'TUS_VERSION', field: 'Tus-Resumable' });
    const wrongType = await s.app.inject({ method: 'PATCH', url: location, headers: { ...(await s.as('Developer')), ...TUS, 'upload-offset': '0', 'content-type': 'text/plain' }, payload: 'abcd' });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ field: 'Content-Type' });
    expect((await head(location)).headers['upload-offset']).toBe('0');
  });

  it("keeps an upload its creator's: metadata a client sends never names who may continue it", async () => {
    await s.as('Developer', 'bob');
    const spoofed = await s.app.inject({
      method: 'POST',
      url: `${base()}/media/objects/resumable`,
      headers: { ...(await s.as('Developer')), ...TUS, 'upload-length': '4', 'upload-metadata': `objectName ${b64('spoof.bin')},plinth-uploader ${b64('user:bob')}` },
    });
    expect(spoofed.statusCode).toBe(201);
    const location = spoofed.headers.location as string;
    expect((await head(location, 'bob')).statusCode).toBe(404);
    expect((await head(location)).statusCode).toBe(200);
  });

  it('terminates an upload on DELETE', async () => {
    const location = (await create('media', 'gone.bin', 8)).headers.location as string;
    const del = await s.app.inject({ method: 'DELETE', url: location, headers: { ...(await s.as('Developer')), ...TUS } });
    expect(del.statusCode).toBe(204);
    expect((await head(location)).statusCode).toBe(404);
  });
});
