import { createHash } from 'node:crypto';
import { STORAGE_API_MESSAGES } from '@plinth/contracts-storage';
import type { ProjectDatabase } from '@plinth/platform-core/deps';
import { StorageError } from './errors';

// An object's details as storage-js's info() reads them (GET /object/info/{bucket}/{path}; exists()
// asks the same and takes a 404 for "no"): id, version, name, bucket_id, size, content_type,
// cache_control, etag, the app's own metadata, created_at, last_modified. Looked up as the caller,
// so a SELECT policy decides, and an object still uploading is not there yet.

export interface ObjectInfo {
  id: string;
  version: string;
  name: string;
  bucket_id: string;
  size: number;
  content_type: string;
  cache_control: string;
  etag: string;
  metadata: Record<string, unknown> | null;
  created_at: string;
  last_modified: string;
  last_accessed_at: string;
}

const iso = (v: unknown) => new Date(v as string).toISOString();

/** Which bytes an object holds now: changes with every upload over it (its etag and the time it was written). */
export function objectVersion(id: string, metadata: Record<string, unknown> | null): string {
  return createHash('sha256').update(`${id}\n${String(metadata?.eTag ?? '')}\n${String(metadata?.lastModified ?? '')}`).digest('hex').slice(0, 32);
}

export async function objectInfo(db: Pick<ProjectDatabase, 'query'>, bucketId: string, name: string): Promise<ObjectInfo> {
  const r = await db.query<{ id: string; name: string; bucket_id: string; metadata: Record<string, unknown> | null; user_metadata: Record<string, unknown> | null; created_at: unknown; updated_at: unknown; last_accessed_at: unknown }>(
    'select id::text as id, name, bucket_id, metadata, user_metadata, created_at, updated_at, last_accessed_at from storage.objects where bucket_id = $1 and name = $2',
    [bucketId, name],
  );
  const row = r.rows[0];
  if (!row?.metadata) throw new StorageError(404, 'not_found', STORAGE_API_MESSAGES.objectNotFound(name));
  const m = row.metadata;
  return {
    id: row.id,
    version: objectVersion(row.id, m),
    name: row.name,
    bucket_id: row.bucket_id,
    size: Number(m.size ?? 0),
    content_type: String(m.mimetype ?? 'application/octet-stream'),
    cache_control: String(m.cacheControl ?? 'max-age=3600'),
    etag: String(m.eTag ?? ''),
    metadata: row.user_metadata,
    created_at: iso(row.created_at),
    last_modified: iso(row.updated_at),
    last_accessed_at: iso(row.last_accessed_at),
  };
}
