import { lazyWithPreload, useFeatureFlag } from '@plinth/area-kit';
import { ReportsOverview, StorageReportOff } from '../features/reports/PlainReports';
import { QueryPerformancePage } from '../features/reports/QueryPerformancePage';

// The report pages (000 §2.1: reports, api-overview, storage, database, query-performance), in one
// chunk; the pages that draw charts (API, Storage, Database) bring the chart library in a chunk of
// their own, fetched when one of them opens, so the overview and Query performance do not carry it.

const ApiReportPage = lazyWithPreload(() => import('../features/reports/ApiReportPage').then((m) => m.ApiReportPage));
const DatabaseReportPage = lazyWithPreload(() => import('../features/reports/DatabaseReportPage').then((m) => m.DatabaseReportPage));

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

export function DatabaseReport() {
  return <DatabaseReportPage />;
}

export const QueryPerformanceReport = QueryPerformancePage;
