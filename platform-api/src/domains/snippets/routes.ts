import {
  PERMISSIONS,
  SnippetCreateSchema,
  SnippetDeleteQuerySchema,
  SnippetIdParamsSchema,
  SnippetListSchema,
  SnippetSchema,
  SnippetUpdateSchema,
} from '@plinth/shared-contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteModule } from '../../core/deps';
import { RefParamsSchema } from '../common/http';
import { SnippetStore } from './store';

/** SQL snippets: GET/POST /platform/projects/{ref}/content, PATCH .../content/{id}, share, copy, DELETE ?id=. */
export const snippetRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const store = new SnippetStore(deps.control);
  const base = '/platform/projects/:ref/content';

  app.get(base, { schema: { params: RefParamsSchema, response: { 200: SnippetListSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref);
    return { data: await store.list(access.project.ref, access.user) };
  });
  app.post(base, { schema: { params: RefParamsSchema, body: SnippetCreateSchema, response: { 200: SnippetSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.USER_CONTENT_CREATE);
    return store.create(access.project, access.user, req.body);
  });
  app.patch(`${base}/:id`, { schema: { params: SnippetIdParamsSchema, body: SnippetUpdateSchema, response: { 200: SnippetSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.USER_CONTENT_CREATE);
    return store.update(access.project.ref, access.user, req.params.id, req.body);
  });
  app.post(`${base}/:id/share`, { schema: { params: SnippetIdParamsSchema, response: { 200: SnippetSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.USER_CONTENT_CREATE);
    return store.share(access.project.ref, access.user, req.params.id);
  });
  app.post(`${base}/:id/copy`, { schema: { params: SnippetIdParamsSchema, response: { 200: SnippetSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.USER_CONTENT_CREATE);
    return store.copy(access.project, access.user, req.params.id);
  });
  app.delete(base, { schema: { params: RefParamsSchema, querystring: SnippetDeleteQuerySchema, response: { 200: SnippetSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.USER_CONTENT_CREATE);
    return store.remove(access.project.ref, access.user, req.query.id);
  });
};
