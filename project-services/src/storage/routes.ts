import type { RouteModule } from '@plinth/platform-core/deps';
import { answeredBytes, recordProjectApiRequest, searchOf } from '../caller';
import { storageBucketRoutes } from './buckets';
import { callerOf } from './context';
import { StorageError, toStorageError } from './errors';
import { storageObjectRoutes } from './objects';
import { storageOperationOf } from './operations';
import { storageUploadRoutes } from './uploads';
import { storageResumableRoutes } from './resumable';
import { storageRenderRoutes } from './render';
import { signedUploadPutRoute, signedUploadUrlRoutes } from './signed-upload';

// The project's storage service, {project URL}/storage/v1/..., as storage-js (supabase-js's
// storage client) calls it. Every error is in its shape: { statusCode, error, message }.

const SERVICE_PATH = /^\/[^/]+\/storage\/v1(\/[^?]*)?/;
const JSON_LIMIT = 1024 * 1024;

export const projectStorageRoutes: RouteModule = (app, deps) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_LIMIT }, (_req, text, done) => {
    const s = String(text);
    if (!s.trim()) return done(null, undefined);
    try {
      done(null, JSON.parse(s));
    } catch {
      done(new StorageError(400, 'Bad Request', 'The body is not valid JSON'), undefined);
    }
  });
  app.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));

  app.setErrorHandler((err, req, reply) => {
    const e = toStorageError(err);
    if (e.status >= 500) req.log.error({ err }, 'storage request failed');
    return reply.code(e.status).type('application/json; charset=utf-8').send(e.body());
  });

  // Text is UTF-8 unless its type says otherwise (storage keeps the type without its parameters).
  app.addHook('onSend', async (_req, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && /^text\/[^;]+$/i.test(type.trim())) reply.header('content-type', `${type.trim()}; charset=utf-8`);
    return payload;
  });

  app.addHook('onResponse', async (req, reply) => {
    const ref = (req.params as { ref?: unknown })?.ref;
    if (typeof ref !== 'string') return;
    const caller = callerOf(req);
    recordProjectApiRequest({
      ref,
      service: 'storage',
      method: req.method,
      path: SERVICE_PATH.exec(req.url)?.[1] ?? '/',
      status: reply.statusCode,
      latencyMs: reply.elapsedTime,
      role: caller?.role ?? null,
      userId: caller?.userId ?? null,
      search: searchOf(req.url),
      bytesOut: answeredBytes(reply),
      bytesIn: Number(req.headers['content-length']) || 0,
      storage: storageOperationOf(req),
    }, req);
  });

  storageBucketRoutes(app, deps);
  storageObjectRoutes(app, deps);
  signedUploadUrlRoutes(app, deps);
  storageUploadRoutes(app, deps, (scope) => signedUploadPutRoute(scope, deps));
  storageResumableRoutes(app, deps);
  storageRenderRoutes(app, deps);
};
