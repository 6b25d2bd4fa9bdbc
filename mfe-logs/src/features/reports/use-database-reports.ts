import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryPerformanceSort, ReportWindow } from '@plinth/contracts-logs';
import { useArea } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';

/** The Database report of the area's project for a window; asks again every minute while open. */
export function useDatabaseReport(window: ReportWindow) {
  const { api, projectRef } = useArea();
  return useQuery({
    queryKey: keys.databaseReport(projectRef, window),
    queryFn: () => api.databaseReports.getDatabaseReport(projectRef, { window }),
    refetchInterval: 60_000,
  });
}

/** The Query performance report: the project's statements in the asked order, searched; the rows shown stay while the next answer comes. */
export function useQueryPerformance(window: ReportWindow, sort: QueryPerformanceSort, search: string) {
  const { api, projectRef } = useArea();
  return useQuery({
    queryKey: keys.queryPerformance(projectRef, window, sort, search),
    queryFn: () => api.databaseReports.getQueryPerformance(projectRef, { window, sort, ...(search ? { search } : {}) }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
