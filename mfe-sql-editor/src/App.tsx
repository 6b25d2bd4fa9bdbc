import { Route, Routes } from 'react-router-dom';
import type { AreaMountProps } from '@plinth/shared-contracts';
import { AreaProvider } from './area/area-context';
import { PlainPlaceholderPage as PlaceholderPage } from '@plinth/shared-ui/area';
import ApiDocsRoutes from './routes/api-docs';
import DatabaseRoutes from './routes/database';
import SqlRoutes from './routes/sql';
import TableEditorRoutes from './routes/table-editor';

/**
 * Root of the sql-editor area. The host mounts it with basePath "/project/{ref}" inside a router
 * whose basename is that path, so the routes below are the project's own segments.
 */
export default function App(props: AreaMountProps) {
  return (
    <AreaProvider props={props}>
      <div data-area="sql-editor" css={{ height: '100%' }}>
        <Routes>
          <Route path="/editor/*" element={<TableEditorRoutes />} />
          <Route path="/sql/*" element={<SqlRoutes />} />
          <Route path="/database/*" element={<DatabaseRoutes />} />
          <Route path="/api/*" element={<ApiDocsRoutes />} />
          <Route path="*" element={<PlaceholderPage title="Page not found"><p>This page is not part of the SQL editor.</p></PlaceholderPage>} />
        </Routes>
      </div>
    </AreaProvider>
  );
}
