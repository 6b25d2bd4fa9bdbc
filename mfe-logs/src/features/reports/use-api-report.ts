import { useQuery } from '@tanstack/react-query';
import type { ApiRangeReportQuery, ApiReportQuery, ReportWindow } from '@plinth/contracts-logs';
import { useArea } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';

/** The API report of the area's project for a window (one service, or all). Asks again every minute while open. */
export function useApiReport(window: ReportWindow, service?: ApiReportQuery['service']) {
  const { api, projectRef } = useArea();
  return useQuery({
    queryKey: keys.apiReport(projectRef, window, service),
    queryFn: () => api.logs.getApiReport(projectRef, { window, ...(service ? { service } : {}) }),
    refetchInterval: 60_000,
  });
}

/** The range a report is asked for: one of the windows, or a custom start and end (ISO). */
export type ReportRange = { window: ReportWindow } | { start: string; end: string };

/** The API report over a window or a custom range, with percentiles, egress, top and failing paths; a window asks again every minute. */
export function useApiRangeReport(range: ReportRange, service?: ApiRangeReportQuery['service']) {
  const { api, projectRef } = useArea();
  const rangeKey = 'window' in range ? range.window : `${range.start}/${range.end}`;
  return useQuery({
    queryKey: keys.apiRangeReport(projectRef, rangeKey, service),
    queryFn: () => api.apiReports.getApiRangeReport(projectRef, { ...range, ...(service ? { service } : {}) }),
    refetchInterval: 'window' in range ? 60_000 : false,
  });
}
