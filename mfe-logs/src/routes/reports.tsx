import { Route, Routes } from 'react-router-dom';
import type { BuildMode } from '@plinth/shared-contracts';
import { AreaLayout, HostedOnlyPage, PlaceholderPage } from '../area/AreaLayout';
import { AreaMenu } from '../area/AreaMenu';
import { REPORT_TITLES, REPORTS_MENU_GROUPS } from '../features/reports-menu/reports-menu-items';

/** /reports/*: the reports menu and its pages, hosted only (000 §2.1, §2.2). */
export default function ReportsRoutes({ buildMode }: { buildMode: BuildMode }) {
  if (buildMode !== 'hosted') return <HostedOnlyPage title="Reports" />;
  return (
    <Routes>
      <Route element={<AreaLayout menu={<AreaMenu title="Reports" groups={REPORTS_MENU_GROUPS} />} />}>
        {Object.entries(REPORT_TITLES).map(([segment, title]) =>
          segment === '' ? (
            <Route key="index" index element={<PlaceholderPage title={title} />} />
          ) : (
            <Route key={segment} path={segment} element={<PlaceholderPage title={title} />} />
          ),
        )}
        <Route path="*" element={<PlaceholderPage title="Page not found">This page is not part of Reports.</PlaceholderPage>} />
      </Route>
    </Routes>
  );
}
