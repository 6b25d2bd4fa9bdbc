import { PERMISSIONS, SNIPPET_NAME_SUGGESTION_EMPTY, SNIPPET_NAME_SUGGESTION_OFF, SnippetIdParamsSchema, SnippetNameSuggestionSchema } from '@plinth/shared-contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError, type RouteModule } from '../../core/deps';
import { environmentFlags } from '../feature-flags';
import { FeatureFlagService } from '../feature-flags/service';
import { nameFromSql, unusedName } from './name-suggestion';
import { SnippetStore } from './store';

/**
 * POST /platform/projects/{ref}/content/{id}/name-suggestion: a name for a snippet the caller sees,
 * read from its saved SQL ("Rename with AI", flag ai_rename). Nothing is changed: the console puts
 * the name in its rename dialog, where it is accepted or edited. Needs the snippet-writing permission.
 */
export const nameSuggestionRoutes: RouteModule = (fastify, deps) => {
  const store = new SnippetStore(deps.control);
  const flags = new FeatureFlagService(deps.control, environmentFlags(process.env.PLINTH_FEATURE_FLAGS));
  fastify.withTypeProvider<ZodTypeProvider>().post(
    '/platform/projects/:ref/content/:id/name-suggestion',
    { schema: { params: SnippetIdParamsSchema, response: { 200: SnippetNameSuggestionSchema } } },
    async (req) => {
      const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.USER_CONTENT_CREATE);
      const { flags: on } = await flags.forOrganization({ id: access.project.organizationId, slug: access.project.organizationSlug });
      if (!on.ai_rename) throw new HttpError(403, SNIPPET_NAME_SUGGESTION_OFF, 'FEATURE_DISABLED');
      const snippet = await store.get(access.project.ref, access.user, req.params.id);
      const suggestion = nameFromSql(snippet.content.sql);
      if (!suggestion) throw new HttpError(400, SNIPPET_NAME_SUGGESTION_EMPTY, 'EMPTY_QUERY', 'sql');
      const others = (await store.list(access.project.ref, access.user)).filter((s) => s.id !== snippet.id).map((s) => s.name);
      return { name: unusedName(suggestion.name, others), from: suggestion.from };
    },
  );
};
