import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { projectRef } from '@plinth/platform-core/common/http';
import { BucketIdSchema, StorageObjectNameSchema } from '@plinth/contracts-storage';
import type { ApiDeps, ProjectDatabase } from '@plinth/platform-core/deps';
import { openProjectStorage } from '../storage-engine/access';
import { projectSecrets, resolveCaller, type ProjectCaller } from '../caller';
import { StorageError } from './errors';
import { ensureUserMetadataColumn } from './user-metadata';

// Who calls a project's storage and the database access that goes with it: service_role acts with
// the owner's privileges (as the platform's service key bypasses row level security); anon and
// authenticated read and write storage.objects as their role with their claims, so the policies
// on storage.objects decide.

export type CallerDb = Pick<ProjectDatabase, 'query' | 'transaction'>;

export interface StorageContext {
  caller: ProjectCaller;
  /** The owner's access: buckets, metadata of an upload already allowed, bytes served. */
  db: ProjectDatabase;
  /** The caller's access under the policies (the owner's for service_role). */
  asCaller: CallerDb;
}

const callers = new WeakMap<FastifyRequest, ProjectCaller>();

/** The caller a request was resolved to, for the request log. */
export const callerOf = (req: FastifyRequest) => callers.get(req);

export function callerDb(db: ProjectDatabase, caller: ProjectCaller): CallerDb {
  if (caller.role === 'service_role') return db;
  const options = { role: caller.role, claims: caller.claims };
  return {
    query: (sql, params) => db.query(sql, params, options),
    transaction: (fn) =>
      db.transaction(async (tx) => {
        await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [caller.role, JSON.stringify(caller.claims)]);
        return fn(tx);
      }),
  };
}

export async function storageContext(deps: ApiDeps, req: FastifyRequest, ref: string): Promise<StorageContext> {
  const secrets = await projectSecrets(deps.control, ref);
  if (!secrets) throw new StorageError(404, 'not_found', 'Project not found');
  const caller = await resolveCaller(secrets, req.headers);
  callers.set(req, caller);
  const db = await openProjectStorage(deps, ref);
  await ensureUserMetadataColumn(db);
  return { caller, db, asCaller: callerDb(db, caller) };
}

export function requireServiceRole(caller: ProjectCaller): void {
  if (caller.role !== 'service_role') throw new StorageError(403, 'Unauthorized', 'Buckets are changed with the service_role key only');
}

export const RefParam = projectRef;
export const BucketParams = z.object({ ref: RefParam, bucket: BucketIdSchema });
export const ObjectParams = z.object({ ref: RefParam, bucket: BucketIdSchema, '*': StorageObjectNameSchema });

/** The owner recorded on an object: the user's id when it is one (owner is a uuid column). */
export const ownerOf = (caller: ProjectCaller): string | null => (caller.userId && /^[0-9a-f-]{36}$/i.test(caller.userId) ? caller.userId : null);
