import { Navigate, Route, Routes } from 'react-router-dom';
import { useArea, AreaLayout, PlainPlaceholderPage as PlaceholderPage } from '@plinth/area-kit';
import { DatabaseMenu, databasePages } from '../features/database-menu/DatabaseMenu';
import DatabasePage from '../features/database-pages';

/** database/{tables, schemas, …} (000 §2.1): the menu and each database page (this route is its own chunk, see App). */
export default function DatabaseRoutes() {
  const { hosted } = useArea();
  return (
    <Routes>
      <Route element={<AreaLayout menu={<DatabaseMenu />} />}>
        <Route index element={<Navigate to="/database/tables" replace />} />
        {databasePages(hosted).map((page) => {
          const path = page.to.replace(/^\/database\//, '');
          return <Route key={page.to} path={path} element={<DatabasePage path={path} />} />;
        })}
        <Route path="*" element={<PlaceholderPage title="Page not found"><p>This database page does not exist.</p></PlaceholderPage>} />
      </Route>
    </Routes>
  );
}
