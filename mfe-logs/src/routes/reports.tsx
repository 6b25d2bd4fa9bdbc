import { Route, Routes } from 'react-router-dom';
import { AreaLayout, AreaSideMenu, HostedOnlyPage, PlaceholderPage, useArea } from '@plinth/area-kit';
import { REPORT_TITLES, REPORTS_MENU_GROUPS } from '../features/reports-menu/reports-menu-items';

/** /reports/*: the reports menu and its pages, hosted only (000 §2.1, §2.2). */
export default function ReportsRoutes() {
  const { hosted } = useArea();
  if (!hosted) return <HostedOnlyPage title="Reports" />;
  return (
    <Routes>
      <Route element={<AreaLayout menu={<AreaSideMenu title="Reports" groups={REPORTS_MENU_GROUPS} />} />}>
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
