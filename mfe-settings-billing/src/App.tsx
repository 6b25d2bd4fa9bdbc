import { Navigate, Route, Routes } from 'react-router-dom';
import { PlainPlaceholderPage as PlaceholderPage } from '@plinth/area-kit';
import AccountRoutes from './routes/account';
import OrganizationRoutes from './routes/organization';
import SettingsRoutes from './routes/settings';

/**
 * Root of the settings-billing area. Inside a project the host gives basePath "/project/{ref}"
 * (the area owns settings/…, branches, integrations); for organization and account pages it gives
 * basePath "/" (the area owns org/{slug}/… and account/…). One route table serves both.
 */
export default function App() {
  return (
    <div data-area="settings-billing" css={{ height: '100%' }}>
      <Routes>
        <Route path="/settings/*" element={<SettingsRoutes />} />
        <Route path="/branches" element={<PlaceholderPage title="Branches" />} />
        <Route path="/integrations" element={<Navigate to="/settings/integrations" replace />} />
        <Route path="/org/:slug/*" element={<OrganizationRoutes />} />
        <Route path="/account/*" element={<AccountRoutes />} />
        <Route path="*" element={<PlaceholderPage title="Page not found"><p>This page is not part of the settings.</p></PlaceholderPage>} />
      </Routes>
    </div>
  );
}
