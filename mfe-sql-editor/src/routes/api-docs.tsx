import { Route, Routes } from 'react-router-dom';
import { AreaLayout } from '@plinth/area-kit';
import { ApiDocsMenu } from '../features/api-docs/ApiDocsMenu';
import { ApiDocsPage, GraphiqlPage } from '../features/api-docs/ApiDocsPages';

/** api (query page, resource, rpc) and api/graphiql (000 §2.1). */
export default function ApiDocsRoutes() {
  return (
    <Routes>
      <Route element={<AreaLayout menu={<ApiDocsMenu />} />}>
        <Route index element={<ApiDocsPage />} />
        <Route path="graphiql" element={<GraphiqlPage />} />
      </Route>
    </Routes>
  );
}
