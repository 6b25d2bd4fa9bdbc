import { Navigate, Route, Routes } from 'react-router-dom';
import { useArea, AreaLayout, PlainPlaceholderPage as PlaceholderPage } from '@plinth/area-kit';
import { SqlEditorMenu, newQueryPath } from '../features/snippets/SqlEditorMenu';
import SqlQueryRoute from './sql-query';

/** sql/new, sql/templates, sql/quickstarts, sql/:id (000 §2.1, §2.10); non-hosted: the fixed sql/1. */
export default function SqlRoutes() {
  const { hosted } = useArea();
  return (
    <Routes>
      <Route element={<AreaLayout menu={<SqlEditorMenu />} />}>
        <Route index element={<Navigate to={`/${newQueryPath(hosted)}`} replace />} />
        {hosted ? <Route path="new" element={<SqlQueryRoute fixedId="new" />} /> : <Route path="new" element={<Navigate to="/sql/1" replace />} />}
        {hosted ? null : <Route path="1" element={<SqlQueryRoute fixedId="1" />} />}
        <Route path="templates" element={<PlaceholderPage title="Templates" />} />
        <Route path="quickstarts" element={<PlaceholderPage title="Quickstarts" />} />
        <Route path=":id" element={<SqlQueryRoute />} />
      </Route>
    </Routes>
  );
}
