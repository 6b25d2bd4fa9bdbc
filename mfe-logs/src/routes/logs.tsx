import { Navigate, Route, Routes } from 'react-router-dom';
import { PERMISSIONS, type BuildMode } from '@plinth/shared-contracts';
import { AreaLayout, PlaceholderPage } from '../area/AreaLayout';
import { AreaMenu } from '../area/AreaMenu';
import { logsMenuGroups } from '../features/logs-menu/logs-menu-items';
import { NoLogsPermission } from '../features/logs-menu/NoLogsPermission';
import LogSourcePage from './log-source';
import { QueryPage, RecentQueriesPage, SavedQueriesPage, TemplatesPage } from './logs-explorer';

/** /logs/*: the logs menu and its pages, or the no-permission notice (000 §2.7, §6). */
export default function LogsRoutes({ buildMode, permissions }: { buildMode: BuildMode; permissions: readonly string[] }) {
  if (!permissions.includes(PERMISSIONS.ANALYTICS_READ_LOGS)) return <NoLogsPermission />;
  return (
    <Routes>
      <Route element={<AreaLayout menu={<AreaMenu title="Logs" groups={logsMenuGroups(buildMode)} />} />}>
        <Route index element={<Navigate to="explorer" replace />} />
        <Route path="explorer" element={<QueryPage />} />
        <Route path="explorer/saved" element={<SavedQueriesPage buildMode={buildMode} />} />
        <Route path="explorer/recent" element={<RecentQueriesPage />} />
        <Route path="explorer/templates" element={<TemplatesPage />} />
        <Route path=":source" element={<LogSourcePage buildMode={buildMode} />} />
        <Route path="*" element={<PlaceholderPage title="Page not found">This page is not part of Logs.</PlaceholderPage>} />
      </Route>
    </Routes>
  );
}
