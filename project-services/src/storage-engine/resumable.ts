import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { DataStore, ERRORS, MemoryLocker, Server, Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StorageObjectNameSchema } from '@plinth/contracts-storage';
import { HttpError, type ApiDeps, type BackgroundJobs, type ObjectStore, type ProjectDatabase } from '@plinth/platform-core/deps';
import { RESUMABLE_PART_TTL_MS } from '@plinth/platform-core/object-store';
import { getBucket } from './buckets';
import { uploadObject } from './objects';

// The one resumable-upload engine (TUS 1.0.0: creation, creation-with-upload, expiration,
// termination) behind the console's endpoint and the apps' /storage/v1/upload/resumable. The
// protocol — headers, offsets, one writer per upload, the answers a client expects — is
// @tus/server's; what is ours is where an upload lives and what each mount decides:
// - the DataStore below keeps an upload as a control-database row (who may continue it, which
//   object it makes, how long) and its bytes as a part file through the object store, named by a
//   fresh uuid and never by a user's name, so a restart or a cut connection continues where the
//   part ends; an upload no byte reached for a day goes, row and part;
// - a mount says who calls and whether they may, checks a new upload as a plain upload is checked
//   before any byte is accepted, says who may continue an upload (its row's `uploader`), and in
//   whose name the object's row is written when the last byte moves the part to the object.

/** An upload no byte reached for this long is abandoned: its row and part go. */
const RESUMABLE_EXPIRY_MS = RESUMABLE_PART_TTL_MS;
const SWEEP_INTERVAL_MS = 10 * 60_000;
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Where a new upload's object goes, as the mount's checks settled it. */
export interface UploadTarget {
  bucketId: string;
  objectName: string;
  contentType: string;
  cacheControl: string;
  upsert: boolean;
}

interface ResumableUpload extends UploadTarget {
  id: string;
  ref: string;
  /** Who may continue it: `user:<id>` in the console, `<role>:<user id>` for apps. */
  uploader: string;
  length: number;
  expiresAt: Date;
}

/** Who may reach an upload through a mount: its project and uploader, and its bucket when the URL names one. */
export interface UploadClaim {
  ref: string;
  uploader: string;
  bucketId?: string;
}

export interface ResumableMount<Caller> {
  /** The creation route; an upload's URL is this path and the upload's id. */
  path: string;
  /** Params of the creation route (the upload's id is added for the upload's URL). */
  params: z.ZodObject;
  /** Who calls and whether they may (the mount's 401/403); asked once a request is a well-formed TUS request. */
  caller(req: FastifyRequest): Promise<Caller>;
  claim(req: FastifyRequest, caller: Caller): UploadClaim;
  /** A plain upload's checks on an upload of `length` bytes with this metadata, before any byte is accepted. */
  check(req: FastifyRequest, caller: Caller, upload: { length: number; metadata: Record<string, string> }): Promise<UploadTarget>;
  /** The project database the object's row is written in, and as whom (an app's caller under its policies). */
  writer(caller: Caller): { db: ProjectDatabase; ownerId: string | null; asCaller?: Pick<ProjectDatabase, 'query'> };
}

/** The object name an upload's metadata gives, checked like every object name. */
export function objectNameOf(meta: Record<string, string>): string {
  const parsed = StorageObjectNameSchema.safeParse(meta.objectName);
  if (!parsed.success) throw new HttpError(400, `objectName: ${parsed.error.issues[0]?.message ?? 'invalid'}`, 'VALIDATION', 'objectName');
  return parsed.data;
}

export const contentTypeOf = (meta: Record<string, string>) => (meta.contentType || 'application/octet-stream').split(';')[0]!.trim().toLowerCase();

/** supabase's clients send cacheControl as seconds; a full Cache-Control value is kept as given. */
export const cacheControlOf = (meta: Record<string, string>) => (meta.cacheControl ? (/^\d+$/.test(meta.cacheControl) ? `max-age=${meta.cacheControl}` : meta.cacheControl) : 'max-age=3600');

const gone = () => new HttpError(404, 'Upload not found: it finished, expired or was never started here', 'UPLOAD_NOT_FOUND');

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

// tus hands the store nothing but the Upload, so the settled target travels to create() in the
// upload's metadata under these keys; a client's own metadata never reaches create() (the hook
// replaces it whole).
const TARGET_KEYS = { ref: 'plinth-ref', uploader: 'plinth-uploader', bucketId: 'plinth-bucket', upsert: 'plinth-upsert' } as const;

/** Uploads as control-database rows and part files: the store @tus/server reads and writes through. */
class ResumableStore extends DataStore {
  /**
   * Uploads whose part became their object in a request still answering: tus reads such an upload
   * back (a creation's Upload-Expires) before the engine drops its row, and it is complete, not gone.
   */
  readonly #madeObject = new Set<string>();

  constructor(private readonly deps: Pick<ApiDeps, 'control' | 'objects'>) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'expiration', 'termination'];
  }

  async #row(id: string): Promise<(Row & { expired: boolean }) | undefined> {
    if (!UPLOAD_ID.test(id)) return undefined;
    const r = await this.deps.control.query<Row & { expired: boolean }>('select *, expires_at <= now() as expired from storage_resumable_uploads where id = $1', [id]);
    return r.rows[0];
  }

  /** The live upload `id`; 404 when unknown, and when expired (its row and part go then). */
  async upload(id: string): Promise<ResumableUpload> {
    const row = await this.#row(id);
    if (!row) throw gone();
    if (row.expired) {
      await this.remove(id);
      throw gone();
    }
    return toUpload(row);
  }

  /** 404 unless `id` is an upload of this project and uploader (and bucket): another's id is never told apart from an unknown one. */
  async claim(id: string, who: UploadClaim): Promise<void> {
    const row = await this.#row(id);
    if (!row || row.project_ref !== who.ref || row.uploader !== who.uploader || (who.bucketId !== undefined && row.bucket_id !== who.bucketId)) throw gone();
  }

  /** Records that `id`'s part is now its object, until the request that did it has answered. */
  madeObject(id: string): void {
    this.#madeObject.add(id);
  }

  override async create(upload: Upload): Promise<Upload> {
    const m = upload.metadata ?? {};
    const ref = m[TARGET_KEYS.ref]!;
    await this.deps.control.query(
      `insert into storage_resumable_uploads (id, project_ref, bucket_id, object_name, uploader, upload_length, content_type, cache_control, upsert, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + make_interval(secs => $10::double precision / 1000))`,
      [upload.id, ref, m[TARGET_KEYS.bucketId], m.objectName, m[TARGET_KEYS.uploader], upload.size, m.contentType, m.cacheControl, m[TARGET_KEYS.upsert] === 'true', RESUMABLE_EXPIRY_MS],
    );
    await this.deps.objects.appendPart(ref, upload.id, 0, (async function* () {})(), upload.size ?? 0);
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const up = await this.upload(id);
    let offset = await this.deps.objects.partSize(up.ref, id);
    if (offset === null) {
      if (!this.#madeObject.has(id)) {
        await this.remove(id); // its bytes are gone: nothing left to continue
        throw gone();
      }
      offset = up.length;
    }
    return new Upload({
      id,
      size: up.length,
      offset,
      metadata: { objectName: up.objectName, contentType: up.contentType, cacheControl: up.cacheControl },
      // tus dates an upload's expiry from its creation; ours runs from its last byte, so the time
      // of the last byte is what it is given.
      creation_date: new Date(up.expiresAt.getTime() - RESUMABLE_EXPIRY_MS).toISOString(),
    });
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const up = await this.upload(id);
    try {
      return await this.deps.objects.appendPart(up.ref, id, offset, stream, up.length);
    } finally {
      // Bytes that reached the part before a cut count as activity too.
      await this.deps.control.query(
        'update storage_resumable_uploads set expires_at = now() + make_interval(secs => $2::double precision / 1000) where id = $1',
        [id, RESUMABLE_EXPIRY_MS],
      );
    }
  }

  override async remove(id: string): Promise<void> {
    this.#madeObject.delete(id);
    const r = await this.deps.control.query<{ project_ref: string }>('delete from storage_resumable_uploads where id = $1 returning project_ref', [id]);
    const ref = r.rows[0]?.project_ref;
    if (ref) await this.deps.objects.deletePart(ref, id);
  }

  override async deleteExpired(): Promise<number> {
    const r = await this.deps.control.query<{ id: string; project_ref: string }>('delete from storage_resumable_uploads where expires_at <= now() returning id, project_ref');
    for (const row of r.rows) await this.deps.objects.deletePart(row.project_ref, row.id);
    return r.rows.length;
  }

  override getExpiration(): number {
    return RESUMABLE_EXPIRY_MS;
  }
}

const stores = new WeakMap<ObjectStore, ResumableStore>();
/** One store per object store: both mounts and the expiry sweep see the same uploads. */
function storeOf(deps: Pick<ApiDeps, 'control' | 'objects'>): ResumableStore {
  let store = stores.get(deps.objects);
  if (!store) stores.set(deps.objects, (store = new ResumableStore(deps)));
  return store;
}

/** One writer per upload id in this process, whichever mount a request came through. */
const locker = new MemoryLocker();

/** tus's own refusals in our words, with the field a client got wrong; anything else keeps tus's status. */
const TUS_REFUSALS = new Map<unknown, () => HttpError>([
  [ERRORS.INVALID_OFFSET, () => new HttpError(409, 'Upload-Offset does not match the bytes the server holds: ask them with HEAD and send from there', 'OFFSET_MISMATCH', 'Upload-Offset')],
  [ERRORS.MISSING_OFFSET, () => new HttpError(400, 'Upload-Offset is required', 'VALIDATION', 'Upload-Offset')],
  [ERRORS.INVALID_CONTENT_TYPE, () => new HttpError(415, 'Content-Type must be application/offset+octet-stream', 'VALIDATION', 'Content-Type')],
  [ERRORS.INVALID_LENGTH, () => new HttpError(400, 'Upload-Length is required', 'VALIDATION', 'Upload-Length')],
  [ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION, () => new HttpError(400, 'Upload-Length is required: uploads of unknown length are not supported', 'VALIDATION', 'Upload-Length')],
  [ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION, () => new HttpError(400, 'Parallel uploads (Upload-Concat) are not supported', 'VALIDATION', 'Upload-Concat')],
  [ERRORS.INVALID_METADATA, () => new HttpError(400, 'Upload-Metadata must be comma-separated pairs of a key and a base64 value', 'VALIDATION', 'Upload-Metadata')],
  [ERRORS.FILE_NOT_FOUND, gone],
  [ERRORS.FILE_NO_LONGER_EXISTS, gone],
  [ERRORS.ERR_SIZE_EXCEEDED, () => new HttpError(413, "The bytes sent go past the upload's length", 'PAYLOAD_TOO_LARGE')],
  [ERRORS.ERR_MAX_SIZE_EXCEEDED, () => new HttpError(413, "The bytes sent go past the upload's length", 'PAYLOAD_TOO_LARGE')],
  // tus answers these 500 and 400; 423 is what makes a client ask the offset again and continue.
  [ERRORS.ERR_LOCK_TIMEOUT, () => new HttpError(423, 'This upload is receiving bytes from another request', 'UPLOAD_LOCKED')],
  [ERRORS.ABORTED, () => new HttpError(423, 'Another request on this upload interrupted this one: ask the offset and continue', 'UPLOAD_LOCKED')],
]);

/** The error a refused request is answered with, in the mount's shape by its error handler. */
function refusal(thrown: unknown, status: number, body: string): unknown {
  if (thrown instanceof Error) return thrown; // a hook's or the store's own error
  const known = TUS_REFUSALS.get(thrown);
  if (known) return known();
  // What tus answers before any hook: no or another Tus-Resumable, headers the protocol refuses.
  if (status === 412) return new HttpError(412, 'Tus-Resumable must be 1.0.0', 'TUS_VERSION', 'Tus-Resumable');
  const invalid = /^Invalid (\S+)/.exec(body);
  if (status === 400 && invalid?.[1] === 'content-type') return TUS_REFUSALS.get(ERRORS.INVALID_CONTENT_TYPE)!();
  if (status === 400 && invalid) return new HttpError(400, body.trim(), 'VALIDATION', invalid[1]);
  return new HttpError(status, body.trim() || 'The upload request was refused', status === 404 ? 'NOT_FOUND' : status >= 500 ? 'INTERNAL' : 'TUS_PROTOCOL');
}

/** The Fastify request as the Web Request tus reads; its bytes stay unread until tus streams them to the store. */
function webRequestOf(req: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
  }
  const body = req.method === 'POST' || req.method === 'PATCH' ? (Readable.toWeb(req.raw) as NodeWebStream<Uint8Array> as ReadableStream<Uint8Array>) : null;
  return new Request(new URL(req.url, 'http://upload.invalid'), { method: req.method, headers, body, duplex: 'half' } as RequestInit);
}

// Answered by the server that hosts a mount (same origin for the console, any origin for apps), and
// the type and length of tus's plain-text bodies, which our answers do not keep.
const HOSTS_OWN = /^(access-control-|content-length$|content-type$)/i;

/**
 * Mounts the engine at `mount.path` (POST, OPTIONS) and `mount.path/:uploadId` (HEAD, PATCH,
 * DELETE, OPTIONS) of `fastify`. Errors are thrown to the scope's error handler, so each mount
 * answers in its own shape.
 */
export function mountResumable<Caller>(fastify: FastifyInstance, deps: Pick<ApiDeps, 'control' | 'objects'>, mount: ResumableMount<Caller>): void {
  const store = storeOf(deps);
  interface InFlight {
    req: FastifyRequest;
    caller?: Promise<Caller>;
    thrown?: unknown;
    /** The upload whose last byte this request received: over once it has answered, object made or not. */
    finished?: string;
  }
  const inFlight = new WeakMap<Request, InFlight>();
  const of = (req: Request) => inFlight.get(req)!;
  const callerOf = (f: InFlight) => (f.caller ??= mount.caller(f.req));
  /**
   * Runs a hook, keeping what it threw for the answer: tus reads a thrown object's `body` as the
   * answer's text (a StorageError's is a method), so it is handed a plain refusal instead.
   */
  const guarded = async <T>(req: Request, hook: (f: InFlight) => Promise<T>): Promise<T> => {
    const f = of(req);
    try {
      return await hook(f);
    } catch (err) {
      f.thrown = err;
      throw { status_code: 500, body: 'refused by a hook' };
    }
  };

  const tus = new Server({
    path: mount.path,
    datastore: store,
    locker,
    namingFunction: () => randomUUID(),
    // Relative to the URL the client called (before any host rewrite), as the old endpoints answered.
    generateUrl: (req, { id }) => `${of(req).req.originalUrl.split('?')[0]!.replace(/\/$/, '')}/${id}`,
    getFileIdFromRequest: (_req, last) => (last && UPLOAD_ID.test(last) ? last : undefined),
    onIncomingRequest: (req, id) =>
      guarded(req, async (f) => {
        const caller = await callerOf(f);
        if (req.method !== 'POST') await store.claim(id, mount.claim(f.req, caller));
      }),
    onUploadCreate: (req, upload) =>
      guarded(req, async (f) => {
        const caller = await callerOf(f);
        const metadata = Object.fromEntries(Object.entries(upload.metadata ?? {}).map(([k, v]) => [k, v ?? '']));
        const target = await mount.check(f.req, caller, { length: upload.size ?? 0, metadata });
        const who = mount.claim(f.req, caller);
        return {
          metadata: {
            objectName: target.objectName,
            contentType: target.contentType,
            cacheControl: target.cacheControl,
            [TARGET_KEYS.ref]: who.ref,
            [TARGET_KEYS.uploader]: who.uploader,
            [TARGET_KEYS.bucketId]: target.bucketId,
            [TARGET_KEYS.upsert]: String(target.upsert),
          },
        };
      }),
    onUploadFinish: (req, upload) =>
      guarded(req, async (f) => {
        f.finished = upload.id;
        const up = await store.upload(upload.id);
        const writer = mount.writer(await callerOf(f));
        await getBucket(writer.db, up.bucketId); // deleted meanwhile: 404, and the upload goes
        await uploadObject(writer.db, deps.objects, {
          ref: up.ref,
          bucketId: up.bucketId,
          path: up.objectName,
          contentType: up.contentType,
          cacheControl: up.cacheControl,
          upsert: up.upsert,
          maxBytes: up.length,
          ownerId: writer.ownerId,
          body: new Uint8Array(),
          asCaller: writer.asCaller,
          write: async (objectId) => {
            const info = await deps.objects.commitPart(up.ref, up.id, objectId);
            store.madeObject(up.id);
            return info;
          },
        });
        return {};
      }),
    onResponseError(req, err) {
      of(req).thrown ??= err;
      return undefined;
    },
  });

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    const web = webRequestOf(req);
    const f: InFlight = { req };
    inFlight.set(web, f);
    let res: Response;
    try {
      res = await tus.handleWeb(web);
    } finally {
      if (f.finished) await store.remove(f.finished);
    }
    for (const [name, value] of res.headers) if (!HOSTS_OWN.test(name)) reply.header(name, value);
    const body = await res.text();
    if (res.status >= 400) throw refusal(f.thrown, res.status, body);
    // tus states the offset only when a creation carried bytes; a client that skips the HEAD after
    // creating reads 0 here, as our endpoints always answered.
    if (req.method === 'POST' && !res.headers.has('upload-offset')) reply.header('Upload-Offset', '0');
    return reply.code(res.status).send(body || undefined);
  };

  fastify.register(async (scope) => {
    // The bytes stay in the request stream for tus: no parser reads them, no check walks them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.route({ method: ['POST', 'OPTIONS'], url: mount.path, schema: { params: mount.params }, handler: handle });
    app.route({ method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'], url: `${mount.path}/:uploadId`, schema: { params: mount.params.extend({ uploadId: z.string().max(64) }) }, handler: handle });
  });
}

/** Drops expired uploads (row and part) every 10 minutes, once across instances (a job: the rows are in the control database). */
export function scheduleResumableExpiry(jobs: BackgroundJobs, deps: Pick<ApiDeps, 'control' | 'objects'>): void {
  const store = storeOf(deps);
  jobs.define({ name: 'storage.resumable-expiry', everyMs: SWEEP_INTERVAL_MS, leaseSeconds: 10 * 60, run: () => store.deleteExpired() });
}
