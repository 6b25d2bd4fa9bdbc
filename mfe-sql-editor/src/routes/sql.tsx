import { Navigate, Route, Routes } from 'react-router-dom';
import { useArea, AreaLayout } from '@plinth/area-kit';
import { SqlEditorMenu, newQueryPath } from '../features/snippets/SqlEditorMenu';
import { RunHistory } from '../features/run-history/RunHistory';
import { ScriptGallery } from '../features/sql-templates/ScriptGallery';
import { QUICKSTARTS, TEMPLATES } from '../features/sql-templates/scripts';
import SqlQueryRoute from './sql-query';

/** sql/new, sql/templates, sql/quickstarts, sql/history, sql/:id (000 §2.1, §2.10); non-hosted: the fixed sql/1. */
export default function SqlRoutes() {
  const { hosted } = useArea();
  return (
    <Routes>
      <Route element={<AreaLayout menu={<SqlEditorMenu />} />}>
        <Route index element={<Navigate to={`/${newQueryPath(hosted)}`} replace />} />
        {hosted ? <Route path="new" element={<SqlQueryRoute fixedId="new" />} /> : <Route path="new" element={<Navigate to="/sql/1" replace />} />}
        {hosted ? null : <Route path="1" element={<SqlQueryRoute fixedId="1" />} />}
        <Route path="templates" element={<ScriptGallery title="Templates" description="Scripts for common tasks: tables with row level security, search, storage policies. Open one as a new query, read it, then run it." scripts={TEMPLATES} />} />
        <Route path="quickstarts" element={<ScriptGallery title="Quickstarts" description="Small apps' schemas with sample data, ready to run and query." scripts={QUICKSTARTS} />} />
        <Route path="history" element={<RunHistory />} />
        <Route path=":id" element={<SqlQueryRoute />} />
      </Route>
    </Routes>
  );
}
