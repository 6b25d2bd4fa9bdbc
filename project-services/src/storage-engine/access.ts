import { BucketIdSchema } from '@plinth/contracts-storage';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiDeps, ObjectStore, ProjectDatabase } from '@plinth/platform-core/deps';
import { projectRef } from '@plinth/platform-core/common/http';
import { ensureStorageSchema } from './schema';
import { rollBackUnfinishedUploads } from './uploads';

/** Path parameters of every route about one bucket: the project ref and the bucket id, both strict. */
export const BucketParamsSchema = z.object({ ref: projectRef, id: BucketIdSchema });

const prepared = new WeakMap<ObjectStore, Map<string, Promise<void>>>();
/**
 * The project's storage, ready to serve: schema in place and, the first time in this process,
 * uploads a killed process left unfinished rolled back.
 */
export async function openProjectStorage(deps: ApiDeps, ref: string): Promise<ProjectDatabase> {
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

/** Checks the caller's permission on the project and opens its storage. */
export async function openStorage(deps: ApiDeps, req: FastifyRequest, ref: string, permission: string) {
  const access = await deps.requireProjectAccess(req, ref, permission);
  const db = await openProjectStorage(deps, ref);
  return { access, db };
}
