import { PERMISSIONS } from '@plinth/shared-contracts';
import { SNIPPET_NAME_SUGGESTION_EMPTY, SNIPPET_NAME_SUGGESTION_OFF, SnippetIdParamsSchema, SnippetNameSuggestionSchema } from '@plinth/contracts-database';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError, type RouteModule } from '@plinth/platform-core/deps';
import { featureFlagGuard } from '../feature-flags';
import { nameFromSql, unusedName } from './name-suggestion';
import { SnippetStore } from './store';

/**
 * POST /platform/projects/{ref}/content/{id}/name-suggestion: a name for a snippet the caller sees,
 * read from its saved SQL ("Rename with AI", flag ai_rename). Nothing is changed: the console puts
 * the name in its rename dialog, where it is accepted or edited. Needs the snippet-writing permission.
 */
export const nameSuggestionRoutes: RouteModule = (fastify, deps) => {
  const store = new SnippetStore(deps.control);
  const requireFlag = featureFlagGuard(deps.control);
  fastify.withTypeProvider<ZodTypeProvider>().post(
    '/platform/projects/:ref/content/:id/name-suggestion',
    { schema: { params: SnippetIdParamsSchema, response: { 200: SnippetNameSuggestionSchema } } },
    async (req) => {
      const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.USER_CONTENT_CREATE);
      await requireFlag(access.project, 'ai_rename', SNIPPET_NAME_SUGGESTION_OFF);
      const snippet = await store.get(access.project.ref, access.user, req.params.id);
      const suggestion = nameFromSql(snippet.content.sql);
      if (!suggestion) throw new HttpError(400, SNIPPET_NAME_SUGGESTION_EMPTY, 'EMPTY_QUERY', 'sql');
      const others = (await store.list(access.project.ref, access.user)).filter((s) => s.id !== snippet.id).map((s) => s.name);
      return { name: unusedName(suggestion.name, others), from: suggestion.from };
    },
  );
};
