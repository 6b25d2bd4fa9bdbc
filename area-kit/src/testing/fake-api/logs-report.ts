import { ApiReportSchema, type ApiReport, type LogsClient } from '@plinth/contracts-logs';
import { answer, type Handlers } from './fake-client';

export interface LogsReportState {
  /** The API report answered for any window (null: an empty report of the asked window). */
  apiReport: ApiReport | null;
}

/** An API report; by default one day with a few calls of each service and one error. */
export function apiReport(over: Partial<ApiReport> = {}): ApiReport {
  const to = Date.now();
  const from = to - 24 * 3600_000;
  return answer(ApiReportSchema, {
    window: '24h',
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    retention_days: 1,
    bucket_seconds: 3600,
    totals: { requests: 12, errors: 1, bytes_out: 4096, avg_latency_ms: 14.5, p95_latency_ms: 40 },
    over_time: Array.from({ length: 25 }, (_, i) => ({ start: new Date(from + i * 3600_000).toISOString(), requests: i === 24 ? 12 : 0, errors: i === 24 ? 1 : 0 })),
    by_status: [
      { status_class: '2xx', requests: 11 },
      { status_class: '4xx', requests: 1 },
    ],
    by_service: [
      { service: 'rest', requests: 8, errors: 1 },
      { service: 'auth', requests: 2, errors: 0 },
      { service: 'storage', requests: 2, errors: 0 },
    ],
    by_operation: [{ operation: 'upload', requests: 2, bytes_out: 120 }],
    top_errors: [{ status: 404, service: 'rest', method: 'GET', path: '/missing_table', requests: 1 }],
    slowest: [{ service: 'rest', method: 'GET', path: '/todos', requests: 8, avg_latency_ms: 21.5, max_latency_ms: 40 }],
    ...over,
  });
}

/** The API report as the logs report route answers it. */
export function logsReportHandlers(state: LogsReportState): Handlers<LogsClient> {
  return {
    getApiReport: (_ref, query = {}) => state.apiReport ?? apiReport({ window: query.window ?? '24h', totals: { requests: 0, errors: 0, bytes_out: 0, avg_latency_ms: null, p95_latency_ms: null }, over_time: [], by_status: [], by_service: [], by_operation: [], top_errors: [], slowest: [] }),
  };
}
