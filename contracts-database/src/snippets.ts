import * as z from '@plinth/shared-contracts/zod';
import { encodePath, ProjectRefSchema, type Http } from '@plinth/shared-contracts';

// SQL snippets (saved queries) of the SQL editor (spec 000 §3, §4.7, §5.3, §7.4, §8).
// Served under /api/platform/projects/{ref}/content.

/**
 * Stale time of the snippet list query, in seconds (000 §9 gives "300" without a unit; we read it
 * as seconds). React Query wants milliseconds: use SNIPPETS_STALE_TIME_MS.
 */
export const SNIPPETS_STALE_TIME_SECONDS = 300;
export const SNIPPETS_STALE_TIME_MS = SNIPPETS_STALE_TIME_SECONDS * 1000;
export const SNIPPET_NAME_MAX_LENGTH = 256;
export const SNIPPET_SQL_MAX_LENGTH = 1_000_000;
export const SNIPPET_SCHEMA_VERSION = '1.0';
/** Name given to a new, untitled snippet. */
export const NEW_SNIPPET_NAME = 'Untitled query';

/** Texts of 000 §5.3 and §8, word for word. */
export const SNIPPET_MESSAGES = {
  nameRequired: 'Please enter a query name',
  renameFailed: (message: string) => `Failed to rename query: ${message}`,
  deleteFailed: (message: string) => `Failed to delete query: ${message}`,
  /** A 404 with this message removes the snippet locally and navigates on. */
  notFound: 'Content not found',
  shareFailed: 'Failed to share query',
  copyFailed: 'Failed to create a personal copy of this query',
  createFailed: 'Failed to create new query',
  deleteContentFailed: 'Failed to delete content',
  noQueriesFound: 'No queries found',
  projectSnippetDeleteWarning: 'This query is shared with the project and will disappear for all team members.',
} as const;

/** Console-only messages (000 §8, not shown to the user). */
export const SNIPPET_CONSOLE_MESSAGES = {
  projectRequired: 'Project is required',
  projectRefRequired: 'Project ref is required',
  snippetIdRequired: 'Snippet ID is required',
  profileRequired: 'Profile is required',
} as const;

export const SnippetVisibilitySchema = z.enum(['user', 'project']);
export type SnippetVisibility = z.infer<typeof SnippetVisibilitySchema>;

export const SnippetContentSchema = z.object({
  sql: z.string().check(z.maxLength(SNIPPET_SQL_MAX_LENGTH)),
  favorite: z.boolean(),
  schema_version: z.string(),
});
export type SnippetContent = z.infer<typeof SnippetContentSchema>;

export const SnippetSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  type: z.literal('sql'),
  visibility: SnippetVisibilitySchema,
  content: SnippetContentSchema,
  owner_id: z.string(),
  /** The project's numeric id. */
  project_id: z.number().check(z.int()),
  inserted_at: z.string(),
  updated_at: z.string(),
  /** Raised by one on every change of name, description, SQL or favourite; an edit names the version it was made on. */
  version: z.number().check(z.int(), z.gte(1)),
  /** Owner's username, for "Project queries" rows. */
  owner: z.optional(z.object({ id: z.string(), username: z.string() })),
});
export type Snippet = z.infer<typeof SnippetSchema>;

export const SnippetListSchema = z.object({ data: z.array(SnippetSchema) });
export type SnippetList = z.infer<typeof SnippetListSchema>;

const snippetName = z.string().check(z.trim(), z.minLength(1, SNIPPET_MESSAGES.nameRequired), z.maxLength(SNIPPET_NAME_MAX_LENGTH));

export const SnippetCreateSchema = z.object({
  name: z._default(snippetName, NEW_SNIPPET_NAME),
  description: z.nullish(z.string().check(z.maxLength(2000))),
  sql: z._default(z.string().check(z.maxLength(SNIPPET_SQL_MAX_LENGTH)), ''),
  favorite: z._default(z.boolean(), false),
  /** Creating straight into the project is allowed; the default is a personal snippet. */
  visibility: z._default(SnippetVisibilitySchema, 'user'),
});
export type SnippetCreate = z.input<typeof SnippetCreateSchema>;

/** Rename, edit SQL or (un)favourite. */
export const SnippetUpdateSchema = z.object({
  name: z.optional(snippetName),
  description: z.nullish(z.string().check(z.maxLength(2000))),
  sql: z.optional(z.string().check(z.maxLength(SNIPPET_SQL_MAX_LENGTH))),
  favorite: z.optional(z.boolean()),
  /**
   * The version this edit was made on. When the snippet has moved on since (another tab or user
   * saved it), the API refuses with 409 SNIPPET_CONFLICT and the snippet as it now is; without it
   * the edit applies whatever the version.
   */
  base_version: z.optional(z.number().check(z.int(), z.gte(1))),
});
export type SnippetUpdate = z.infer<typeof SnippetUpdateSchema>;

/** Code of the 409 a stale edit gets; the body carries the snippet as saved now. */
export const SNIPPET_CONFLICT_CODE = 'SNIPPET_CONFLICT';
/** Sharing a query or making a personal copy while the shared_snippets flag is off (000 §2.10, §6). */
export const SNIPPET_SHARING_OFF = 'Sharing queries is turned off for this organization';
export const SNIPPET_CONFLICT_MESSAGE = 'This query was changed elsewhere since you opened it';
export const SnippetConflictBodySchema = z.object({
  message: z.string(),
  code: z.literal(SNIPPET_CONFLICT_CODE),
  snippet: SnippetSchema,
});
export type SnippetConflictBody = z.infer<typeof SnippetConflictBodySchema>;

export const SnippetIdParamsSchema = z.object({
  ref: ProjectRefSchema,
  id: z.string().check(z.uuid('id must be a snippet id (uuid)')),
});
export const SnippetDeleteQuerySchema = z.object({ id: z.string().check(z.uuid('id must be a snippet id (uuid)')) });

const base = (ref: string) => encodePath`/platform/projects/${ref}/content`;

export function createSnippetsClient(http: Http) {
  return {
    listSnippets: (ref: string) => http('GET', base(ref), { schema: SnippetListSchema }),
    createSnippet: (ref: string, body: SnippetCreate) => http('POST', base(ref), { body, schema: SnippetSchema }),
    updateSnippet: (ref: string, id: string, body: SnippetUpdate) =>
      http('PATCH', `${base(ref)}${encodePath`/${id}`}`, { body, schema: SnippetSchema }),
    renameSnippet: (ref: string, id: string, name: string, description?: string | null) =>
      http('PATCH', `${base(ref)}${encodePath`/${id}`}`, { body: { name, description }, schema: SnippetSchema }),
    setSnippetFavorite: (ref: string, id: string, favorite: boolean) =>
      http('PATCH', `${base(ref)}${encodePath`/${id}`}`, { body: { favorite }, schema: SnippetSchema }),
    /** Moves a snippet from 'user' to 'project' visibility. */
    shareSnippet: (ref: string, id: string) =>
      http('POST', `${base(ref)}${encodePath`/${id}/share`}`, { schema: SnippetSchema }),
    /** A new personal snippet with the same SQL. */
    copySnippet: (ref: string, id: string) =>
      http('POST', `${base(ref)}${encodePath`/${id}/copy`}`, { schema: SnippetSchema }),
    deleteSnippet: (ref: string, id: string) => http('DELETE', base(ref), { query: { id } }),
  };
}
