import { Route, Routes } from 'react-router-dom';
import { PlainPlaceholderPage as PlaceholderPage } from '@plinth/area-kit';
import ApiDocsRoutes from './routes/api-docs';
import DatabaseRoutes from './routes/database';
import SqlRoutes from './routes/sql';
import TableEditorRoutes from './routes/table-editor';

/**
 * Root of the sql-editor area, one route per page of its manifest. The host mounts it with basePath
 * "/project/{ref}" inside a router whose basename is that path, so the routes are the project's own segments.
 */
export default function App() {
  return (
    <div data-area="sql-editor" css={{ height: '100%' }}>
      <Routes>
        <Route path="/editor/*" element={<TableEditorRoutes />} />
        <Route path="/sql/*" element={<SqlRoutes />} />
        <Route path="/database/*" element={<DatabaseRoutes />} />
        <Route path="/api/*" element={<ApiDocsRoutes />} />
        <Route path="*" element={<PlaceholderPage title="Page not found"><p>This page is not part of the SQL editor.</p></PlaceholderPage>} />
      </Routes>
    </div>
  );
}
