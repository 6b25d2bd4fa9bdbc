import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { projectRef } from '@plinth/platform-core/common/http';
import type { ProjectDatabase, RouteModule } from '@plinth/platform-core/deps';
import { recordProjectLogEvent } from '@plinth/platform-core/request-log';
import { answeredBytes, recordProjectApiRequest, resolveCaller, searchOf, type ProjectCaller } from '../caller';
import { CatalogCache } from './catalog';
import { RestError, toRestError } from './errors';
import { handleRestCall, type RestCall } from './handler';
import { RawBody, RAW_BODY_TYPES } from './request';
import { RestSettingsStore } from './settings';
import './bootstrap';

// The project's data API, {project URL}/rest/v1/..., spoken as PostgREST speaks it to
// supabase-js. Every answer, errors included, is PostgREST's: { code, message, details, hint }.

const Params = z.object({ ref: projectRef, '*': z.string().max(1024) });

const BODY_LIMIT = 1024 * 1024;
const callers = new WeakMap<FastifyRequest, ProjectCaller>();
/** The error a request was answered with, for the request log. */
const answeredErrors = new WeakMap<FastifyRequest, { code: string; message: string }>();

/** One catalog cache for the process: the REST status and the routes share it. */
export const restCatalogs = new CatalogCache();

/** The REST service of a project answers: its default schema's catalog loads. */
export async function restServiceStatus(control: ConstructorParameters<typeof RestSettingsStore>[0], db: ProjectDatabase, ref: string): Promise<boolean> {
  const project = await new RestSettingsStore(control).project(ref);
  if (!project) return false;
  const schema = project.settings.schemas[0];
  if (schema) await restCatalogs.get(db, ref, schema);
  return true;
}

export const restRoutes: RouteModule = (app, deps) => {
  const settings = new RestSettingsStore(deps.control);

  // JSON bodies are parsed here so that a malformed one is answered in PostgREST's shape.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, text, done) => {
    const s = String(text);
    if (!s.trim()) return done(null, undefined);
    try {
      done(null, JSON.parse(s));
    } catch {
      done(new RestError(400, 'PGRST102', 'Empty or invalid json'), undefined);
    }
  });

  // text/plain, text/xml and application/octet-stream bodies: a function's one unnamed argument of that type.
  app.removeContentTypeParser('text/plain');
  for (const [type, pgType] of Object.entries(RAW_BODY_TYPES)) {
    app.addContentTypeParser(type, { parseAs: pgType === 'bytea' ? 'buffer' : 'string', bodyLimit: BODY_LIMIT }, (_req, data, done) => {
      done(null, new RawBody(pgType, pgType === 'bytea' ? (data as Buffer) : String(data)));
    });
  }
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, data, done) => done(null, new RawBody('csv', String(data))));

  app.setErrorHandler((err, req, reply) => {
    const caller = callers.get(req);
    const e = toRestError(err, caller?.role === 'authenticated' || caller?.role === 'service_role');
    answeredErrors.set(req, { code: e.code, message: e.message });
    if (e.status >= 500 && e.status !== 503) req.log.error({ err }, 'data API request failed');
    if (e.status === 401) reply.header('www-authenticate', 'Bearer');
    return reply.code(e.status).type('application/json; charset=utf-8').send(e.body());
  });

  app.addHook('onResponse', async (req, reply) => {
    const ref = (req.params as { ref?: unknown })?.ref;
    if (typeof ref !== 'string') return;
    const caller = callers.get(req);
    const error = answeredErrors.get(req);
    // The Postgres source: a statement the database refused (its SQLSTATE). Slow statements are
    // told by the statement log (handler.ts times each one; the log store keeps those over SLOW_STATEMENT_MS).
    if (error && /^[0-9A-Z]{5}$/.test(error.code)) {
      recordProjectLogEvent(
        { ref, source: 'postgres', level: 'ERROR', message: error.message, sqlState: error.code, role: caller?.role ?? null, userId: caller?.userId ?? null, origin: 'data_api', detail: `${req.method} /${(req.params as Record<string, string>)['*'] ?? ''}` },
        req.server,
      );
    }
    recordProjectApiRequest({
      ref,
      service: 'rest',
      method: req.method,
      path: `/${(req.params as Record<string, string>)['*'] ?? ''}`,
      status: reply.statusCode,
      latencyMs: reply.elapsedTime,
      role: caller?.role ?? null,
      userId: caller?.userId ?? null,
      search: searchOf(req.url),
      bytesOut: answeredBytes(reply),
      error,
    }, req);
  });

  const handle = async (req: FastifyRequest<{ Params: z.infer<typeof Params> }>, reply: FastifyReply) => {
    const { ref } = req.params;
    const project = await settings.project(ref);
    if (!project) throw new RestError(404, 'PGRST000', 'Project not found');
    const caller = await resolveCaller({ ref, jwtSecret: project.jwtSecret }, req.headers);
    callers.set(req, caller);
    const db = await deps.databases.get(ref);
    const q = req.url.indexOf('?');
    const call: RestCall = {
      method: req.method as RestCall['method'],
      path: req.params['*'] ?? '',
      search: q >= 0 ? req.url.slice(q + 1) : '',
      headers: req.headers,
      body: req.body,
      server: req.server,
    };
    const out = await handleRestCall(db, caller, project, restCatalogs, call);
    reply.code(out.status).headers(out.headers);
    return out.body === null ? reply.send() : reply.send(out.body);
  };

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT'],
    url: '/:ref/rest/v1/*',
    schema: { params: Params, hide: true },
    bodyLimit: BODY_LIMIT,
    handler: handle,
  });
};
