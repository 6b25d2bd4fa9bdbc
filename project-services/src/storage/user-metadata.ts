import type { ProjectDatabase } from '@plinth/platform-core/deps';
import { StorageError } from './errors';

// An object's user metadata: the JSON object an app sends with an upload (storage-js's `metadata`
// option, as the x-metadata header in base64 or a multipart form's `metadata` field), kept in
// storage.objects.user_metadata and answered by info() as `metadata`. The column is added once per
// open project database (idempotent), beside the engine's schema.

const MAX_METADATA_BYTES = 64 * 1024;
const ready = new WeakMap<object, Promise<void>>();

/** Makes sure storage.objects has its user_metadata column on this open project database. */
export async function ensureUserMetadataColumn(db: ProjectDatabase): Promise<void> {
  let done = ready.get(db);
  if (!done) {
    done = db.query('alter table storage.objects add column if not exists user_metadata jsonb').then(() => undefined);
    done.catch(() => ready.delete(db));
    ready.set(db, done);
  }
  await done;
}

const bad = (why: string) => new StorageError(400, 'Bad Request', `metadata ${why}`);

/** The metadata as sent: JSON text of an object; null when none was sent. */
export function parseUserMetadata(json: string | null | undefined): Record<string, unknown> | null {
  if (json === null || json === undefined || json === '') return null;
  if (Buffer.byteLength(json) > MAX_METADATA_BYTES) throw bad(`must be at most ${MAX_METADATA_BYTES} bytes of JSON`);
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw bad('must be a JSON object');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw bad('must be a JSON object');
  return value as Record<string, unknown>;
}

/** The x-metadata header: base64 of the JSON object. */
export function metadataFromHeader(header: string | undefined): Record<string, unknown> | null {
  if (!header) return null;
  if (!/^[A-Za-z0-9+/=_-]+$/.test(header.trim())) throw bad('(x-metadata) must be base64 of a JSON object');
  return parseUserMetadata(Buffer.from(header.trim(), 'base64').toString('utf8'));
}

/** Records an object's user metadata (null clears it: a replaced object keeps none of the old). */
export async function setUserMetadata(db: Pick<ProjectDatabase, 'query'>, id: string, metadata: Record<string, unknown> | null): Promise<void> {
  await db.query('update storage.objects set user_metadata = $2::jsonb where id = $1', [id, metadata === null ? null : JSON.stringify(metadata)]);
}
