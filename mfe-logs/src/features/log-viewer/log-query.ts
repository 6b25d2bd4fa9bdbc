import { useInfiniteQuery } from '@tanstack/react-query';
import type { LogService, ProjectLogEntry, ProjectLogQuery } from '@plinth/contracts-logs';
import { useArea } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';

/** What a log page shows of the request log: one service (or all), optionally only database errors. */
export interface LogScope {
  service?: LogService;
  /** Only entries that carry a database error (the Postgres source). */
  databaseErrorsOnly?: boolean;
}

export const TIME_RANGES = [
  { value: '1h', label: 'Last hour', hours: 1 },
  { value: '24h', label: 'Last 24 hours', hours: 24 },
  { value: '7d', label: 'Last 7 days', hours: 24 * 7 },
] as const;
export type TimeRange = (typeof TIME_RANGES)[number]['value'];

export const STATUS_FILTERS = [
  { value: '', label: 'Any status' },
  { value: '2xx', label: '2xx success' },
  { value: '4xx', label: '4xx client error' },
  { value: '5xx', label: '5xx server error' },
] as const;

export interface LogFilters {
  search: string;
  status: string;
  range: TimeRange;
  service: LogService | '';
}

export const PAGE_SIZE = 100;

/** The API query for one page: the scope, the filters, the range's start (the API caps it by the plan's retention). */
export function logQuery(scope: LogScope, filters: LogFilters, now: Date, before?: string): ProjectLogQuery {
  const hours = TIME_RANGES.find((r) => r.value === filters.range)?.hours ?? 1;
  const service = scope.service ?? (filters.service || undefined);
  const status = scope.databaseErrorsOnly ? filters.status || 'error' : filters.status || undefined;
  return {
    ...(service ? { service } : {}),
    ...(status ? { status } : {}),
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    iso_timestamp_start: new Date(now.getTime() - hours * 3_600_000).toISOString(),
    limit: PAGE_SIZE,
    ...(before ? { before } : {}),
  };
}

/** How often the live tail asks for new entries. */
export const LIVE_TAIL_MS = 2000;

/** The request log, newest first, one page per "Load older"; asked again every LIVE_TAIL_MS while `live`. */
export function useProjectLogs(scope: LogScope, filters: LogFilters, live = false) {
  const { api, projectRef } = useArea();
  const query = useInfiniteQuery({
    queryKey: keys.projectLogs(projectRef, scope, filters),
    queryFn: ({ pageParam }) => api.logs.listProjectLogs(projectRef, logQuery(scope, filters, new Date(), pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    refetchInterval: live ? LIVE_TAIL_MS : false,
  });
  const all = query.data?.pages.flatMap((p) => p.entries) ?? [];
  const entries: ProjectLogEntry[] = scope.databaseErrorsOnly ? all.filter((e) => e.error !== null) : all;
  return { ...query, entries, retentionDays: query.data?.pages[0]?.retention_days };
}
