import { useQuery } from '@tanstack/react-query';
import type { ApiReportQuery, ReportWindow } from '@plinth/contracts-logs';
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
