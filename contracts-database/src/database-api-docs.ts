import * as z from '@plinth/shared-contracts/zod';
import { encodePath, type Http } from '@plinth/shared-contracts';

// The API docs (spec 000 §2.1 /api, issue 12): what the project's data API exposes (tables, views
// and functions of its exposed schemas), and the examples the pages show in supabase-js and curl.
// The examples are plain text that works as written against {url}/rest/v1.

export const ApiDocsColumnSchema = z.object({
  name: z.string(),
  /** As Postgres prints it: `bigint`, `text[]`, `timestamp with time zone`. */
  type: z.string(),
  nullable: z.boolean(),
  default: z.nullable(z.string()),
  /** Identity or generated: left out of inserts. */
  generated: z.boolean(),
  primaryKey: z.boolean(),
  comment: z.nullable(z.string()),
});
export type ApiDocsColumn = z.infer<typeof ApiDocsColumnSchema>;

export const ApiDocsTableSchema = z.object({
  schema: z.string(),
  name: z.string(),
  kind: z.enum(['table', 'view']),
  comment: z.nullable(z.string()),
  columns: z.array(ApiDocsColumnSchema),
});
export type ApiDocsTable = z.infer<typeof ApiDocsTableSchema>;

export const ApiDocsFunctionSchema = z.object({
  schema: z.string(),
  name: z.string(),
  args: z.array(z.object({ name: z.string(), type: z.string(), hasDefault: z.boolean() })),
  returns: z.string(),
  returnsSet: z.boolean(),
  /** Volatile functions are called with POST only. */
  volatile: z.boolean(),
  comment: z.nullable(z.string()),
});
export type ApiDocsFunction = z.infer<typeof ApiDocsFunctionSchema>;

export const ApiDocsSchema = z.object({
  /** The project's service URL, as `createClient` takes it (on the project services' origin, never the console's). */
  url: z.string(),
  /** The data API's exposed schemas (the project's REST setting); the first is the default. */
  schemas: z.array(z.string()),
  anonKey: z.string(),
  /** Null for members who may not see it (service_api_keys_read). */
  serviceRoleKey: z.nullable(z.string()),
  tables: z.array(ApiDocsTableSchema),
  functions: z.array(ApiDocsFunctionSchema),
});
export type ApiDocs = z.infer<typeof ApiDocsSchema>;

export function createApiDocsClient(http: Http) {
  return { getApiDocs: (ref: string) => http('GET', encodePath`/platform/pg-meta/${ref}/api-docs`, { schema: ApiDocsSchema }) };
}
