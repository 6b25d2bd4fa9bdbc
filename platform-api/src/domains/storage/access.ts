import { BucketIdSchema } from '@plinth/shared-contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiDeps, ObjectStore, ProjectDatabase } from '../../core/deps';
import { projectRef } from '../common/http';
import { ensureStorageSchema } from './schema';
import { rollBackUnfinishedUploads } from './uploads';

/** Path parameters of every route about one bucket: the project ref and the bucket id, both strict. */
export const BucketParamsSchema = z.object({ ref: projectRef, id: BucketIdSchema });

const prepared = new WeakMap<ObjectStore, Map<string, Promise<void>>>();
const BATCH = 1000;

/**
 * Moves the bytes of objects stored before object ids (<ref>/<bucket>/<name>) to their ids,
 * looked up row by row; a name that would lead outside the project's root is left alone.
 */
export async function adoptLegacyObjects(db: Pick<ProjectDatabase, 'query'>, objects: ObjectStore, ref: string): Promise<number> {
  if (!(await objects.hasLegacy(ref))) return 0;
  let moved = 0;
  for (let after = ''; ; ) {
    const r = await db.query<{ id: string; bucket_id: string; name: string }>(
      `select id::text as id, bucket_id, name from storage.objects where id::text > $1 order by id::text limit ${BATCH}`,
      [after],
    );
    if (!r.rows.length) break;
    moved += await objects.adoptLegacy(ref, r.rows.map((row) => ({ id: row.id, bucketId: row.bucket_id, name: row.name })));
    after = r.rows.at(-1)!.id;
  }
  await objects.pruneLegacy(ref);
  return moved;
}

/**
 * The project's storage, ready to serve: schema in place and, the first time in this process,
 * bytes of the old layout moved to their ids and uploads a killed process left unfinished rolled back.
 */
export async function openProjectStorage(deps: ApiDeps, ref: string): Promise<ProjectDatabase> {
  const db = await ensureStorageSchema(await deps.databases.get(ref));
  let byRef = prepared.get(deps.objects);
  if (!byRef) prepared.set(deps.objects, (byRef = new Map()));
  let ready = byRef.get(ref);
  if (!ready) {
    ready = (async () => {
      await adoptLegacyObjects(db, deps.objects, ref);
      await rollBackUnfinishedUploads(db, deps.objects, ref, 0);
    })();
    ready.catch(() => byRef.delete(ref));
    byRef.set(ref, ready);
  }
  await ready;
  return db;
}

/** Checks the caller's permission on the project and opens its storage. */
export async function openStorage(deps: ApiDeps, req: FastifyRequest, ref: string, permission: string) {
  const access = await deps.requireProjectAccess(req, ref, permission);
  const db = await openProjectStorage(deps, ref);
  return { access, db };
}
