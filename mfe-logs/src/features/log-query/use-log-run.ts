import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LOG_QUERY_ROWS_MAX } from '@plinth/contracts-logs';
import { useArea } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';
import type { Histogram } from './histogram';

export interface LogRunRequest {
  sql: string;
  start: string;
  end: string;
}

/** Rows a query answers at most: past it the answer says it is truncated. */
export const ROW_LIMIT = LOG_QUERY_ROWS_MAX;

/**
 * One log query at a time: Run sends the text and the resolved range; the answer (or the refusal)
 * stays until the next run. Each run is kept by the API as one of the caller's recent queries, so
 * the Recent list is refreshed when it settles.
 */
export function useLogRun() {
  const { api, projectRef } = useArea();
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<LogRunRequest | null>(null);
  const query = useQuery({
    queryKey: keys.logQuery(projectRef, request?.sql ?? '', request?.start ?? null, request?.end ?? null),
    queryFn: () => api.logQueries.runLogQuery(projectRef, { sql: request!.sql, iso_timestamp_start: request!.start, iso_timestamp_end: request!.end, limit: ROW_LIMIT }),
    enabled: request !== null,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const settled = query.dataUpdatedAt + query.errorUpdatedAt;
  const lastSettled = useRef(settled);
  useEffect(() => {
    if (settled === lastSettled.current) return;
    lastSettled.current = settled;
    void queryClient.invalidateQueries({ queryKey: keys.recentLogQueries(projectRef) });
  }, [settled, queryClient, projectRef]);

  const run = (next: LogRunRequest) => {
    if (request && next.sql === request.sql && next.start === request.start && next.end === request.end) void query.refetch();
    else setRequest(next);
  };
  return { request, run, result: request ? query.data : undefined, error: request ? query.error : null, running: request !== null && query.isFetching };
}

/**
 * Every row a query matches over its range, per bucket of its histogram: asked of the API when the
 * result stopped at the row limit (the rows shown are then only part of the range). Not kept in Recent.
 */
export function useLogRangeHistogram(of: { request: LogRunRequest; histogram: Histogram } | null) {
  const { api, projectRef } = useArea();
  const bucketSeconds = of ? of.histogram.bucketMs / 1000 : 0;
  return useQuery({
    queryKey: keys.logHistogram(projectRef, of?.request.sql ?? '', of?.request.start ?? '', of?.request.end ?? '', bucketSeconds),
    queryFn: () =>
      api.apiReports.getLogHistogram(projectRef, {
        sql: of!.request.sql,
        iso_timestamp_start: of!.request.start,
        iso_timestamp_end: of!.request.end,
        time_column: of!.histogram.timeColumn,
        ...(of!.histogram.measure !== 'rows' ? { count_column: of!.histogram.measure } : {}),
        bucket_seconds: bucketSeconds,
      }),
    enabled: of !== null,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
