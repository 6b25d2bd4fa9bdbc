import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AreaLayout, lazyWithPreload } from '@plinth/area-kit';
import { LoadingSkeleton } from '@plinth/shared-ui/page';
import { ApiDocsMenu } from '../features/api-docs/ApiDocsMenu';

/** The docs pages (examples, code blocks, the columns table) in a chunk of their own. */
const ApiDocsPage = lazyWithPreload(() => import('../features/api-docs/ApiDocsPages').then((m) => m.ApiDocsPage));
const GraphiqlPage = lazyWithPreload(() => import('../features/api-docs/ApiDocsPages').then((m) => m.GraphiqlPage));
const loading = <LoadingSkeleton label="Loading the API docs" rows={6} shape="text" />;

/** api (query page, resource, rpc) and api/graphiql (000 §2.1). */
export default function ApiDocsRoutes() {
  return (
    <Routes>
      <Route element={<AreaLayout menu={<ApiDocsMenu />} />}>
        <Route index element={<Suspense fallback={loading}><ApiDocsPage /></Suspense>} />
        <Route path="graphiql" element={<Suspense fallback={loading}><GraphiqlPage /></Suspense>} />
      </Route>
    </Routes>
  );
}
