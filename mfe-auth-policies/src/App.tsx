import { Navigate, Route, Routes } from 'react-router-dom';
import { AreaLayout, PlaceholderPage } from '@plinth/area-kit';
import { AuthMenu } from './features/auth-menu/AuthMenu';
import PoliciesPage from './routes/policies';
import { ProvidersPage, TemplatesPage, UrlConfigurationPage } from './routes/hosted-pages';
import UsersPage from './routes/users';

const notFound = <PlaceholderPage title="Page not found">This page is not part of Authentication.</PlaceholderPage>;

/**
 * Root of the auth-policies area, one route per page of its manifest. The host mounts it under
 * basePath "/project/{ref}" (a router whose basename is that path), so the routes are the project's auth/… segments.
 */
export default function App() {
  return (
    <div data-area="auth-policies" css={{ height: '100%' }}>
      <Routes>
        <Route path="/auth" element={<AreaLayout menu={<AuthMenu />} />}>
          <Route index element={<Navigate to="users" replace />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="policies" element={<PoliciesPage />} />
          <Route path="providers" element={<ProvidersPage />} />
          <Route path="templates" element={<TemplatesPage />} />
          <Route path="url-configuration" element={<UrlConfigurationPage />} />
          <Route path="*" element={notFound} />
        </Route>
        <Route path="*" element={notFound} />
      </Routes>
    </div>
  );
}
