import { Navigate, Route, Routes, useSearchParams } from 'react-router-dom';
import { Suspense } from 'react';
import { useArea, AreaLayout, lazyWithPreload, PlainPlaceholderPage as PlaceholderPage } from '@plinth/area-kit';
import { LoadingSkeleton } from '@plinth/shared-ui/page';
import { SETTINGS_MENU, SettingsMenu } from '../features/project-settings/SettingsMenu';
import { ApiSettingsPanel } from '../features/api-keys/ApiSettingsPanel';
// The integrations pages load when opened.
const ProjectIntegrationsPage = lazyWithPreload(() => import('../features/integrations/IntegrationsPage').then((m) => m.ProjectIntegrationsPage));

function SubscriptionPage() {
  const [params] = useSearchParams();
  return (
    <PlaceholderPage title="Subscription">
      {params.get('panel') === 'subscriptionPlan' ? <p role="status">The plan choice opens here once billing pages land.</p> : undefined}
    </PlaceholderPage>
  );
}

/** settings/{general, …, billing/invoices} (000 §2.1): the menu, the API page, and titled pages for the rest. */
export default function SettingsRoutes() {
  const { hosted } = useArea();
  const pages = SETTINGS_MENU.flatMap((g) => g.items).filter((i) => hosted || !i.hostedOnly);
  return (
    <Routes>
      <Route element={<AreaLayout menu={<SettingsMenu />} />}>
        <Route index element={<Navigate to="/settings/general" replace />} />
        {pages.map((page) => {
          const path = page.to.replace(/^\/settings\//, '');
          const element =
            path === 'api' ? (
              <PlaceholderPage title="API Settings">
                <ApiSettingsPanel />
              </PlaceholderPage>
            ) : path === 'integrations' ? (
              <Suspense fallback={<PlaceholderPage title="Integrations"><LoadingSkeleton label="Loading integrations" shape="card" rows={3} /></PlaceholderPage>}>
                <ProjectIntegrationsPage />
              </Suspense>
            ) : path === 'billing/subscription' ? (
              <SubscriptionPage />
            ) : (
              <PlaceholderPage title={page.label} />
            );
          return <Route key={path} path={path} element={element} />;
        })}
        <Route path="*" element={<PlaceholderPage title="Page not found"><p>This settings page does not exist.</p></PlaceholderPage>} />
      </Route>
    </Routes>
  );
}
