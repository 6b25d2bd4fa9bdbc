import { Route, Routes, useSearchParams } from 'react-router-dom';
import { AreaLayout, PlainPlaceholderPage as PlaceholderPage } from '@plinth/area-kit';
import { API_DOC_PAGES, ApiDocsMenu } from '../features/api-docs/ApiDocsMenu';

function ApiDocsPage() {
  const [params] = useSearchParams();
  const resource = params.get('resource');
  const rpc = params.get('rpc');
  const page = params.get('page');
  const title = resource
    ? resource
    : rpc
      ? `${rpc}()`
      : (API_DOC_PAGES.find((p) => p.search === (page ? `?page=${page}` : ''))?.label ?? 'Introduction');
  return <PlaceholderPage title={title} />;
}

/** api (query page, resource, rpc) and api/graphiql (000 §2.1). */
export default function ApiDocsRoutes() {
  return (
    <Routes>
      <Route element={<AreaLayout menu={<ApiDocsMenu />} />}>
        <Route index element={<ApiDocsPage />} />
        <Route path="graphiql" element={<PlaceholderPage title="GraphiQL" />} />
      </Route>
    </Routes>
  );
}
