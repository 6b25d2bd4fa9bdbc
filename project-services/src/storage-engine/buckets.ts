import { STORAGE_API_MESSAGES, type Bucket } from '@plinth/contracts-storage';
import { HttpError, type ProjectDatabase } from '@plinth/platform-core/deps';
import { isoTime } from '@plinth/platform-core/common/control-schema';

// Buckets in storage.buckets. The console acts with the database owner's privileges.

type Db = Pick<ProjectDatabase, 'query'>;

interface Row {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  created_at: unknown;
  updated_at: unknown;
}

function toBucket(r: Row): Bucket {
  return {
    id: r.id,
    name: r.name,
    owner: r.owner,
    public: r.public,
    file_size_limit: r.file_size_limit === null ? null : Number(r.file_size_limit),
    allowed_mime_types: r.allowed_mime_types,
    created_at: isoTime(r.created_at),
    updated_at: isoTime(r.updated_at),
  };
}

export async function listBuckets(db: Db): Promise<Bucket[]> {
  return (await db.query<Row>('select * from storage.buckets order by name')).rows.map(toBucket);
}

export async function getBucket(db: Db, id: string): Promise<Bucket> {
  const row = (await db.query<Row>('select * from storage.buckets where id = $1', [id])).rows[0];
  if (!row) throw new HttpError(404, STORAGE_API_MESSAGES.bucketNotFound(id), 'NOT_FOUND');
  return toBucket(row);
}

export async function createBucket(
  db: Db,
  b: { id: string; public: boolean; file_size_limit?: number | null; allowed_mime_types?: string[] | null },
  ownerId: string | null,
): Promise<Bucket> {
  const r = await db.query<Row>(
    `insert into storage.buckets (id, name, owner, public, file_size_limit, allowed_mime_types)
     values ($1, $1, $2, $3, $4, $5) on conflict do nothing returning *`,
    [b.id, ownerId, b.public, b.file_size_limit ?? null, b.allowed_mime_types ?? null],
  );
  if (!r.rows[0]) throw new HttpError(409, STORAGE_API_MESSAGES.bucketExists(b.id), 'CONFLICT');
  return toBucket(r.rows[0]);
}

export async function updateBucket(
  db: Db,
  id: string,
  c: { public?: boolean; file_size_limit?: number | null; allowed_mime_types?: string[] | null },
): Promise<Bucket> {
  const r = await db.query<Row>(
    `update storage.buckets set
       public = coalesce($2, public),
       file_size_limit = case when $3::boolean then $4::bigint else file_size_limit end,
       allowed_mime_types = case when $5::boolean then $6::text[] else allowed_mime_types end,
       updated_at = now()
     where id = $1 returning *`,
    [id, c.public ?? null, c.file_size_limit !== undefined, c.file_size_limit ?? null, c.allowed_mime_types !== undefined, c.allowed_mime_types ?? null],
  );
  if (!r.rows[0]) throw new HttpError(404, STORAGE_API_MESSAGES.bucketNotFound(id), 'NOT_FOUND');
  return toBucket(r.rows[0]);
}

/** Deletes an empty bucket; a bucket that still holds objects is refused with 409. */
export async function deleteBucket(db: Db, id: string): Promise<void> {
  await getBucket(db, id);
  const used = await db.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
  if (used.rows.length) throw new HttpError(409, STORAGE_API_MESSAGES.bucketNotEmpty(id), 'BUCKET_NOT_EMPTY');
  await db.query('delete from storage.buckets where id = $1', [id]);
}

/** Whether a mime type is allowed by a bucket's list (entries may end in '/*'). */
export function mimeAllowed(allowed: string[] | null, mime: string): boolean {
  if (!allowed || allowed.length === 0) return true;
  const m = mime.toLowerCase();
  return allowed.some((a) => {
    const x = a.toLowerCase().trim();
    return x === m || x === '*/*' || (x.endsWith('/*') && m.startsWith(x.slice(0, -1)));
  });
}
