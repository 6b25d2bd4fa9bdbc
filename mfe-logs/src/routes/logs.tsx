import { Navigate, Route, Routes } from 'react-router-dom';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { AreaLayout, AreaSideMenu, PlaceholderPage, useArea } from '@plinth/area-kit';
import { logsMenuGroups } from '../features/logs-menu/logs-menu-items';
import { NoLogsPermission } from '../features/logs-menu/NoLogsPermission';
import LogSourcePage from './log-source';
import { QueryPage, RecentQueriesPage, SavedQueriesPage, TemplatesPage } from './logs-explorer';

/** /logs/*: the logs menu and its pages, or the no-permission notice (000 §2.7, §6). */
export default function LogsRoutes() {
  const { can, hosted } = useArea();
  if (!can(PERMISSIONS.ANALYTICS_READ_LOGS)) return <NoLogsPermission />;
  return (
    <Routes>
      <Route element={<AreaLayout menu={<AreaSideMenu title="Logs" groups={logsMenuGroups(hosted ? 'hosted' : 'self-hosted')} />} />}>
        <Route index element={<Navigate to="explorer" replace />} />
        <Route path="explorer" element={<QueryPage />} />
        <Route path="explorer/saved" element={<SavedQueriesPage />} />
        <Route path="explorer/recent" element={<RecentQueriesPage />} />
        <Route path="explorer/templates" element={<TemplatesPage />} />
        <Route path=":source" element={<LogSourcePage />} />
        <Route path="*" element={<PlaceholderPage title="Page not found">This page is not part of Logs.</PlaceholderPage>} />
      </Route>
    </Routes>
  );
}
