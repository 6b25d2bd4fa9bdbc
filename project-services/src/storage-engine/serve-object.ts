import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ApiDeps, ProjectDatabase } from '@plinth/platform-core/deps';
import { releaseObjectBody } from '@plinth/platform-core/object-store';
import { readObject, touchObject } from './objects';
import { objectHeaders } from './serving';

// How an object's bytes are answered, by the project storage service's download, public and
// signed links (project-api/storage/objects.ts), on the project services' origin alone.

/** `?download` (any value, even empty) asks for an attachment, named by the value when it is not empty. */
export const DownloadQuery = z.object({ download: z.string({ error: 'download must be a file name' }).max(1024).optional() });

/**
 * Answers an object's bytes, with the headers of serving.ts (nosniff; only types that cannot run are
 * shown in place); `readAs` looks the row up (the app's caller, under its policies).
 */
export async function serveObject(
  deps: ApiDeps,
  reply: FastifyReply,
  db: ProjectDatabase,
  ref: string,
  bucket: string,
  path: string,
  readAs: Pick<ProjectDatabase, 'query'> = db,
  download?: string,
) {
  const { obj, file } = await readObject(readAs, deps.objects, ref, bucket, path);
  // A response that ends early (the client went away, a failure before sending) releases the file at once.
  reply.raw.once('close', () => releaseObjectBody(file));
  deps.recordEgress(ref, file.size);
  await touchObject(db, bucket, path);
  const headers = objectHeaders({ mimetype: obj.metadata?.mimetype, cacheControl: obj.metadata?.cacheControl, name: path, download, size: file.size });
  return reply.headers(headers).send(Readable.from(file));
}
