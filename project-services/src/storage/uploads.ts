import type { StorageObject } from '@plinth/contracts-storage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiDeps } from '@plinth/platform-core/deps';
import { getBucket, mimeAllowed } from '../storage-engine/buckets';
import { getStorageConfig } from '../storage-engine/config';
import { uploadObject } from '../storage-engine/objects';
import { ObjectParams, ownerOf, storageContext, type CallerDb, type StorageContext } from './context';
import { StorageError } from './errors';
import { metadataFromHeader, parseUserMetadata, setUserMetadata } from './user-metadata';

// Uploads as storage-js sends them: POST (x-upsert) or PUT (replace) to /object/{bucket}/{path},
// the bytes as the raw body (content-type, cache-control headers) or as a multipart form (the file
// part and cacheControl and metadata fields; x-metadata as a header). The bucket's size limit and MIME types apply, then the caller's
// INSERT policy (UPDATE too when an upsert replaces an object).

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const MULTIPART_OVERHEAD = 64 * 1024;

/** An upload's bytes, still streaming (private field: checks walking a body's fields skip it). */
export class RawBody {
  readonly #stream: AsyncIterable<Uint8Array>;
  constructor(stream: AsyncIterable<Uint8Array>) {
    this.#stream = stream;
  }
  get stream() {
    return this.#stream;
  }
}

/** Bytes a project accepts in one object of this bucket: the project's limit and the bucket's. */
export async function uploadLimit(deps: ApiDeps, ref: string, bucketLimit: number | null): Promise<number> {
  const org = await deps.control.query<{ organization_id: number }>('select organization_id from projects where ref = $1', [ref]);
  const config = await getStorageConfig(deps.control, ref, org.rows[0]?.organization_id ?? 0);
  return Math.min(config.fileSizeLimit, bucketLimit ?? Number.POSITIVE_INFINITY);
}

export const tooLarge = (max: number) => new StorageError(413, 'Payload too large', `The object exceeded the maximum allowed size of ${max} bytes`);

async function readAll(stream: AsyncIterable<Uint8Array>, max: number): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > max) throw tooLarge(max);
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

interface Incoming {
  contentType: string;
  cacheControl: string;
  body: AsyncIterable<Uint8Array> | Uint8Array;
  /** The app's own metadata (storage-js's `metadata` option), null when none was sent. */
  metadata: Record<string, unknown> | null;
}

/** storage-js sends cacheControl as seconds ("3600", or "max-age=3600" in the header). */
const cacheControlOf = (v: string | undefined) => (v ? (/^\d+$/.test(v) ? `max-age=${v}` : v) : 'max-age=3600');

async function incoming(req: FastifyRequest, maxBytes: number): Promise<Incoming> {
  const type = (header(req.headers['content-type']) ?? '').trim();
  const stream = req.body instanceof RawBody ? req.body.stream : (async function* () {})();
  if (!/^multipart\/form-data/i.test(type)) {
    return {
      contentType: type.split(';')[0]!.trim().toLowerCase() || 'application/octet-stream',
      cacheControl: cacheControlOf(header(req.headers['cache-control'])),
      body: stream,
      metadata: metadataFromHeader(header(req.headers['x-metadata'])),
    };
  }
  const raw = await readAll(stream, maxBytes + MULTIPART_OVERHEAD);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData();
  } catch {
    throw new StorageError(400, 'Bad Request', 'The multipart form could not be read');
  }
  const file = [...form.values()].find((v): v is File => typeof v !== 'string');
  if (!file) throw new StorageError(400, 'Bad Request', 'The form holds no file');
  const cache = form.get('cacheControl');
  const meta = form.get('metadata');
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length > maxBytes) throw tooLarge(maxBytes);
  return {
    contentType: (file.type || 'application/octet-stream').split(';')[0]!.trim().toLowerCase(),
    cacheControl: cacheControlOf(typeof cache === 'string' ? cache : undefined),
    body: bytes,
    metadata: typeof meta === 'string' ? parseUserMetadata(meta) : metadataFromHeader(header(req.headers['x-metadata'])),
  };
}

export function checkMime(allowed: string[] | null, contentType: string): void {
  if (!mimeAllowed(allowed, contentType)) throw new StorageError(415, 'invalid_mime_type', `mime type ${contentType} is not supported`);
}

/** Copies an object's bytes to a new object, under the target bucket's limits and the caller's INSERT policy. */
export async function copyObject(
  deps: ApiDeps,
  ctx: StorageContext,
  bucketId: string,
  path: string,
  source: StorageObject & { id: string },
  userMetadata: Record<string, unknown> | null = null,
): Promise<StorageObject> {
  const bucket = await getBucket(ctx.db, bucketId);
  const maxBytes = await uploadLimit(deps, ctx.caller.ref, bucket.file_size_limit);
  if (Number(source.metadata?.size ?? 0) > maxBytes) throw tooLarge(maxBytes);
  // The source's bytes are opened only once the copy's row is claimed (a refused copy opens nothing).
  const file = (async function* () {
    yield* await deps.objects.get(ctx.caller.ref, source.id);
  })();
  const contentType = String(source.metadata?.mimetype ?? 'application/octet-stream');
  checkMime(bucket.allowed_mime_types, contentType);
  const copied = await uploadObject(ctx.db, deps.objects, {
    ref: ctx.caller.ref,
    bucketId,
    path,
    contentType,
    cacheControl: String(source.metadata?.cacheControl ?? 'max-age=3600'),
    upsert: false,
    maxBytes,
    ownerId: ownerOf(ctx.caller),
    body: file,
    asCaller: ctx.caller.role === 'service_role' ? undefined : ctx.asCaller,
  });
  await setUserMetadata(ctx.db, copied.id!, userMetadata);
  return copied;
}

export interface UploadTarget {
  ref: string;
  bucketId: string;
  path: string;
  upsert: boolean;
  ownerId: string | null;
  /** The caller whose policies decide; none when the upload is already allowed (service_role, a signed upload URL). */
  asCaller?: CallerDb;
}

/** Stores a request's body as an object: the bucket's size limit and MIME types, then the policies; answers storage-js's { Id, Key }. */
export async function storeUpload(deps: ApiDeps, req: FastifyRequest, db: StorageContext['db'], t: UploadTarget) {
  const bucket = await getBucket(db, t.bucketId);
  const maxBytes = await uploadLimit(deps, t.ref, bucket.file_size_limit);
  const declared = Number(header(req.headers['content-length']) ?? NaN);
  const multipart = /^multipart\//i.test(header(req.headers['content-type']) ?? '');
  if (Number.isFinite(declared) && declared > maxBytes + (multipart ? MULTIPART_OVERHEAD : 0)) throw tooLarge(maxBytes);
  const { metadata, ...input } = await incoming(req, maxBytes);
  checkMime(bucket.allowed_mime_types, input.contentType);
  const stored = await uploadObject(db, deps.objects, { ref: t.ref, bucketId: bucket.id, path: t.path, ...input, upsert: t.upsert, maxBytes, ownerId: t.ownerId, asCaller: t.asCaller });
  await setUserMetadata(db, stored.id!, metadata);
  return { Id: stored.id, Key: `${bucket.id}/${t.path}` };
}

export function storageUploadRoutes(fastify: FastifyInstance, deps: ApiDeps, more?: (scope: FastifyInstance) => void): void {
  fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, new RawBody(payload)));
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: ['POST', 'PUT'],
      url: '/:ref/storage/v1/object/:bucket/*',
      schema: { params: ObjectParams },
      handler: async (req) => {
        const ctx = await storageContext(deps, req, req.params.ref);
        return storeUpload(deps, req, ctx.db, {
          ref: req.params.ref,
          bucketId: req.params.bucket,
          path: req.params['*'],
          upsert: req.method === 'PUT' || header(req.headers['x-upsert']) === 'true',
          ownerId: ownerOf(ctx.caller),
          asCaller: ctx.caller.role === 'service_role' ? undefined : ctx.asCaller,
        });
      },
    });
    more?.(scope);
  });
}
