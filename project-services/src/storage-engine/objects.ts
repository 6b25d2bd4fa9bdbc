import { randomUUID } from 'node:crypto';
import { STORAGE_API_MESSAGES, type StorageObject, type StorageSortKey, type StorageSortOrder } from '@plinth/contracts-storage';
import { HttpError, type ObjectStore, type ProjectDatabase, type StoredObjectInfo } from '@plinth/platform-core/deps';
import { beginUpload, endUpload } from './uploads';
import { isoTime } from '@plinth/platform-core/common/control-schema';
import { likeEscape } from '@plinth/platform-core/common/sql';

// Object metadata in storage.objects; bytes in the object store under the row's id
// (storage.objects.id), never under its name: a name, whoever wrote it, never reaches the file
// system, and renames and moves change the row alone.

type Db = Pick<ProjectDatabase, 'query' | 'transaction'>;

interface Row {
  id: string | null;
  name: string;
  bucket_id?: string;
  metadata: Record<string, unknown> | null;
  created_at: unknown;
  updated_at: unknown;
  last_accessed_at: unknown;
}

const time = (v: unknown) => (v === null || v === undefined ? null : isoTime(v));

function toItem(r: Row): StorageObject {
  return {
    name: r.name,
    id: r.id,
    metadata: r.metadata,
    created_at: time(r.created_at),
    updated_at: time(r.updated_at),
    last_accessed_at: time(r.last_accessed_at),
    ...(r.bucket_id ? { bucket_id: r.bucket_id } : {}),
  };
}

export interface ListOptions {
  path: string;
  limit: number;
  offset: number;
  search: string;
  sortBy: { column: StorageSortKey; order: StorageSortOrder };
}

/**
 * One page of a folder: the folder's direct children, derived from object names by their '/'
 * prefix. Folders come first (by name), then files in the chosen order, ties broken by name, so
 * offset/limit paging over a large folder never skips or repeats an entry.
 */
export async function listFolder(db: Db, bucketId: string, o: ListOptions): Promise<StorageObject[]> {
  const folder = o.path.replace(/^\/+|\/+$/g, '');
  const prefix = folder ? `${folder}/` : '';
  const dir = o.sortBy.order === 'desc' ? 'desc' : 'asc';
  const column = o.sortBy.column === 'name' ? null : o.sortBy.column;
  const fileOrder = column ? `case when kind = 1 then ${column} end ${dir} nulls last, ` : '';
  const r = await db.query<Row & { kind: number }>(
    `with children as (
       select split_part(substr(name, $2::int + 1), '/', 1) as item,
              strpos(substr(name, $2::int + 1), '/') > 0 as is_folder,
              id, metadata, created_at, updated_at, last_accessed_at
       from storage.objects
       where bucket_id = $1 and name like $3 escape '\\'
     ), entries as (
       select distinct 0 as kind, item as name, null::uuid as id, null::jsonb as metadata,
              null::timestamptz as created_at, null::timestamptz as updated_at, null::timestamptz as last_accessed_at
       from children where is_folder
       union all
       select 1, item, id, metadata, created_at, updated_at, last_accessed_at from children where not is_folder
     )
     select * from entries
     order by kind, ${fileOrder}name collate "C" ${dir}
     limit $4 offset $5`,
    [bucketId, prefix.length, `${likeEscape(prefix + o.search)}%`, o.limit, o.offset],
  );
  return r.rows.map((row) => toItem({ ...row, id: row.id ? String(row.id) : null }));
}

const COLUMNS = 'id::text as id, name, bucket_id, metadata, created_at, updated_at, last_accessed_at';

async function findObject(db: Pick<ProjectDatabase, 'query'>, bucketId: string, path: string): Promise<Row | undefined> {
  return (await db.query<Row>(`select ${COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucketId, path])).rows[0];
}

export async function requireObject(db: Pick<ProjectDatabase, 'query'>, bucketId: string, path: string): Promise<StorageObject> {
  const row = await findObject(db, bucketId, path);
  if (!row) throw new HttpError(404, STORAGE_API_MESSAGES.objectNotFound(path), 'NOT_FOUND');
  return toItem(row);
}

/**
 * The bytes of a finished object, found by its row's id; 404 naming the object as the user
 * knows it (an upload still running has no bytes to serve yet).
 */
export async function readObject(db: Pick<ProjectDatabase, 'query'>, objects: ObjectStore, ref: string, bucketId: string, path: string) {
  const obj = await requireObject(db, bucketId, path);
  if (!obj.id || !obj.metadata) throw new HttpError(404, STORAGE_API_MESSAGES.objectNotFound(path), 'NOT_FOUND');
  try {
    return { obj, file: await objects.get(ref, obj.id) };
  } catch (err) {
    if (err instanceof HttpError && (err.status === 404 || err.status === 400)) throw new HttpError(404, STORAGE_API_MESSAGES.objectNotFound(path), 'NOT_FOUND');
    throw err;
  }
}

export interface UploadInput {
  ref: string;
  bucketId: string;
  path: string;
  contentType: string;
  cacheControl: string;
  upsert: boolean;
  maxBytes: number;
  ownerId: string | null;
  body: AsyncIterable<Uint8Array> | Uint8Array;
  /** Stores the bytes under the claimed id instead of streaming `body` (a resumable upload's part is renamed into place). */
  write?: (id: string) => Promise<StoredObjectInfo>;
  /**
   * The app's caller, whose policies on storage.objects decide: a new row is inserted as the
   * caller (INSERT policy) and an upsert over an existing row first updates it as the caller
   * (UPDATE policy). The console acts with the owner's privileges and passes none.
   */
  asCaller?: Pick<ProjectDatabase, 'query'>;
}

/** An app's caller replaces an existing row (an object, or an abandoned upload's) only under its UPDATE policy. */
async function mayReplace(u: UploadInput, id: string): Promise<void> {
  if (!u.asCaller) return;
  const allowed = await u.asCaller.query('update storage.objects set updated_at = now() where id = $1', [id]);
  if (allowed.affectedRows !== 1) throw new HttpError(403, `${STORAGE_API_MESSAGES.objectExists(u.path)} and may not be replaced`, 'FORBIDDEN');
}

/**
 * The row an upload writes to. A new path is claimed with a row whose metadata is null (the
 * explorer shows it as loading), so two uploads to one path cannot both win; an unfinished row
 * that no upload of this process is writing was abandoned and is taken over. `fresh` rows are
 * removed again when the bytes fail.
 */
async function claimRow(db: Db, objects: ObjectStore, u: UploadInput): Promise<{ id: string; fresh: boolean }> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (u.asCaller) {
      // No RETURNING and no ON CONFLICT: either makes Postgres apply the SELECT policies too, and
      // the INSERT policy alone decides an upload. A taken path is the unique key's error.
      const id = randomUUID();
      const inserted = await u.asCaller.query(
        `insert into storage.objects (id, bucket_id, name, owner, metadata) values ($4, $1, $2, $3, null)`,
        [u.bucketId, u.path, u.ownerId, id],
      ).catch((err: unknown) => {
        if ((err as { code?: string }).code === '23505') return { affectedRows: 0 };
        throw err;
      });
      if (inserted.affectedRows === 1) {
        beginUpload(objects, u.ref, id);
        return { id, fresh: true };
      }
    }
    const claimed: { rows: { id: string }[] } = u.asCaller ? { rows: [] } : await db.query<{ id: string }>(
      `insert into storage.objects (bucket_id, name, owner, metadata) values ($1, $2, $3, null)
       on conflict (bucket_id, name) do nothing returning id::text as id`,
      [u.bucketId, u.path, u.ownerId],
    );
    const fresh = claimed.rows[0];
    if (fresh) {
      beginUpload(objects, u.ref, fresh.id);
      return { id: fresh.id, fresh: true };
    }
    const row = await findObject(db, u.bucketId, u.path);
    if (!row?.id) continue; // deleted in between: claim again
    if (row.metadata === null) {
      await mayReplace(u, row.id);
      if (!beginUpload(objects, u.ref, row.id)) throw new HttpError(409, STORAGE_API_MESSAGES.objectExists(u.path), 'CONFLICT');
      return { id: row.id, fresh: true };
    }
    if (!u.upsert) throw new HttpError(409, STORAGE_API_MESSAGES.objectExists(u.path), 'CONFLICT');
    await mayReplace(u, row.id);
    if (!beginUpload(objects, u.ref, row.id)) throw new HttpError(409, STORAGE_API_MESSAGES.objectExists(u.path), 'CONFLICT');
    return { id: row.id, fresh: false };
  }
  throw new HttpError(409, STORAGE_API_MESSAGES.objectExists(u.path), 'CONFLICT');
}

/**
 * Stores an upload under its row's id. The bytes land in a temporary file that replaces the id's
 * file in one rename when complete (an upsert's readers see the old bytes or the new, never a
 * part); the metadata is filled last.
 */
export async function uploadObject(db: Db, objects: ObjectStore, u: UploadInput): Promise<StorageObject> {
  const { id, fresh } = await claimRow(db, objects, u);
  try {
    let stored;
    try {
      stored = u.write ? await u.write(id) : await objects.put(u.ref, id, u.body, { maxBytes: u.maxBytes });
    } catch (err) {
      if (fresh) await db.query('delete from storage.objects where id = $1 and metadata is null', [id]);
      if (err instanceof HttpError && err.status === 413) throw new HttpError(413, STORAGE_API_MESSAGES.fileTooLarge(u.maxBytes), 'PAYLOAD_TOO_LARGE');
      throw err;
    }
    const metadata = {
      eTag: `"${stored.etag}"`,
      size: stored.size,
      mimetype: u.contentType,
      cacheControl: u.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: stored.size,
      httpStatusCode: 200,
    };
    const r = await db.query<Row>(
      `update storage.objects set metadata = $2::jsonb, owner = $3, updated_at = now() where id = $1 returning ${COLUMNS}`,
      [id, JSON.stringify(metadata), u.ownerId],
    );
    if (!r.rows[0]) {
      // Deleted while it was uploading (its bucket emptied, say): its bytes go too.
      await objects.delete(u.ref, [id]);
      throw new HttpError(409, `${u.path} was deleted while it was uploading`, 'CONFLICT');
    }
    return toItem(r.rows[0]);
  } finally {
    endUpload(objects, u.ref, id);
  }
}

/** Renames an object: its row alone (the bytes stay under its id); the target must be free. */
export async function moveObject(db: Db, bucketId: string, from: string, to: string): Promise<void> {
  if (from === to) return;
  await db.transaction(async (tx) => {
    if (await findObject(tx, bucketId, to)) throw new HttpError(409, STORAGE_API_MESSAGES.objectExists(to), 'CONFLICT');
    const moved = await tx.query('update storage.objects set name = $3, updated_at = now() where bucket_id = $1 and name = $2 returning id', [bucketId, from, to]);
    if (!moved.rows.length) throw new HttpError(404, STORAGE_API_MESSAGES.objectNotFound(from), 'NOT_FOUND');
  });
}

/** Deletes objects by path (rows, then the bytes under their ids); answers the deleted entries. */
export async function deleteObjects(db: Db, objects: ObjectStore, ref: string, bucketId: string, paths: string[]): Promise<StorageObject[]> {
  const r = await db.query<Row>(`delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${COLUMNS}`, [bucketId, paths]);
  await objects.delete(ref, r.rows.map((row) => row.id!));
  return r.rows.map(toItem);
}

/** Deletes every object of a bucket, in batches, whatever their names. */
export async function emptyBucket(db: Db, objects: ObjectStore, ref: string, bucketId: string): Promise<number> {
  let total = 0;
  for (;;) {
    const r = await db.query<{ id: string }>(
      `delete from storage.objects where id in (select id from storage.objects where bucket_id = $1 limit 1000) returning id::text as id`,
      [bucketId],
    );
    if (!r.rows.length) return total;
    total += r.rows.length;
    await objects.delete(ref, r.rows.map((row) => row.id));
  }
}

/** Notes a read of an object (last_accessed_at). */
export async function touchObject(db: Pick<ProjectDatabase, 'query'>, bucketId: string, path: string): Promise<void> {
  await db.query('update storage.objects set last_accessed_at = now() where bucket_id = $1 and name = $2', [bucketId, path]);
}
