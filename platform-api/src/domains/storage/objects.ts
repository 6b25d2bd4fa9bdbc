import { STORAGE_API_MESSAGES, type StorageObject, type StorageSortKey, type StorageSortOrder } from '@plinth/shared-contracts';
import { HttpError, type ObjectStore, type ProjectDatabase } from '../../core/deps';
import { isoTime } from '../common/control-schema';
import { likeEscape } from '../common/sql';

// Object metadata in storage.objects and bytes in the object store under <ref>/<bucket>/<path>.

type Db = Pick<ProjectDatabase, 'query' | 'transaction'>;

export const objectKey = (ref: string, bucketId: string, path: string) => `${ref}/${bucketId}/${path}`;

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

async function findObject(db: Pick<ProjectDatabase, 'query'>, bucketId: string, path: string): Promise<Row | undefined> {
  return (await db.query<Row>('select id::text as id, name, bucket_id, metadata, created_at, updated_at, last_accessed_at from storage.objects where bucket_id = $1 and name = $2', [bucketId, path])).rows[0];
}

export async function requireObject(db: Pick<ProjectDatabase, 'query'>, bucketId: string, path: string): Promise<StorageObject> {
  const row = await findObject(db, bucketId, path);
  if (!row) throw new HttpError(404, STORAGE_API_MESSAGES.objectNotFound(path), 'NOT_FOUND');
  return toItem(row);
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
}

/**
 * Stores an upload. Without upsert the metadata row is claimed first (metadata null: the explorer
 * shows it as loading), so two uploads to one path cannot both win; the row is removed again when
 * the bytes fail. The bytes land under a temporary name and become visible only when complete.
 */
export async function uploadObject(db: Db, objects: ObjectStore, u: UploadInput): Promise<StorageObject> {
  const key = objectKey(u.ref, u.bucketId, u.path);
  if (!u.upsert) {
    const claimed = await db.query(
      `insert into storage.objects (bucket_id, name, owner, metadata) values ($1, $2, $3, null) on conflict (bucket_id, name) do nothing returning id`,
      [u.bucketId, u.path, u.ownerId],
    );
    if (!claimed.rows.length) throw new HttpError(409, STORAGE_API_MESSAGES.objectExists(u.path), 'CONFLICT');
  }
  let stored;
  try {
    stored = await objects.put(key, u.body, { maxBytes: u.maxBytes });
  } catch (err) {
    if (!u.upsert) await db.query('delete from storage.objects where bucket_id = $1 and name = $2 and metadata is null', [u.bucketId, u.path]);
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
    `insert into storage.objects (bucket_id, name, owner, metadata) values ($1, $2, $3, $4::jsonb)
     on conflict (bucket_id, name) do update set metadata = excluded.metadata, owner = excluded.owner, updated_at = now()
     returning id::text as id, name, bucket_id, metadata, created_at, updated_at, last_accessed_at`,
    [u.bucketId, u.path, u.ownerId, JSON.stringify(metadata)],
  );
  return toItem(r.rows[0]!);
}

/** Renames an object (metadata and bytes together); the target must be free. */
export async function moveObject(db: Db, objects: ObjectStore, ref: string, bucketId: string, from: string, to: string): Promise<void> {
  if (from === to) return;
  await db.transaction(async (tx) => {
    if (await findObject(tx, bucketId, to)) throw new HttpError(409, STORAGE_API_MESSAGES.objectExists(to), 'CONFLICT');
    const moved = await tx.query('update storage.objects set name = $3, updated_at = now() where bucket_id = $1 and name = $2 returning id', [bucketId, from, to]);
    if (!moved.rows.length) throw new HttpError(404, STORAGE_API_MESSAGES.objectNotFound(from), 'NOT_FOUND');
    await objects.move(objectKey(ref, bucketId, from), objectKey(ref, bucketId, to)).catch((err: unknown) => {
      // An object still loading has no bytes yet: the rename of its row is enough.
      if (!(err instanceof HttpError && err.status === 404)) throw err;
    });
  });
}

/** Deletes objects by path (rows, then bytes); answers the deleted entries. */
export async function deleteObjects(db: Db, objects: ObjectStore, ref: string, bucketId: string, paths: string[]): Promise<StorageObject[]> {
  const r = await db.query<Row>(
    `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
     returning id::text as id, name, bucket_id, metadata, created_at, updated_at, last_accessed_at`,
    [bucketId, paths],
  );
  await objects.delete(r.rows.map((row) => objectKey(ref, bucketId, row.name)));
  return r.rows.map(toItem);
}

/** Deletes every object of a bucket, in batches. */
export async function emptyBucket(db: Db, objects: ObjectStore, ref: string, bucketId: string): Promise<number> {
  let total = 0;
  for (;;) {
    const r = await db.query<{ name: string }>(
      `delete from storage.objects where id in (select id from storage.objects where bucket_id = $1 limit 1000) returning name`,
      [bucketId],
    );
    if (!r.rows.length) return total;
    total += r.rows.length;
    await objects.delete(r.rows.map((row) => objectKey(ref, bucketId, row.name)));
  }
}

/** Notes a read of an object (last_accessed_at). */
export async function touchObject(db: Pick<ProjectDatabase, 'query'>, bucketId: string, path: string): Promise<void> {
  await db.query('update storage.objects set last_accessed_at = now() where bucket_id = $1 and name = $2', [bucketId, path]);
}
