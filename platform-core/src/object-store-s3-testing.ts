import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
// @ts-expect-error s3rver ships no types: its constructor, run() and close() are all we use.
import S3rver from 's3rver';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createS3ObjectStore, type S3Config } from './object-store-s3';

// A local S3-compatible server for tests and benches (s3rver, from the npm registry, a
// devDependency): in this process, on a loopback port, its bytes in a throwaway folder. Production
// uses a real store (AWS S3, MinIO, R2, Ceph). s3rver lacks a few calls (listing and aborting
// multipart uploads, copying parts): the S3 store treats those answers as "nothing to do".
//
// s3rver answers a PUT before its file is fully written and rewrites a key's file in place, so a
// read right after a write (or during one) could see part of the bytes, where S3 is consistent.
// Its file store's putObject is replaced below by one that writes a new file, waits for it to be
// on disk and renames it over the key's, before the answer. Its deleteObject tidies empty folders
// after removing the key's files and fails when a delete beside it (DeleteObjects runs them side
// by side) tidied first: that answer is taken as the success it is.

export interface LocalS3 {
  config: S3Config;
  /** Every key in the bucket with its bytes as text, as a test sees them from outside the API. */
  contents(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

interface StoredObject {
  bucket: string;
  key: string;
  content: Buffer | Readable;
  metadata: Record<string, string>;
}

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  store: {
    getResourcePath(bucket: string, key: string, resource: string): string;
    putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
    putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
    deleteObject(bucket: string, key: string): Promise<void>;
  };
}

function writeWholeObjects(store: S3rverInstance['store']): void {
  store.putObject = async (object) => {
    const file = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.writing`;
    const md5 = createHash('md5');
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _enc, done) {
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const source = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    try {
      await pipeline(source, measure, createWriteStream(tmp));
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    const hex = md5.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, hex);
    return { size, md5: hex };
  };
}

export async function startLocalS3(bucket = 'plinth-test'): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'plinth-s3rver-'));
  const server = new (S3rver as new (options: Record<string, unknown>) => S3rverInstance)({
    address: '127.0.0.1',
    port: 0,
    silent: process.env.S3RVER_LOG !== '1',
    directory,
    configureBuckets: [{ name: bucket }],
  });
  writeWholeObjects(server.store);
  const deleteObject = server.store.deleteObject.bind(server.store);
  server.store.deleteObject = async (bucket, key) => {
    try {
      await deleteObject(bucket, key);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  };
  const { port } = await server.run();
  const config: S3Config = { bucket, region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
  const reader = createS3ObjectStore(config);
  return {
    config,
    async contents() {
      const out: Record<string, string> = {};
      const listed = await reader.client.send(new ListObjectsV2Command({ Bucket: bucket }));
      for (const o of listed.Contents ?? []) {
        const r = await reader.client.send(new GetObjectCommand({ Bucket: bucket, Key: o.Key }));
        out[o.Key!] = await r.Body!.transformToString();
      }
      return out;
    },
    async close() {
      reader.close();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
