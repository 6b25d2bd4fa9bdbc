import { Navigate, Route, Routes } from 'react-router-dom';
import { AreaLayout, PlainPlaceholderPage as PlaceholderPage } from '@plinth/area-kit';
import { ACCOUNT_MENU, AccountMenu } from '../features/account/AccountMenu';
import { AccountSecurity } from '../features/account-security/AccountSecurity';

/** /account/{me, tokens, security, audit} (000 §2.1). */
export default function AccountRoutes() {
  const pages = ACCOUNT_MENU.flatMap((g) => g.items);
  return (
    <Routes>
      <Route element={<AreaLayout menu={<AccountMenu />} />}>
        <Route index element={<Navigate to="/account/me" replace />} />
        <Route path="security" element={<AccountSecurity />} />
        {pages.filter((page) => page.to !== '/account/security').map((page) => (
          <Route key={page.to} path={page.to.replace(/^\/account\//, '')} element={<PlaceholderPage title={page.label} />} />
        ))}
        <Route path="*" element={<PlaceholderPage title="Page not found"><p>This account page does not exist.</p></PlaceholderPage>} />
      </Route>
    </Routes>
  );
}
