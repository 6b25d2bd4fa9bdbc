import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '@plinth/platform-core/object-store-s3-testing';
import { PART_BYTES } from '@plinth/platform-core/object-store-s3';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';

// Resumable uploads (TUS) in the console with the bytes in an S3-compatible bucket (a local s3rver
// this file starts): an upload of more than one S3 part sent in requests that do not fall on part
// boundaries, its offset asked between them, a wrong offset refused, the object served whole and
// nothing of the upload left in the bucket; a terminated upload leaves nothing either.

let s3: LocalS3;
let s: ProjectTestServer;
const base = () => `/api/platform/storage/${s.ref}/buckets`;
const b64 = (v: string) => Buffer.from(v).toString('base64');
const TUS = { 'tus-resumable': '1.0.0' };

async function create(name: string, length: number) {
  return s.app.inject({
    method: 'POST',
    url: `${base()}/media/objects/resumable`,
    headers: { ...(await s.as('Developer')), ...TUS, 'upload-length': String(length), 'upload-metadata': `objectName ${b64(name)},contentType ${b64('application/octet-stream')}` },
  });
}
async function patch(location: string, offset: number, bytes: Buffer) {
  return s.app.inject({
    method: 'PATCH',
    url: location,
    headers: { ...(await s.as('Developer')), ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: bytes,
  });
}
const keys = async () => Object.keys(await s3.contents()).sort();

beforeAll(async () => {
  s3 = await startLocalS3('plinth-resumable');
  s = await startProjectServer({ plan: 'pro', server: { s3: s3.config } });
  await s.app.inject({ method: 'POST', url: base(), headers: await s.as('Owner'), payload: { id: 'media' } });
}, 300_000);
afterAll(async () => {
  await s?.close();
  await s3?.close();
});

describe('resumable upload on S3', () => {
  it('carries an upload over S3 parts from the offsets the server tells, and leaves only the object', async () => {
    const bytes = randomBytes(PART_BYTES + 2 * 1024 * 1024);
    const created = await create('videos/clip.bin', bytes.length);
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    const first = 3 * 1024 * 1024;
    expect((await patch(location, 0, bytes.subarray(0, first))).headers['upload-offset']).toBe(String(first));
    const told = await s.app.inject({ method: 'HEAD', url: location, headers: { ...(await s.as('Developer')), ...TUS } });
    expect(told.headers['upload-offset']).toBe(String(first));
    expect((await patch(location, 1024, bytes.subarray(1024, 2048))).statusCode).toBe(409);
    // The second request crosses the first 5 MiB part and ends inside the next.
    const second = first + 3 * 1024 * 1024;
    expect((await patch(location, first, bytes.subarray(first, second))).headers['upload-offset']).toBe(String(second));
    expect((await patch(location, second, bytes.subarray(second))).statusCode).toBe(204);

    const got = await s.app.inject({ method: 'POST', url: `${base()}/media/objects/download`, headers: await s.as('Read-only'), payload: { path: 'videos/clip.bin' } });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    const left = await keys();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(new RegExp(`^${s.ref}/_objects/[0-9a-f]{2}/[0-9a-f-]{36}$`));
  });

  it('terminates an upload with every byte it held', async () => {
    const before = await keys();
    const created = await create('gone.bin', 1000);
    const location = created.headers.location as string;
    expect((await patch(location, 0, randomBytes(400))).headers['upload-offset']).toBe('400');
    expect(await keys()).not.toEqual(before);
    const ended = await s.app.inject({ method: 'DELETE', url: location, headers: { ...(await s.as('Developer')), ...TUS } });
    expect(ended.statusCode).toBe(204);
    expect(await keys()).toEqual(before);
  });
});
