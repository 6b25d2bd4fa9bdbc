import { PERMISSIONS } from '@plinth/shared-contracts';
import { SNIPPET_CONFLICT_CODE, SNIPPET_SHARING_OFF, SnippetConflictBodySchema, SnippetCreateSchema, SnippetDeleteQuerySchema, SnippetIdParamsSchema, SnippetListSchema, SnippetSchema, SnippetUpdateSchema } from '@plinth/contracts-database';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteModule } from '@plinth/platform-core/deps';
import { RefParamsSchema } from '@plinth/platform-core/common/http';
import { featureFlagGuard } from '../feature-flags';
import { SnippetConflict, SnippetStore } from './store';
import { nameSuggestionRoutes } from './name-suggestion-routes';

/** SQL snippets: GET/POST /platform/projects/{ref}/content, PATCH .../content/{id}, share and copy (while the shared_snippets flag is on), DELETE ?id=. */
export const snippetRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const store = new SnippetStore(deps.control);
  const base = '/platform/projects/:ref/content';
  const requireFlag = featureFlagGuard(deps.control);
  nameSuggestionRoutes(fastify, deps);

  app.get(base, { schema: { params: RefParamsSchema, response: { 200: SnippetListSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref);
    return { data: await store.list(access.project.ref, access.user) };
  });
  app.post(base, { schema: { params: RefParamsSchema, body: SnippetCreateSchema, response: { 200: SnippetSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.USER_CONTENT_CREATE);
    return store.create(access.project, access.user, req.body);
  });
  // base_version: a stale edit is refused with 409 and the snippet as saved now, so the console shows both texts.
  app.patch(
    `${base}/:id`,
    { schema: { params: SnippetIdParamsSchema, body: SnippetUpdateSchema, response: { 200: SnippetSchema, 409: SnippetConflictBodySchema } } },
    async (req, reply) => {
      const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.USER_CONTENT_CREATE);
      try {
        return await store.update(access.project.ref, access.user, req.params.id, req.body);
      } catch (err) {
        if (!(err instanceof SnippetConflict)) throw err;
        return reply.code(409).send({ message: err.message, code: SNIPPET_CONFLICT_CODE, snippet: err.current });
      }
    },
  );
  app.post(`${base}/:id/share`, { schema: { params: SnippetIdParamsSchema, response: { 200: SnippetSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.USER_CONTENT_CREATE);
    await requireFlag(access.project, 'shared_snippets', SNIPPET_SHARING_OFF);
    return store.share(access.project.ref, access.user, req.params.id);
  });
  app.post(`${base}/:id/copy`, { schema: { params: SnippetIdParamsSchema, response: { 200: SnippetSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.USER_CONTENT_CREATE);
    await requireFlag(access.project, 'shared_snippets', SNIPPET_SHARING_OFF);
    return store.copy(access.project, access.user, req.params.id);
  });
  app.delete(base, { schema: { params: RefParamsSchema, querystring: SnippetDeleteQuerySchema, response: { 200: SnippetSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.USER_CONTENT_CREATE);
    return store.remove(access.project.ref, access.user, req.query.id);
  });
};
