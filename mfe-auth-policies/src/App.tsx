import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AreaLayout, lazyWithPreload, PlaceholderPage } from '@plinth/area-kit';
import { LoadingSkeleton } from '@plinth/shared-ui/page';
import { AuthMenu } from './features/auth-menu/AuthMenu';

// Each page is a chunk of its own: opening one route does not download the others.
const UsersPage = lazyWithPreload(() => import('./routes/users').then((m) => m.default));
const PoliciesPage = lazyWithPreload(() => import('./routes/policies').then((m) => m.default));
const ProvidersPage = lazyWithPreload(() => import('./routes/hosted-pages').then((m) => m.ProvidersPage));
const TemplatesPage = lazyWithPreload(() => import('./routes/hosted-pages').then((m) => m.TemplatesPage));
const UrlConfigurationPage = lazyWithPreload(() => import('./routes/hosted-pages').then((m) => m.UrlConfigurationPage));

/** A page of the area behind a skeleton while its chunk loads. */
function Page({ title, children }: { title: string; children: ReactNode }) {
  return <Suspense fallback={<div css={{ padding: 24 }}><LoadingSkeleton label={`Loading ${title}`} shape="card" /></div>}>{children}</Suspense>;
}

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
          <Route path="users" element={<Page title="Users"><UsersPage /></Page>} />
          <Route path="policies" element={<Page title="Policies"><PoliciesPage /></Page>} />
          <Route path="providers" element={<Page title="Providers"><ProvidersPage /></Page>} />
          <Route path="templates" element={<Page title="Templates"><TemplatesPage /></Page>} />
          <Route path="url-configuration" element={<Page title="URL configuration"><UrlConfigurationPage /></Page>} />
          <Route path="*" element={notFound} />
        </Route>
        <Route path="*" element={notFound} />
      </Routes>
    </div>
  );
}
