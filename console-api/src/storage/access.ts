import { BucketIdSchema } from '@plinth/contracts-storage';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiDeps } from '@plinth/platform-core/deps';
import { projectRef } from '@plinth/platform-core/common/http';

/** Path parameters of every route about one bucket: the project ref and the bucket id, both strict. */
export const BucketParamsSchema = z.object({ ref: projectRef, id: BucketIdSchema });

/** Checks the member's permission on the project, then opens its storage through the project services' StorageAdmin. */
export async function openStorage(deps: ApiDeps, req: FastifyRequest, ref: string, permission: string) {
  const access = await deps.requireProjectAccess(req, ref, permission);
  const storage = await deps.services.projectServices.storage.project(ref);
  return { access, storage };
}
