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
  /** What the column holds, where its name does not say it all. */
  description?: string;
}
export interface LogSchemaEntry {
  name: string;
  /** Table name used in log queries. */
  reference: string;
  /** What a row of the table is, where the name does not say it all. */
  description?: string;
  fields: LogField[];
}

const common: LogField[] = [
  { path: 'id', type: 'string' },
  { path: 'timestamp', type: 'datetime' },
  { path: 'event_message', type: 'string' },
];
const f = (path: string, type: LogField['type'] = 'string'): LogField => ({ path, type });
const described = (path: string, type: LogField['type'], description: string): LogField => ({ path, type, description });
const request: LogField[] = [f('method'), f('path'), f('search'), f('status', 'number'), f('latency_ms', 'number'), f('role'), f('user_id')];

/**
 * The log schema catalogue (001 §9): sources in this order, field names ours. `reference` is the
 * table a log query reads (`select status, count(*) from edge_logs group by status`) and each
 * field's `path` is one of its columns, so the explorer completes exactly what the database has.
 */
export const LOG_SCHEMA_CATALOGUE: readonly LogSchemaEntry[] = [
  { name: 'API Edge', reference: 'edge_logs', fields: [...common, f('service'), ...request, f('bytes_out', 'number'), f('bytes_in', 'number'), f('error_code'), f('error_message')] },
  {
    name: 'API Edge, hourly counts',
    reference: 'edge_logs_hourly',
    description: "The API edge's calls counted per hour, service and status as they are written: counts over days read these few rows instead of every call.",
    fields: [
      described('timestamp', 'datetime', 'The start of the hour counted.'),
      described('service', 'string', 'The service called (rest, auth, storage, console…), as in edge_logs.'),
      described('status', 'number', 'The HTTP status answered.'),
      described('requests', 'number', 'Calls in the hour with this service and status.'),
      described('errors', 'number', 'Of those calls, the ones answered with a status of 400 or more.'),
      described('latency_ms_avg', 'number', 'Mean latency of those calls, in milliseconds.'),
      described('bytes_out', 'number', 'Bytes sent in answer to those calls.'),
    ],
  },
  { name: 'Auth', reference: 'auth_logs', fields: [...common, f('level'), f('action'), ...request, f('email_kind'), f('error_code')] },
  { name: 'Storage', reference: 'storage_logs', fields: [...common, f('operation'), f('bucket_id'), f('object_name'), ...request, f('bytes_out', 'number'), f('bytes_in', 'number'), f('error_code')] },
  { name: 'Function Edge', reference: 'function_edge_logs', fields: [...common, f('function_id'), f('execution_time_ms', 'number'), f('method'), f('url'), f('status', 'number')] },
  { name: 'Function Runtime', reference: 'function_logs', fields: [...common, f('function_id'), f('execution_id'), f('level'), f('event_type')] },
  { name: 'Postgres', reference: 'postgres_logs', fields: [...common, f('error_severity'), f('sql_state_code'), f('query'), f('duration_ms', 'number'), f('user_name'), f('origin'), f('detail')] },
  { name: 'Realtime', reference: 'realtime_logs', fields: [...common, f('level'), f('channel'), f('external_id')] },
  { name: 'PostgREST', reference: 'postgrest_logs', fields: [...common, ...request, f('bytes_out', 'number'), f('error_code'), f('error_message')] },
  { name: 'PgBouncer', reference: 'pgbouncer_logs', fields: [...common, f('level'), f('client_addr'), f('database')] },
];

/** The table a log source of the menu (000 §2.7) is queried as. */
export const LOG_SOURCE_TABLES: Record<LogSourceId, string> = {
  'edge-logs': 'edge_logs',
  'postgres-logs': 'postgres_logs',
  'postgrest-logs': 'postgrest_logs',
  'pooler-logs': 'pgbouncer_logs',
  'auth-logs': 'auth_logs',
  'storage-logs': 'storage_logs',
  'realtime-logs': 'realtime_logs',
};
