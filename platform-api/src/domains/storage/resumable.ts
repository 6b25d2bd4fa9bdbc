import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StorageObjectNameSchema, STORAGE_API_MESSAGES } from '@plinth/shared-contracts';
import { HttpError, type ApiDeps, type ControlDatabase, type ObjectStore } from '../../core/deps';
import { RESUMABLE_PART_TTL_MS } from '../../core/object-store';

// Resumable uploads on the TUS protocol 1.0.0 (core, creation, expiration, termination), shared by
// the console's route and the apps' /storage/v1/upload/resumable. An upload is created with its
// length and object name, checked then against the same limits as a plain upload; its bytes go to
// a part file under the project's _uploads (named by a fresh uuid, never by a user's name) through
// PATCH requests at the offset the server holds; the last byte moves the part to the object's id.
// What is known of an upload in progress (who, where to, how long) is a control-database row, so
// a restart or a cut connection continues where the part ends.

export const TUS_VERSION = '1.0.0';
export const TUS_EXTENSIONS = 'creation,creation-with-upload,expiration,termination';
/** An upload no byte reached for this long is abandoned: its row and part go. */
export const RESUMABLE_EXPIRY_MS = RESUMABLE_PART_TTL_MS;
const SWEEP_INTERVAL_MS = 10 * 60_000;
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface ResumableUpload {
  id: string;
  ref: string;
  bucketId: string;
  objectName: string;
  /** Who may continue it: `user:<id>` in the console, `<role>:<user id>` for apps. */
  uploader: string;
  length: number;
  contentType: string;
  cacheControl: string;
  upsert: boolean;
  expiresAt: Date;
}

export const header = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/** Upload-Metadata: comma-separated `key base64(value)` pairs (a key alone has an empty value). */
export function parseUploadMetadata(raw: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (raw ?? '').split(',')) {
    const [key, value = '', extra] = pair.trim().split(' ');
    if (!key) continue;
    if (extra !== undefined || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) throw new HttpError(400, `Upload-Metadata ${key} is not base64`, 'VALIDATION', 'Upload-Metadata');
    out[key] = Buffer.from(value, 'base64').toString('utf8');
  }
  return out;
}

/** The request speaks our TUS version (412 otherwise, as the protocol says). */
export function requireTus(req: FastifyRequest, reply: FastifyReply): void {
  reply.header('Tus-Resumable', TUS_VERSION);
  if (header(req.headers['tus-resumable']) !== TUS_VERSION) {
    reply.header('Tus-Version', TUS_VERSION);
    throw new HttpError(412, `Tus-Resumable must be ${TUS_VERSION}`, 'TUS_VERSION', 'Tus-Resumable');
  }
}

function nonNegative(raw: string | undefined, field: string): number {
  if (raw === undefined || !/^\d{1,15}$/.test(raw.trim())) throw new HttpError(400, `${field} must be a whole number of bytes`, 'VALIDATION', field);
  return Number(raw.trim());
}

export const uploadLength = (req: FastifyRequest) => {
  if (req.headers['upload-defer-length'] !== undefined) throw new HttpError(400, 'Upload-Length is required: uploads of unknown length are not supported', 'VALIDATION', 'Upload-Length');
  return nonNegative(header(req.headers['upload-length']), 'Upload-Length');
};
export const uploadOffset = (req: FastifyRequest) => nonNegative(header(req.headers['upload-offset']), 'Upload-Offset');

/** The object name an upload's metadata gives, checked like every object name. */
export function objectNameOf(meta: Record<string, string>): string {
  const parsed = StorageObjectNameSchema.safeParse(meta.objectName);
  if (!parsed.success) throw new HttpError(400, `objectName: ${parsed.error.issues[0]?.message ?? 'invalid'}`, 'VALIDATION', 'objectName');
  return parsed.data;
}

/** The size check of a plain upload, made before any byte is sent. */
export function checkLength(length: number, maxBytes: number): void {
  if (length > maxBytes) throw new HttpError(413, STORAGE_API_MESSAGES.fileTooLarge(maxBytes), 'PAYLOAD_TOO_LARGE');
}

interface Row {
  id: string;
  project_ref: string;
  bucket_id: string;
  object_name: string;
  uploader: string;
  upload_length: string | number;
  content_type: string;
  cache_control: string;
  upsert: boolean;
  expires_at: Date | string;
}

const toUpload = (r: Row): ResumableUpload => ({
  id: r.id,
  ref: r.project_ref,
  bucketId: r.bucket_id,
  objectName: r.object_name,
  uploader: r.uploader,
  length: Number(r.upload_length),
  contentType: r.content_type,
  cacheControl: r.cache_control,
  upsert: r.upsert,
  expiresAt: new Date(r.expires_at),
});

/** Records a new upload and its empty part. */
export async function createResumable(deps: Pick<ApiDeps, 'control' | 'objects'>, u: Omit<ResumableUpload, 'id' | 'expiresAt'>): Promise<ResumableUpload> {
  const id = randomUUID();
  const r = await deps.control.query<Row>(
    `insert into storage_resumable_uploads (id, project_ref, bucket_id, object_name, uploader, upload_length, content_type, cache_control, upsert, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + make_interval(secs => $10::double precision / 1000)) returning *`,
    [id, u.ref, u.bucketId, u.objectName, u.uploader, u.length, u.contentType, u.cacheControl, u.upsert, RESUMABLE_EXPIRY_MS],
  );
  await deps.objects.appendPart(u.ref, id, 0, (async function* () {})(), u.length);
  return toUpload(r.rows[0]!);
}

const gone = () => new HttpError(404, 'Upload not found: it finished, expired or was never started here', 'UPLOAD_NOT_FOUND');

/**
 * The upload `id` of this project, bucket and uploader; 404 for any other (another project's or
 * user's id is never told apart from an unknown one) and for an expired one, whose part goes.
 */
export async function findResumable(deps: Pick<ApiDeps, 'control' | 'objects'>, ref: string, bucketId: string | undefined, id: string, uploader: string): Promise<ResumableUpload> {
  if (!UPLOAD_ID.test(id)) throw gone();
  const r = await deps.control.query<Row & { expired: boolean }>(
    'select *, expires_at <= now() as expired from storage_resumable_uploads where id = $1 and project_ref = $2 and uploader = $3',
    [id, ref, uploader],
  );
  const row = r.rows[0];
  if (!row || (bucketId !== undefined && row.bucket_id !== bucketId)) throw gone();
  if (row.expired) {
    await dropResumable(deps, toUpload(row));
    throw gone();
  }
  return toUpload(row);
}

export async function dropResumable(deps: Pick<ApiDeps, 'control' | 'objects'>, u: ResumableUpload): Promise<void> {
  await deps.control.query('delete from storage_resumable_uploads where id = $1', [u.id]);
  await deps.objects.deletePart(u.ref, u.id);
}

/** Bytes the server holds of an upload; 404 (and the row dropped) when its part is gone. */
export async function resumableOffset(deps: Pick<ApiDeps, 'control' | 'objects'>, u: ResumableUpload): Promise<number> {
  const size = await deps.objects.partSize(u.ref, u.id);
  if (size === null) {
    await dropResumable(deps, u);
    throw gone();
  }
  return size;
}

const appending = new WeakMap<ObjectStore, Set<string>>();

/**
 * Appends a PATCH's bytes at `offset`: 409 when the server holds another offset, 423 while another
 * PATCH of this upload still runs (a cut request the server has not noticed yet). Answers the new offset.
 */
export async function appendResumable(deps: Pick<ApiDeps, 'control' | 'objects'>, u: ResumableUpload, offset: number, body: AsyncIterable<Uint8Array>): Promise<number> {
  let running = appending.get(deps.objects);
  if (!running) appending.set(deps.objects, (running = new Set()));
  if (running.has(u.id)) throw new HttpError(423, 'This upload is receiving bytes from another request', 'UPLOAD_LOCKED');
  running.add(u.id);
  try {
    const held = await resumableOffset(deps, u);
    if (held !== offset) throw new HttpError(409, `Upload-Offset ${offset} does not match the ${held} bytes the server holds`, 'OFFSET_MISMATCH', 'Upload-Offset');
    return await deps.objects.appendPart(u.ref, u.id, offset, body, u.length);
  } finally {
    running.delete(u.id);
    await deps.control.query(
      'update storage_resumable_uploads set expires_at = now() + make_interval(secs => $2::double precision / 1000) where id = $1',
      [u.id, RESUMABLE_EXPIRY_MS],
    );
  }
}

export function expiresHeader(reply: FastifyReply): void {
  reply.header('Upload-Expires', new Date(Date.now() + RESUMABLE_EXPIRY_MS).toUTCString());
}

/** Drops expired uploads (row and part) every 10 minutes; the timer never keeps the process alive. */
export function scheduleResumableExpiry(app: FastifyInstance, deps: ApiDeps): void {
  const sweep = async (control: ControlDatabase) => {
    const r = await control.query<{ id: string; project_ref: string }>('delete from storage_resumable_uploads where expires_at <= now() returning id, project_ref');
    for (const row of r.rows) await deps.objects.deletePart(row.project_ref, row.id);
  };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running ??= sweep(deps.control)
        .catch((err: unknown) => app.log.warn({ err }, 'resumable upload expiry failed'))
        .finally(() => (running = undefined));
    }, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
