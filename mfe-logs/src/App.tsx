import { Route, Routes } from 'react-router-dom';
import { PlaceholderPage } from '@plinth/area-kit';
import LogsRoutes from './routes/logs';
import ReportsRoutes from './routes/reports';

/**
 * Root of the logs area, one route per page of its manifest. The host mounts it under basePath
 * "/project/{ref}" (a router whose basename is that path); the area owns the project's logs/… and reports/… segments.
 */
export default function App() {
  return (
    <div data-area="logs" css={{ height: '100%' }}>
      <Routes>
        <Route path="/logs/*" element={<LogsRoutes />} />
        <Route path="/reports/*" element={<ReportsRoutes />} />
        <Route path="*" element={<PlaceholderPage title="Page not found">This page is not part of Logs or Reports.</PlaceholderPage>} />
      </Routes>
    </div>
  );
}
