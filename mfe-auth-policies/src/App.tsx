import { Navigate, Route, Routes } from 'react-router-dom';
import type { AreaMountProps } from '@plinth/shared-contracts';
import { AreaLayout, PlaceholderPage } from './area/AreaLayout';
import { AuthMenu } from './features/auth-menu/AuthMenu';
import PoliciesPage from './routes/policies';
import { ProvidersPage, TemplatesPage, UrlConfigurationPage } from './routes/hosted-pages';
import UsersPage from './routes/users';

/**
 * Root of the auth-policies area. The host mounts it under basePath "/project/{ref}" (a router
 * whose basename is that path), so the routes below are the project's auth/… segments.
 */
export default function App(props: AreaMountProps) {
  return (
    <div data-area="auth-policies" css={{ height: '100%' }}>
      <Routes>
        <Route path="/auth" element={<AreaLayout menu={<AuthMenu buildMode={props.buildMode} />} />}>
          <Route index element={<Navigate to="users" replace />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="policies" element={<PoliciesPage />} />
          <Route path="providers" element={<ProvidersPage buildMode={props.buildMode} />} />
          <Route path="templates" element={<TemplatesPage buildMode={props.buildMode} />} />
          <Route path="url-configuration" element={<UrlConfigurationPage buildMode={props.buildMode} />} />
          <Route path="*" element={<PlaceholderPage title="Page not found">This page is not part of Authentication.</PlaceholderPage>} />
        </Route>
        <Route path="*" element={<PlaceholderPage title="Page not found">This page is not part of Authentication.</PlaceholderPage>} />
      </Routes>
    </div>
  );
}
