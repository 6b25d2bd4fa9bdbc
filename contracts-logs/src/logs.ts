// Log sources of the logs menu (spec 000 §2.7) and the log schema catalogue (001 §9).

import type { BuildMode } from '@plinth/shared-contracts';

export const LOG_SOURCE_IDS = ['edge-logs', 'postgres-logs', 'postgrest-logs', 'pooler-logs', 'auth-logs', 'storage-logs', 'realtime-logs'] as const;
export type LogSourceId = (typeof LOG_SOURCE_IDS)[number];

export interface LogSource {
  id: LogSourceId;
  label: string;
  /** Shown only in the hosted build mode. */
  hostedOnly: boolean;
}

const LABELS: Record<LogSourceId, string> = {
  'edge-logs': 'API Edge Network',
  'postgres-logs': 'Postgres',
  'postgrest-logs': 'PostgREST',
  'pooler-logs': 'Pooler',
  'auth-logs': 'Auth',
  'storage-logs': 'Storage',
  'realtime-logs': 'Realtime',
};

/** The log sources a build mode shows, with its labels (edge-logs reads 'Kong API' outside hosted mode). */
export function logSources(mode: BuildMode): LogSource[] {
  return LOG_SOURCE_IDS.filter((id) => mode === 'hosted' || id !== 'pooler-logs').map((id) => ({
    id,
    label: id === 'edge-logs' && mode !== 'hosted' ? 'Kong API' : LABELS[id],
    hostedOnly: id === 'pooler-logs',
  }));
}

/** Logs menu items (000 §2.7). */
export const LOGS_MENU_ITEMS = [
  { key: 'explorer', label: 'Query', path: 'logs/explorer', hostedOnly: false },
  { key: 'saved', label: 'Saved Queries', path: 'logs/explorer/saved', hostedOnly: true },
  { key: 'recent', label: 'Recent', path: 'logs/explorer/recent', hostedOnly: false },
  { key: 'templates', label: 'Templates', path: 'logs/explorer/templates', hostedOnly: false },
] as const;

export interface LogField {
  path: string;
  type: 'string' | 'number' | 'datetime' | 'boolean' | 'object';
}
export interface LogSchemaEntry {
  name: string;
  /** Table name used in log queries. */
  reference: string;
  fields: LogField[];
}

const common: LogField[] = [
  { path: 'id', type: 'string' },
  { path: 'timestamp', type: 'datetime' },
  { path: 'event_message', type: 'string' },
];
const f = (path: string, type: LogField['type'] = 'string'): LogField => ({ path, type });

/** The log schema catalogue (001 §9): sources in this order, field names ours. */
export const LOG_SCHEMA_CATALOGUE: readonly LogSchemaEntry[] = [
  { name: 'API Edge', reference: 'edge_logs', fields: [...common, f('metadata.request.method'), f('metadata.request.path'), f('metadata.request.search'), f('metadata.request.headers.user_agent'), f('metadata.response.status_code', 'number'), f('metadata.request.cf.country')] },
  { name: 'Auth', reference: 'auth_logs', fields: [...common, f('metadata.level'), f('metadata.path'), f('metadata.status', 'number'), f('metadata.msg'), f('metadata.auth_event.action'), f('metadata.auth_event.actor_id')] },
  { name: 'Storage', reference: 'storage_logs', fields: [...common, f('metadata.level'), f('metadata.method'), f('metadata.path'), f('metadata.status', 'number'), f('metadata.bucket_id'), f('metadata.object_name')] },
  { name: 'Function Edge', reference: 'function_edge_logs', fields: [...common, f('metadata.function_id'), f('metadata.execution_time_ms', 'number'), f('metadata.request.method'), f('metadata.request.url'), f('metadata.response.status_code', 'number')] },
  { name: 'Function Runtime', reference: 'function_logs', fields: [...common, f('metadata.function_id'), f('metadata.execution_id'), f('metadata.level'), f('metadata.event_type')] },
  { name: 'Postgres', reference: 'postgres_logs', fields: [...common, f('metadata.parsed.error_severity'), f('metadata.parsed.user_name'), f('metadata.parsed.database_name'), f('metadata.parsed.sql_state_code'), f('metadata.parsed.query'), f('metadata.parsed.detail')] },
  { name: 'Realtime', reference: 'realtime_logs', fields: [...common, f('metadata.level'), f('metadata.project'), f('metadata.external_id'), f('metadata.channel')] },
  { name: 'PostgREST', reference: 'postgrest_logs', fields: [...common, f('metadata.host'), f('metadata.level'), f('metadata.status', 'number')] },
  { name: 'PgBouncer', reference: 'pgbouncer_logs', fields: [...common, f('metadata.host'), f('metadata.level'), f('metadata.client_addr'), f('metadata.database')] },
];
