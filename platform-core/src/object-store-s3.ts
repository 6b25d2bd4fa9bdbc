import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type _Object,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { REF_PATTERN } from '@plinth/shared-contracts';
import type { ObjectStore, StoredObjectInfo } from './deps';
import type { S3Config } from './object-store-config';
import { HttpError } from './deps';
import { bodyStream, checkObjectId, checkProjectRef, countedBody, notFound, RESUMABLE_PART_TTL_MS } from './object-store';

// Bytes of storage objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph), with
// the disk store's contract and the same layout of keys, each under its project's prefix:
//   <ref>/_objects/<first two hex digits of the id>/<id>   the bytes of one object
//   <ref>/_uploads/<upload id>.part                       a resumable upload's state (JSON)
//   <ref>/_uploads/<upload id>.tail-<n>                   its bytes not yet in an S3 part
//   <ref>/_uploads/<upload id>.data                       the key its S3 multipart upload makes
// A key is built only from a project ref and an id checked as the disk store checks them, never
// from a user's name. A put streams to the object's key (S3 shows the old bytes or the new ones,
// never a part); past maxBytes its multipart upload is aborted, and nothing stays.
//
// S3 cannot append, so a resumable upload's bytes are an S3 multipart upload: appended bytes are
// buffered up to PART_BYTES and sent as one part; what is left under that when a request ends (or
// is cut) is kept as the tail object, which the next append reads first. The state object lists
// the parts and names the tail; it is written after them, so it never names bytes S3 lacks.

export type { S3Config };


/** S3's smallest part but the last; a resumable upload's buffered bytes are sent in parts of this size. */
export const PART_BYTES = 5 * 1024 * 1024;
/** A multipart put no part reached for this long is another instance's crash, whatever age is asked (the store is shared). */
export const MULTIPART_PUT_FLOOR_MS = 60 * 60 * 1000;
/** Keys DeleteObjects takes at most at once. */
const DELETE_BATCH = 1000;

interface PartState {
  /** The S3 multipart upload, once the first part was sent. */
  multipart: string | null;
  parts: { PartNumber: number; ETag: string; size: number }[];
  /** The tail object's number and size; none when every byte is in a part. */
  tail: { n: number; size: number } | null;
}

const sizeOf = (s: PartState) => s.parts.reduce((sum, p) => sum + p.size, 0) + (s.tail?.size ?? 0);
const TAIL = /\.tail-(\d+)$/;

const errorName = (err: unknown) => (err as { name?: string; Code?: string })?.name ?? (err as { Code?: string })?.Code;
const isMissing = (err: unknown) => ['NoSuchKey', 'NotFound', 'NoSuchUpload'].includes(errorName(err) ?? '');
/** Servers that implement part of S3 (local test servers) answer these for what they lack. */
const isUnsupported = (err: unknown) => ['NotImplemented', 'MethodNotAllowed'].includes(errorName(err) ?? '');

/**
 * Stops a start whose bucket cannot be reached (wrong endpoint, name, region or keys) with an
 * error naming the setting, instead of a failure at the first upload.
 */
export async function checkS3Bucket(config: S3Config): Promise<void> {
  const store = createS3ObjectStore(config);
  try {
    await store.client.send(new HeadBucketCommand({ Bucket: config.bucket }));
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const why = status === 404 ? 'it does not exist' : status === 403 || status === 401 ? 'the keys may not use it' : `${errorName(err) ?? 'no answer'}`;
    throw new Error(
      `The object store's bucket ${config.bucket} at ${config.endpoint ?? 'AWS S3'} cannot be used: ${why}. Check PLINTH_S3_BUCKET, PLINTH_S3_ENDPOINT, PLINTH_S3_REGION and the keys.`,
    );
  } finally {
    store.close();
  }
}

export function createS3ObjectStore(config: S3Config, options: { client?: S3Client } = {}): ObjectStore & { readonly client: S3Client; close(): void } {
  const client =
    options.client ??
    new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle ?? false,
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      // Checksums only where S3 requires them: S3-compatible servers do not all read the
      // checksum trailers the SDK sends by default.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const Bucket = config.bucket;
  /** Keys written by this process now (puts and appends): never swept. */
  const writing = new Set<string>();

  const projectPrefix = (ref: string) => `${checkProjectRef(ref)}/`;
  const objectKey = (ref: string, id: string) => `${projectPrefix(ref)}_objects/${checkObjectId(id).slice(0, 2)}/${id}`;
  const uploadKey = (ref: string, uploadId: string, suffix: string) => `${projectPrefix(ref)}_uploads/${checkObjectId(uploadId)}${suffix}`;

  async function listAll(Prefix: string): Promise<_Object[]> {
    const out: _Object[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
      out.push(...(page.Contents ?? []));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return out;
  }

  async function deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      const r = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
      const failed = (r.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length) throw new Error(`The object store refused to delete ${failed.length} objects (${failed[0]!.Code})`);
    }
  }

  async function readBytes(Key: string): Promise<Buffer> {
    const r = await client.send(new GetObjectCommand({ Bucket, Key }));
    return Buffer.from(await r.Body!.transformToByteArray());
  }

  async function readState(ref: string, uploadId: string): Promise<PartState | null> {
    try {
      return JSON.parse((await readBytes(uploadKey(ref, uploadId, '.part'))).toString('utf8')) as PartState;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  const writeState = (ref: string, uploadId: string, state: PartState) =>
    client.send(new PutObjectCommand({ Bucket, Key: uploadKey(ref, uploadId, '.part'), Body: JSON.stringify(state), ContentType: 'application/json' }));

  async function abortMultipart(Key: string, UploadId: string): Promise<void> {
    try {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
    } catch (err) {
      // Gone already; or a local test server that cannot abort (its parts are its own files).
      if (!isMissing(err) && !isUnsupported(err)) throw err;
    }
  }

  /** Removes a resumable upload's state, tails and multipart upload. */
  async function dropPart(ref: string, uploadId: string, state: PartState | null): Promise<void> {
    if (state?.multipart) await abortMultipart(uploadKey(ref, uploadId, '.data'), state.multipart);
    const tails = (await listAll(uploadKey(ref, uploadId, '.tail-'))).map((o) => o.Key!);
    // The .data key exists only when a commit was cut between completing the upload and its copy.
    await deleteKeys([uploadKey(ref, uploadId, '.part'), uploadKey(ref, uploadId, '.data'), ...tails]);
  }

  return {
    client,

    /** Closes the client's connections (the server's close). */
    close() {
      client.destroy();
    },

    async put(ref, id, data, opts = {}) {
      const Key = objectKey(ref, id);
      const { counter, info: counted } = countedBody(opts.maxBytes);
      const source = bodyStream(data);
      // The first error wins: a refused size is the user's 413, not the upload's abort that follows.
      let refused: unknown;
      source.on('error', (err) => counter.destroy(err));
      counter.on('error', (err) => (refused ??= err));
      source.pipe(counter);
      // One PutObject for a body under one part; a multipart upload (aborted on failure) above.
      const upload = new Upload({ client, params: { Bucket, Key, Body: counter }, partSize: PART_BYTES, queueSize: 2, leavePartsOnError: false });
      writing.add(Key);
      try {
        await upload.done();
      } catch (err) {
        throw refused ?? err;
      } finally {
        writing.delete(Key);
      }
      if (refused) throw refused;
      const info: StoredObjectInfo = counted();
      return info;
    },

    async get(ref, id) {
      const Key = objectKey(ref, id);
      let r;
      try {
        r = await client.send(new GetObjectCommand({ Bucket, Key }));
      } catch (err) {
        if (isMissing(err)) throw notFound();
        throw err;
      }
      // The SDK's body in Node is the HTTP response itself: destroying it (releaseObjectBody) frees the connection.
      const body = r.Body as unknown as Readable & { size: number };
      body.size = r.ContentLength ?? 0;
      return body;
    },

    async delete(ref, ids) {
      const keys = ids.map((id) => objectKey(ref, id));
      await deleteKeys(keys);
    },

    async copy(ref, fromId, toId) {
      const from = objectKey(ref, fromId);
      const Key = objectKey(ref, toId);
      try {
        await client.send(new CopyObjectCommand({ Bucket, Key, CopySource: `${Bucket}/${from}` }));
      } catch (err) {
        if (isMissing(err)) throw notFound();
        throw err;
      }
    },

    async sizeUnder(prefix) {
      // A project's bytes: '<ref>/' (or '<ref>'), resumable uploads in progress left out.
      const base = projectPrefix(prefix.replace(/\/$/, ''));
      return (await listAll(`${base}_objects/`)).reduce((sum, o) => sum + (o.Size ?? 0), 0);
    },

    async removeProject(ref) {
      const base = projectPrefix(ref);
      for (const o of await listAll(`${base}_uploads/`)) {
        const id = /([0-9a-f-]{36})\.part$/.exec(o.Key ?? '')?.[1];
        if (id) {
          const state = await readState(ref, id).catch(() => null);
          if (state?.multipart) await abortMultipart(uploadKey(ref, id, '.data'), state.multipart);
        }
      }
      await abortMultipartUploadsUnder(base, () => true);
      await deleteKeys((await listAll(base)).map((o) => o.Key!));
    },

    async sweepTemporary(olderThanMs, nowMs = Date.now()) {
      let removed = 0;
      // 0 takes everything, whatever the two clocks say.
      const old = (d: Date | undefined, ms: number) => ms <= 0 || nowMs - (d?.getTime() ?? nowMs) >= ms;
      const uploadTtl = Math.max(olderThanMs, RESUMABLE_PART_TTL_MS);
      for (const ref of await projectRefs()) {
        const base = projectPrefix(ref);
        const byUpload = new Map<string, _Object[]>();
        for (const o of await listAll(`${base}_uploads/`)) {
          const id = /_uploads\/([0-9a-f-]{36})\./.exec(o.Key!)?.[1];
          if (id) byUpload.set(id, [...(byUpload.get(id) ?? []), o]);
        }
        for (const [id, keys] of byUpload) {
          if (writing.has(uploadKey(ref, id, '.part'))) continue; // an append of this process
          const stateObject = keys.find((o) => o.Key!.endsWith('.part'));
          if (stateObject) {
            // A resumable upload outlives restarts: it goes once no byte reached it for a day.
            if (old(stateObject.LastModified, uploadTtl)) {
              await dropPart(ref, id, await readState(ref, id).catch(() => null));
              removed += 1;
              continue;
            }
            const current = (await readState(ref, id).catch(() => null))?.tail?.n ?? 0;
            // A tail before the state's was replaced (its delete was cut); one after it is an
            // append running on another instance, or cut before its state was written.
            const stale = keys.filter((o) => {
              const n = Number(TAIL.exec(o.Key!)?.[1] ?? NaN);
              return n < current ? old(o.LastModified, olderThanMs) : n > current && old(o.LastModified, uploadTtl);
            });
            await deleteKeys(stale.map((o) => o.Key!));
            removed += stale.length;
          } else {
            // Left by an upload whose state went (finished or removed) before the rest did.
            const stale = keys.filter((o) => old(o.LastModified, olderThanMs));
            await deleteKeys(stale.map((o) => o.Key!));
            removed += stale.length;
          }
        }
        // Puts that a stopped instance left half-sent (multipart uploads of object keys).
        removed += await abortMultipartUploadsUnder(`${base}_objects/`, (lastActive) => old(lastActive, Math.max(olderThanMs, MULTIPART_PUT_FLOOR_MS)));
      }
      return removed;
    },

    async partSize(ref, uploadId) {
      const state = await readState(ref, uploadId);
      return state ? sizeOf(state) : null;
    },

    async appendPart(ref, uploadId, offset, data, maxBytes) {
      const stateKey = uploadKey(ref, uploadId, '.part');
      const dataKey = uploadKey(ref, uploadId, '.data');
      const existing = await readState(ref, uploadId);
      const existed = existing !== null;
      const state: PartState = existing ?? { multipart: null, parts: [], tail: null };
      const before = sizeOf(state);
      if (before !== offset) throw new HttpError(409, `The upload holds ${before} bytes, not ${offset}`, 'OFFSET_MISMATCH');
      writing.add(stateKey);
      const oldTail = state.tail;
      let buffered: Buffer[] = oldTail ? [await readBytes(uploadKey(ref, uploadId, `.tail-${oldTail.n}`))] : [];
      let bufferedBytes = oldTail?.size ?? 0;
      let size = before;
      const sendPart = async (bytes: Buffer) => {
        state.multipart ??= (await client.send(new CreateMultipartUploadCommand({ Bucket, Key: dataKey }))).UploadId!;
        const PartNumber = state.parts.length + 1;
        const r = await client.send(new UploadPartCommand({ Bucket, Key: dataKey, UploadId: state.multipart, PartNumber, Body: bytes, ContentLength: bytes.length }));
        state.parts.push({ PartNumber, ETag: r.ETag!, size: bytes.length });
        // The tail went into this part: the state says so at once, so a cut never counts its bytes twice.
        state.tail = null;
        await writeState(ref, uploadId, state);
      };
      let received = false;
      let failure: unknown;
      try {
        for await (const chunk of data) {
          if (size + chunk.length > maxBytes) throw new HttpError(413, `The upload exceeded its length of ${maxBytes} bytes`, 'PAYLOAD_TOO_LARGE');
          received ||= chunk.length > 0;
          size += chunk.length;
          buffered.push(Buffer.from(chunk));
          bufferedBytes += chunk.length;
          while (bufferedBytes >= PART_BYTES) {
            const all = Buffer.concat(buffered);
            await sendPart(all.subarray(0, PART_BYTES));
            buffered = [all.subarray(PART_BYTES)];
            bufferedBytes = all.length - PART_BYTES;
          }
        }
      } catch (err) {
        failure = err;
      }
      // Bytes received before a cut stay: what is under one part becomes the new tail, named by
      // the state once it is there; the old tail goes after.
      try {
        if (received || !existed) {
          const n = (oldTail?.n ?? 0) + 1;
          if (bufferedBytes > 0) {
            await client.send(new PutObjectCommand({ Bucket, Key: uploadKey(ref, uploadId, `.tail-${n}`), Body: Buffer.concat(buffered), ContentLength: bufferedBytes }));
          }
          state.tail = bufferedBytes > 0 ? { n, size: bufferedBytes } : null;
          await writeState(ref, uploadId, state);
          if (oldTail) await deleteKeys([uploadKey(ref, uploadId, `.tail-${oldTail.n}`)]);
        }
      } finally {
        writing.delete(stateKey);
      }
      if (failure) throw failure;
      return size;
    },

    async commitPart(ref, uploadId, objectId) {
      const Key = objectKey(ref, objectId);
      const dataKey = uploadKey(ref, uploadId, '.data');
      const state = await readState(ref, uploadId);
      if (!state) throw notFound();
      const size = sizeOf(state);
      const tail = state.tail ? await readBytes(uploadKey(ref, uploadId, `.tail-${state.tail.n}`)) : Buffer.alloc(0);
      let etag: string;
      if (!state.multipart) {
        // Under one part in all: the tail is the whole object.
        const hash = createHash('md5').update(tail).digest('hex');
        await client.send(new PutObjectCommand({ Bucket, Key, Body: tail, ContentLength: tail.length }));
        etag = hash;
      } else {
        const parts = state.parts.map(({ PartNumber, ETag }) => ({ PartNumber, ETag }));
        if (tail.length) {
          const PartNumber = parts.length + 1;
          const r = await client.send(new UploadPartCommand({ Bucket, Key: dataKey, UploadId: state.multipart, PartNumber, Body: tail, ContentLength: tail.length }));
          parts.push({ PartNumber, ETag: r.ETag! });
        }
        await client.send(new CompleteMultipartUploadCommand({ Bucket, Key: dataKey, UploadId: state.multipart, MultipartUpload: { Parts: parts } }));
        // The object's id is known only now: one copy inside the store moves the bytes to it.
        const copied = await client.send(new CopyObjectCommand({ Bucket, Key, CopySource: `${Bucket}/${dataKey}` }));
        etag = (copied.CopyObjectResult?.ETag ?? '').replace(/"/g, '');
        await deleteKeys([dataKey]);
      }
      await deleteKeys([uploadKey(ref, uploadId, '.part'), ...(state.tail ? [uploadKey(ref, uploadId, `.tail-${state.tail.n}`)] : [])]);
      return { size, etag };
    },

    async deletePart(ref, uploadId) {
      await dropPart(ref, uploadId, await readState(ref, uploadId));
    },
  };

  /** The refs that have a prefix in the bucket. */
  async function projectRefs(): Promise<string[]> {
    const refs: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Delimiter: '/', ContinuationToken }));
      for (const p of page.CommonPrefixes ?? []) refs.push(p.Prefix!.replace(/\/$/, ''));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    if (!refs.length) {
      // Servers that list no common prefix of nested keys (s3rver) answer nothing above: every
      // key, then (one call on an empty bucket elsewhere).
      for (const o of await listAll('')) {
        const ref = o.Key!.split('/')[0]!;
        if (refs.at(-1) !== ref) refs.push(ref);
      }
    }
    return refs.filter((ref) => REF_PATTERN.test(ref));
  }

  /** Aborts the multipart uploads under `Prefix` that `stale` accepts (by their last part's time); answers how many. */
  async function abortMultipartUploadsUnder(Prefix: string, stale: (lastActive: Date | undefined) => boolean): Promise<number> {
    let aborted = 0;
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    try {
      do {
        const page = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix, KeyMarker, UploadIdMarker }));
        for (const u of page.Uploads ?? []) {
          if (writing.has(u.Key!) || !stale(u.Initiated)) continue;
          const parts = await client.send(new ListPartsCommand({ Bucket, Key: u.Key, UploadId: u.UploadId })).catch(() => null);
          const last = (parts?.Parts ?? []).reduce<Date | undefined>((at, p) => (p.LastModified && (!at || p.LastModified > at) ? p.LastModified : at), u.Initiated);
          if (!stale(last)) continue;
          await abortMultipart(u.Key!, u.UploadId!);
          aborted += 1;
        }
        KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (KeyMarker);
    } catch (err) {
      // A local test server without ListMultipartUploads: nothing it could list.
      if (!isUnsupported(err)) throw err;
    }
    return aborted;
  }
}
