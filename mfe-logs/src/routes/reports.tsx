import { Route, Routes } from 'react-router-dom';
import { AreaLayout, AreaSideMenu, HostedOnlyPage, PlaceholderPage, useArea, useFeatureFlag } from '@plinth/area-kit';
import { REPORTS_MENU_GROUPS } from '../features/reports-menu/reports-menu-items';
import { ApiReportPage, ReportsOverview, StorageReportOff, UnmeasuredReport } from '../features/reports';

/** /reports/*: the reports menu and its pages, hosted only (000 §2.1, §2.2). The Storage report follows the storage_report flag. */
export default function ReportsRoutes() {
  const { hosted } = useArea();
  const storageReport = useFeatureFlag('storage_report', { whileUnknown: true });
  if (!hosted) return <HostedOnlyPage title="Reports" />;
  const groups = storageReport ? REPORTS_MENU_GROUPS : REPORTS_MENU_GROUPS.map((g) => ({ ...g, items: g.items.filter((i) => i.to !== 'reports/storage') }));
  return (
    <Routes>
      <Route element={<AreaLayout menu={<AreaSideMenu title="Reports" groups={groups} />} />}>
        <Route index element={<ReportsOverview />} />
        <Route path="api-overview" element={<ApiReportPage title="API" description="Calls of your app to /auth/v1, /rest/v1 and /storage/v1, from the request log." />} />
        <Route
          path="storage"
          element={storageReport ? <ApiReportPage title="Storage" service="storage" description="Calls of your app to /storage/v1: uploads, downloads, lists and bucket calls, from the request log." /> : <StorageReportOff />}
        />
        <Route
          path="database"
          element={
            <UnmeasuredReport
              title="Database"
              what="database health (CPU, memory, connections, cache hit rate)"
              instead="The database's size this billing period is on the organization's usage page, and the data API's database errors are in the Postgres logs."
            />
          }
        />
        <Route
          path="query-performance"
          element={
            <UnmeasuredReport
              title="Query performance"
              what="per-query statistics"
              instead="The slowest data API paths are in the API report; a statement's plan can be read with EXPLAIN in the SQL editor."
            />
          }
        />
        <Route path="*" element={<PlaceholderPage title="Page not found">This page is not part of Reports.</PlaceholderPage>} />
      </Route>
    </Routes>
  );
}
