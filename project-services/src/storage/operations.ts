import type { FastifyRequest } from 'fastify';

// What a storage call did, in the words of the project's storage logs: the operation, its bucket
// and the objects it named. Read from the route matched, its parameters and its body.

export interface StorageOperation {
  operation: string;
  bucket: string | null;
  objects: string[];
}

const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export function storageOperationOf(req: FastifyRequest): StorageOperation | undefined {
  const route = req.routeOptions?.url ?? '';
  const m = /\/storage\/v1\/(bucket|object|render)(\/.*)?$/.exec(route);
  if (!m) return undefined;
  const params = (req.params ?? {}) as Record<string, unknown>;
  const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
  const bucket = text(params.bucket);
  const name = text(params['*']);
  const rest = m[2] ?? '';
  const op = (operation: string, b: string | null = bucket, objects: string[] = name ? [name] : []) => ({ operation, bucket: b, objects });

  if (m[1] === 'bucket') {
    if (rest.endsWith('/empty')) return op('empty_bucket');
    const verbs: Record<string, string> = { GET: bucket ? 'get_bucket' : 'list_buckets', POST: 'create_bucket', PUT: 'update_bucket', DELETE: 'delete_bucket' };
    return op(verbs[req.method] ?? req.method.toLowerCase(), bucket ?? text(body.id) ?? text(body.name));
  }
  if (m[1] === 'render') return op('transform');
  if (rest.startsWith('/upload/sign/')) return op(req.method === 'POST' ? 'sign_upload' : 'upload');
  if (rest.startsWith('/list-v2/')) return op('list', bucket, text(body.prefix) ? [String(body.prefix)] : []);
  if (rest === '/move' || rest === '/copy') {
    const from = text(body.sourceKey);
    const to = text(body.destinationKey);
    return op(rest.slice(1), text(body.bucketId), [from, to].filter((x): x is string => x !== null));
  }
  if (rest.startsWith('/info/')) return op('info');
  if (rest.startsWith('/list/')) return op('list', bucket, text(body.prefix) ? [String(body.prefix)] : []);
  if (rest.startsWith('/sign/')) return req.method === 'GET' ? op('download') : op('sign', bucket, name ? [name] : texts(body.paths));
  if (req.method === 'DELETE') return op('remove', bucket, texts(body.prefixes));
  if (req.method === 'GET' || req.method === 'HEAD') return op('download');
  if (req.method === 'POST' || req.method === 'PUT') return op('upload');
  return undefined;
}
