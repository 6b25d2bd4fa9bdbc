import { Route, Routes } from 'react-router-dom';
import type { AreaMountProps } from '@plinth/shared-contracts';
import { PlaceholderPage } from './area/AreaLayout';
import LogsRoutes from './routes/logs';
import ReportsRoutes from './routes/reports';

/**
 * Root of the logs area. The host mounts it under basePath "/project/{ref}" (a router whose
 * basename is that path); the area owns the project's logs/… and reports/… segments.
 */
export default function App(props: AreaMountProps) {
  return (
    <div data-area="logs" css={{ height: '100%' }}>
      <Routes>
        <Route path="/logs/*" element={<LogsRoutes buildMode={props.buildMode} permissions={props.permissions} />} />
        <Route path="/reports/*" element={<ReportsRoutes buildMode={props.buildMode} />} />
        <Route path="*" element={<PlaceholderPage title="Page not found">This page is not part of Logs or Reports.</PlaceholderPage>} />
      </Routes>
    </div>
  );
}
