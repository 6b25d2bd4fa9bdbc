import type { ApiDeps, ObjectStore, ProjectDatabase } from '@plinth/platform-core/deps';
import { ensureStorageSchema } from './schema';
import { rollBackUnfinishedUploads } from './uploads';

const prepared = new WeakMap<ObjectStore, Map<string, Promise<void>>>();
/**
 * The project's storage, ready to serve: schema in place and, the first time in this process,
 * uploads a killed process left unfinished rolled back.
 */
export async function openProjectStorage(deps: Pick<ApiDeps, 'databases' | 'objects'>, ref: string): Promise<ProjectDatabase> {
  const db = await ensureStorageSchema(await deps.databases.get(ref));
  let byRef = prepared.get(deps.objects);
  if (!byRef) prepared.set(deps.objects, (byRef = new Map()));
  let ready = byRef.get(ref);
  if (!ready) {
    ready = rollBackUnfinishedUploads(db, deps.objects, ref, 0).then(() => undefined);
    ready.catch(() => byRef.delete(ref));
    byRef.set(ref, ready);
  }
  await ready;
  return db;
}
