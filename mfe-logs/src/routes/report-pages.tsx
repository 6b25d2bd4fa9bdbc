import { useFeatureFlag } from '@plinth/area-kit';
import { ApiReportPage, DatabaseReportPage, QueryPerformancePage, ReportsOverview, StorageReportOff } from '../features/reports';

// The report pages (000 §2.1: reports, api-overview, storage, database, query-performance), in one chunk.

export const OverviewReport = ReportsOverview;

export function ApiReport() {
  return <ApiReportPage title="API" description="Calls of your app to /auth/v1, /rest/v1 and /storage/v1, from the request log." />;
}

/** The Storage report follows the storage_report flag. */
export function StorageReport() {
  const storageReport = useFeatureFlag('storage_report', { whileUnknown: true });
  if (!storageReport) return <StorageReportOff />;
  return <ApiReportPage title="Storage" service="storage" description="Calls of your app to /storage/v1: uploads, downloads, lists and bucket calls, from the request log." />;
}

export const DatabaseReport = DatabaseReportPage;

export const QueryPerformanceReport = QueryPerformancePage;
