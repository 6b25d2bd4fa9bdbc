import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiDeps } from '../../core/deps';
import { projectRef } from '../common/http';
import { ensureStorageSchema } from './schema';

export const BucketParamsSchema = z.object({ ref: projectRef, id: z.string().min(1, 'bucket id is required').max(100, 'bucket id is too long') });

/** Checks the caller's permission on the project and opens its database with the storage schema. */
export async function openStorage(deps: ApiDeps, req: FastifyRequest, ref: string, permission: string) {
  const access = await deps.requireProjectAccess(req, ref, permission);
  const db = await ensureStorageSchema(await deps.projects.get(ref));
  return { access, db };
}
