import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AreaLayout, lazyWithPreload, PlainPlaceholderPage as PlaceholderPage } from '@plinth/area-kit';
import { LoadingSkeleton } from '@plinth/shared-ui/page';
import { ACCOUNT_MENU, AccountMenu } from '../features/account/AccountMenu';

// The security page (MFA setup and its forms) loads when it is opened.
const AccountSecurity = lazyWithPreload(() => import('../features/account-security/AccountSecurity').then((m) => m.AccountSecurity));

/** /account/{me, tokens, security, audit} (000 §2.1). */
export default function AccountRoutes() {
  const pages = ACCOUNT_MENU.flatMap((g) => g.items);
  return (
    <Routes>
      <Route element={<AreaLayout menu={<AccountMenu />} />}>
        <Route index element={<Navigate to="/account/me" replace />} />
        <Route
          path="security"
          element={
            <Suspense fallback={<PlaceholderPage title="Security"><LoadingSkeleton label="Loading security" shape="card" rows={2} /></PlaceholderPage>}>
              <AccountSecurity />
            </Suspense>
          }
        />
        {pages.filter((page) => page.to !== '/account/security').map((page) => (
          <Route key={page.to} path={page.to.replace(/^\/account\//, '')} element={<PlaceholderPage title={page.label} />} />
        ))}
        <Route path="*" element={<PlaceholderPage title="Page not found"><p>This account page does not exist.</p></PlaceholderPage>} />
      </Route>
    </Routes>
  );
}
