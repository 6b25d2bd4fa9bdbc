// The tables a log query reads: per project, a schema `logs_<ref>` of security_barrier views over
// the log tables, each filtered by the project's ref written into the view as a literal and by
// the plan's retention, and readable by that project's reader role alone. The views are owned by
// the platform (they read the base tables with its rights); the reader has no right on any base
// table, so isolation rests on the database's privileges, not on the text of the user's query.
//
// Calls (project_api_logs) are the edge, auth, storage and data API sources; other events
// (project_log_events) are Postgres, the auth events that are not a call (e-mails, MFA), and the
// sources the platform gains later (functions, realtime, pooler), whose views are empty until it
// does. The columns, edge_logs_hourly's included, match LOG_SCHEMA_CATALOGUE of
// @plinth/contracts-logs, names and types (analytics.test.ts, on both databases).

/** Bumped whenever a view's definition changes: a project's schema is then made again. */
export const LOG_VIEWS_VERSION = 3;

/** The settings the route sets for each query: the range asked, within the retention below. */
export const RANGE_START_SETTING = 'plinth_logs.range_start';
export const RANGE_END_SETTING = 'plinth_logs.range_end';

export const logSchemaName = (ref: string): string => `logs_${checkedRef(ref)}`;

function checkedRef(ref: string): string {
  // Refs are 20 lowercase letters (REF_PATTERN); anything else never reaches SQL text.
  if (!/^[a-z]{1,40}$/.test(ref)) throw new Error('A project ref is lowercase letters');
  return ref;
}

const REQUEST_MESSAGE = `method || ' ' || path || ' ' || status`;
const LEVEL = `case when status >= 500 then 'ERROR' when status >= 400 then 'WARNING' else 'INFO' end`;

/** The statements (after the schema exists) that make each view of a project's log schema. */
export function logViewStatements(ref: string, retentionDays: number): string[] {
  const schema = logSchemaName(ref);
  if (!Number.isInteger(retentionDays) || retentionDays < 1 || retentionDays > 3660) throw new Error('Retention is a whole number of days');
  // The range is read by two functions of the schema declared immutable, so that the planner reads
  // them once, when it plans the query (the route sets the range before it): the bounds are then
  // constants, which choose the day partitions and bound the index scans, instead of a setting
  // read and parsed for every row (seconds over millions of rows). A query is planned for its own
  // run alone (never a prepared plan kept across ranges), so the constants are always its range.
  const rows = `project_ref = '${checkedRef(ref)}' and at >= ${schema}.range_start() and at < ${schema}.range_end()`;
  const bound = (name: string, body: string) =>
    `create function ${schema}.${name}() returns timestamptz language plpgsql immutable parallel safe set search_path = pg_catalog as $fn$ begin return ${body}; end $fn$`;
  const view = (name: string, body: string) => `create view ${schema}.${name} with (security_barrier) as ${body}`;
  const calls = (where: string, columns: string) => `select id::text as id, at as timestamp, ${columns} from project_api_logs where ${where}${rows}`;
  const events = (source: string, columns: string) =>
    `select 'e' || id as id, at as timestamp, event_message, ${columns} from project_log_events where source = '${source}' and ${rows}`;
  const request = `method, path, search, status, latency_ms::float8 as latency_ms, role, user_id`;
  return [
    // The start of the range asked, never before the plan's retention.
    bound('range_start', `greatest(current_setting('${RANGE_START_SETTING}')::timestamptz, now() - interval '${retentionDays} days')`),
    bound('range_end', `current_setting('${RANGE_END_SETTING}')::timestamptz`),
    view('edge_logs', calls('', `${REQUEST_MESSAGE} as event_message, service, ${request}, bytes_out, bytes_in, error_code, error_message`)),
    view(
      'auth_logs',
      `${calls(`service = 'auth' and `, `coalesce(event || ' ', '') || ${REQUEST_MESSAGE} as event_message, ${LEVEL} as level, event as action, ${request}, null::text as email_kind, error_code`)}
      union all
      ${events('auth', `level, action, null::text as method, null::text as path, null::text as search, status, duration_ms::float8 as latency_ms, role, user_id, detail as email_kind, sql_state as error_code`)}`,
    ),
    view(
      'storage_logs',
      calls(
        `service = 'storage' and `,
        `coalesce(storage_operation || ' ', '') || ${REQUEST_MESSAGE} as event_message, storage_operation as operation, bucket_id, object_name, ${request}, bytes_out, bytes_in, error_code`,
      ),
    ),
    view('function_edge_logs', events('function_edge', `action as function_id, duration_ms::float8 as execution_time_ms, origin as method, query as url, status`)),
    view('function_logs', events('function_runtime', `action as function_id, detail as execution_id, level, origin as event_type`)),
    view('postgres_logs', events('postgres', `level as error_severity, sql_state as sql_state_code, query, duration_ms::float8 as duration_ms, role as user_name, origin, detail`)),
    view('realtime_logs', events('realtime', `level, action as channel, user_id as external_id`)),
    // Calls per hour, service and status (project_api_logs_hourly, added up as calls are written):
    // counts over days read these few rows. The hours that begin within the range.
    view(
      'edge_logs_hourly',
      `select hour as timestamp, service, status, requests, errors, latency_ms_sum / requests as latency_ms_avg, bytes_out
        from project_api_logs_hourly where project_ref = '${checkedRef(ref)}' and hour >= ${schema}.range_start() and hour < ${schema}.range_end()`,
    ),
    view('postgrest_logs', calls(`service = 'rest' and `, `${REQUEST_MESSAGE} as event_message, ${request}, bytes_out, error_code, error_message`)),
    view('pgbouncer_logs', events('pooler', `level, origin as client_addr, detail as database`)),
  ];
}
