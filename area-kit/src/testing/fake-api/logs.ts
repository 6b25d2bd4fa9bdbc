import { ProjectLogEntrySchema, ProjectLogPageSchema, type LogsClient, type ProjectLogEntry } from '@plinth/contracts-logs';
import { answer, type Handlers } from './fake-client';

export interface LogsState {
  /** The project's request log, any order (answered newest first). */
  logEntries: ProjectLogEntry[];
  /** Days of logs the plan keeps. */
  logRetentionDays: number;
}

let counter = 0;

/** One request log entry; by default a successful anonymous call to the data API a minute ago. */
export function logEntry(over: Partial<ProjectLogEntry> = {}): ProjectLogEntry {
  counter += 1;
  return answer(ProjectLogEntrySchema, {
    id: `log-${counter}`,
    timestamp: new Date(Date.now() - 60_000).toISOString(),
    service: 'rest',
    method: 'GET',
    path: '/todos',
    search: '',
    status: 200,
    latency_ms: 12,
    role: 'anon',
    user_id: null,
    bytes_out: 120,
    event: null,
    storage: null,
    error: null,
    ...over,
  });
}

const statusMatches = (status: number, wanted: string | undefined) =>
  !wanted || (wanted === 'error' ? status >= 400 : /xx$/.test(wanted) ? String(status)[0] === wanted[0] : String(status) === wanted);

/** The request log, as the logs route answers it: filtered, newest first, paged by cursor (the entry's time in ms). */
export function logHandlers(state: LogsState): Handlers<LogsClient> {
  return {
    listProjectLogs: (_ref, query = {}) => {
      const limit = query.limit ?? 100;
      const oldest = Date.now() - state.logRetentionDays * 86_400_000;
      const start = Math.max(oldest, query.iso_timestamp_start ? Date.parse(query.iso_timestamp_start) : oldest);
      const end = query.iso_timestamp_end ? Date.parse(query.iso_timestamp_end) : Infinity;
      const before = query.before ? Number(query.before) : Infinity;
      const search = query.search?.toLowerCase();
      const matching = state.logEntries
        .filter((e) => {
          const at = Date.parse(e.timestamp);
          const text = [e.path, e.search, e.user_id, e.event, e.storage?.object_name, e.error?.message].join(' ').toLowerCase();
          return at >= start && at <= end && at < before && (!query.service || e.service === query.service) && statusMatches(e.status, query.status) && (!search || text.includes(search));
        })
        .sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
      const page = matching.slice(0, limit);
      const last = page[page.length - 1];
      return answer(ProjectLogPageSchema, {
        entries: page,
        next_cursor: matching.length > limit && last ? `${Date.parse(last.timestamp)}.0` : null,
        retention_days: state.logRetentionDays,
      });
    },
  };
}
