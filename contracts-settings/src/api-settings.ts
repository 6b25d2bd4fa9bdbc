import * as z from '@plinth/shared-contracts/zod';
import { encodePath, type Http } from '@plinth/shared-contracts';

// Project Settings → API, the data API's settings (issue 24): the schemas it exposes (the first
// answers requests that name none), the schemas added to the search path of every request after
// the one asked for, and the most rows one request answers. Served under
// /api/platform/projects/{ref}/settings/api; the data API applies them from the next request.

export const DATA_API_MAX_ROWS_LIMIT = 1_000_000;
/** A schema name the settings accept: a Postgres identifier as written unquoted, or any name up to 63 characters without commas or quotes. */
const SCHEMA_NAME = /^[^,"\s][^,"]{0,62}$/;

/** A comma separated list of schema names ("public, api") as its names, trimmed, empty entries dropped. */
export function schemaList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** How a data API request's transaction ends: commit or roll back, and whether `Prefer: tx=commit|rollback` may override it. */
export const DATA_API_TX_ENDS = ['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override'] as const;
export type DataApiTxEnd = (typeof DATA_API_TX_ENDS)[number];

export const DataApiSettingsSchema = z.object({
  /** Exposed schemas, in order, comma separated (as the form shows them). */
  db_schema: z.string(),
  /** Schemas added to each request's search path, comma separated. */
  db_extra_search_path: z.string(),
  /** Most rows one request answers; null: no cap. */
  max_rows: z.nullable(z.number().check(z.int())),
  /** Aggregate functions in select (count(), sum(), avg(), min(), max()), as PostgREST's db-aggregates-enabled; off by default. */
  db_aggregates_enabled: z.boolean(),
  /** How each request's transaction ends, and whether an app may choose with `Prefer: tx=` (PostgREST's db-tx-end). */
  db_tx_end: z.enum(DATA_API_TX_ENDS),
  /** Whether `Accept: application/vnd.pgrst.plan` answers a request's execution plan (PostgREST's db-plan-enabled); off by default. */
  db_plan_enabled: z.boolean(),
});
export type DataApiSettings = z.infer<typeof DataApiSettingsSchema>;

const schemaNames = (field: string, min: number) =>
  z.string().check(
    z.refine((text) => schemaList(text).length >= min, `${field} must name at least one schema`),
    z.refine((text) => schemaList(text).every((s) => SCHEMA_NAME.test(s)), `${field} must be schema names separated by commas (no quotes, at most 63 characters each)`),
  );

export const DataApiSettingsUpdateSchema = z.object({
  db_schema: schemaNames('db_schema', 1),
  db_extra_search_path: schemaNames('db_extra_search_path', 0),
  max_rows: z.nullable(
    z.number().check(z.int('max_rows must be a whole number'), z.gte(1, 'max_rows must be at least 1'), z.lte(DATA_API_MAX_ROWS_LIMIT, `max_rows must be at most ${DATA_API_MAX_ROWS_LIMIT}`)),
  ),
  /** Left out: kept as it is. */
  db_aggregates_enabled: z.optional(z.boolean()),
  /** Left out: kept as it is. */
  db_tx_end: z.optional(z.enum(DATA_API_TX_ENDS, { error: `db_tx_end must be one of ${DATA_API_TX_ENDS.join(', ')}` })),
  /** Left out: kept as it is. */
  db_plan_enabled: z.optional(z.boolean()),
});
export type DataApiSettingsUpdate = z.infer<typeof DataApiSettingsUpdateSchema>;

export function createDataApiSettingsClient(http: Http) {
  const url = (ref: string) => encodePath`/platform/projects/${ref}/settings/api`;
  return {
    getDataApiSettings: (ref: string) => http('GET', url(ref), { schema: DataApiSettingsSchema }),
    /** Saves the settings (projects_write); the data API answers with them from its next request. */
    updateDataApiSettings: (ref: string, body: DataApiSettingsUpdate) => http('PATCH', url(ref), { body, schema: DataApiSettingsSchema }),
  };
}

/** React Query keys of the data API settings. */
export const dataApiSettingsQueryKeys = {
  dataApiSettings: (ref: string) => ['projects', ref, 'data-api-settings'] as const,
};
