import { useFeatureFlag } from '@plinth/area-kit';
import { ApiReportPage, ReportsOverview, StorageReportOff, UnmeasuredReport } from '../features/reports';

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

export function DatabaseReport() {
  return (
    <UnmeasuredReport
      title="Database"
      what="database health (CPU, memory, connections, cache hit rate)"
      instead="The database's size this billing period is on the organization's usage page, and the data API's database errors are in the Postgres logs."
    />
  );
}

export function QueryPerformanceReport() {
  return (
    <UnmeasuredReport
      title="Query performance"
      what="per-query statistics"
      instead="The slowest data API paths are in the API report; a statement's plan can be read with EXPLAIN in the SQL editor."
    />
  );
}
