import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoadingSkeleton } from '@plinth/shared-ui/page';
import { lazyWithPreload, PlainPlaceholderPage as PlaceholderPage } from '@plinth/area-kit';

// Each part of the area in its own chunk: opening the SQL editor does not fetch the table grid,
// the database pages or the API docs, nor the other way round.
const TableEditorRoutes = lazyWithPreload(() => import('./routes/table-editor').then((m) => m.default));
const SqlRoutes = lazyWithPreload(() => import('./routes/sql').then((m) => m.default));
const DatabaseRoutes = lazyWithPreload(() => import('./routes/database').then((m) => m.default));
const ApiDocsRoutes = lazyWithPreload(() => import('./routes/api-docs').then((m) => m.default));

/**
 * Root of the sql-editor area, one route per page of its manifest. The host mounts it with basePath
 * "/project/{ref}" inside a router whose basename is that path, so the routes are the project's own segments.
 */
export default function App() {
  return (
    <div data-area="sql-editor" css={{ height: '100%' }}>
      <Suspense fallback={<LoadingSkeleton label="Loading page" rows={8} />}>
        <Routes>
          <Route path="/editor/*" element={<TableEditorRoutes />} />
          <Route path="/sql/*" element={<SqlRoutes />} />
          <Route path="/database/*" element={<DatabaseRoutes />} />
          <Route path="/api/*" element={<ApiDocsRoutes />} />
          <Route path="*" element={<PlaceholderPage title="Page not found"><p>This page is not part of the SQL editor.</p></PlaceholderPage>} />
        </Routes>
      </Suspense>
    </div>
  );
}
