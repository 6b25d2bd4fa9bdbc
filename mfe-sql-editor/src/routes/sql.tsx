import { Suspense, type FocusEvent, type PointerEvent } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoadingSkeleton } from '@plinth/shared-ui/page';
import { lazyWithPreload, useArea, AreaLayout, type PreloadableComponent } from '@plinth/area-kit';
import { SqlEditorMenu, newQueryPath } from '../features/snippets/SqlEditorMenu';
import SqlQueryRoute from './sql-query';

// The pages besides the query page in chunks of their own, fetched when the pointer or the focus
// reaches a menu link to them: opening a query does not fetch the scripts or the history table.
const RunHistory = lazyWithPreload(() => import(/* webpackChunkName: "sql-history" */ '../features/run-history/RunHistory').then((m) => m.RunHistory));
const TemplatesPage = lazyWithPreload(() => import(/* webpackChunkName: "sql-scripts" */ './sql-script-pages').then((m) => m.TemplatesPage));
const QuickstartsPage = lazyWithPreload(() => import(/* webpackChunkName: "sql-scripts" */ './sql-script-pages').then((m) => m.QuickstartsPage));

/** The page a menu link leads to, by the end of its address. */
const LAZY_PAGES: Record<string, PreloadableComponent<object>> = { '/sql/history': RunHistory, '/sql/templates': TemplatesPage, '/sql/quickstarts': QuickstartsPage };

/** Starts loading the page of the link under the pointer or the focus. */
function preloadLinkedPage(event: PointerEvent | FocusEvent) {
  const link = (event.target as Element).closest?.('a[href]');
  const path = link ? new URL((link as HTMLAnchorElement).href, window.location.href).pathname : '';
  const page = Object.entries(LAZY_PAGES).find(([end]) => path.endsWith(end))?.[1];
  void page?.preload();
}

function Lazy({ page: Page }: { page: PreloadableComponent<object> }) {
  return (
    <Suspense fallback={<LoadingSkeleton label="Loading page" rows={8} />}>
      <Page />
    </Suspense>
  );
}

/** sql/new, sql/templates, sql/quickstarts, sql/history, sql/:id (000 §2.1, §2.10); non-hosted: the fixed sql/1. */
export default function SqlRoutes() {
  const { hosted } = useArea();
  return (
    <div onPointerOver={preloadLinkedPage} onFocus={preloadLinkedPage} css={{ display: 'contents' }}>
      <Routes>
        <Route element={<AreaLayout menu={<SqlEditorMenu />} />}>
          <Route index element={<Navigate to={`/${newQueryPath(hosted)}`} replace />} />
          {hosted ? <Route path="new" element={<SqlQueryRoute fixedId="new" />} /> : <Route path="new" element={<Navigate to="/sql/1" replace />} />}
          {hosted ? null : <Route path="1" element={<SqlQueryRoute fixedId="1" />} />}
          <Route path="templates" element={<Lazy page={TemplatesPage} />} />
          <Route path="quickstarts" element={<Lazy page={QuickstartsPage} />} />
          <Route path="history" element={<Lazy page={RunHistory} />} />
          <Route path=":id" element={<SqlQueryRoute />} />
        </Route>
      </Routes>
    </div>
  );
}
