import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { Suspense } from 'react';
import { useArea, AreaLayout, lazyWithPreload, PlainPlaceholderPage as PlaceholderPage } from '@plinth/area-kit';
import { LoadingSkeleton } from '@plinth/shared-ui/page';
import { OrganizationMenu, useOrganizationPages } from '../features/organization/OrganizationMenu';
import { TeamMembers } from '../features/organization/TeamMembers';
import { OrganizationUsage } from '../features/usage/OrganizationUsage';
// The integrations page loads when opened.
const IntegrationsPage = lazyWithPreload(() => import('../features/integrations/IntegrationsPage').then((m) => m.IntegrationsPage));

/** /org/{slug}/{general, team, integrations, billing, usage, invoices, apps, audit} (000 §2.1). */
export default function OrganizationRoutes() {
  const { slug = '' } = useParams();
  const { hosted } = useArea();
  const pages = useOrganizationPages(slug)
    .flatMap((g) => g.items)
    .filter((i) => hosted || !i.hostedOnly);
  return (
    <Routes>
      <Route element={<AreaLayout menu={<OrganizationMenu slug={slug} />} />}>
        <Route index element={<Navigate to="general" replace />} />
        {pages.map((page) => {
          const path = page.to.split('/').pop() ?? '';
          const element =
            path === 'usage' ? (
              <OrganizationUsage slug={slug} />
            ) : path === 'integrations' ? (
              <Suspense fallback={<PlaceholderPage title="Integrations"><LoadingSkeleton label="Loading integrations" shape="card" rows={3} /></PlaceholderPage>}>
                <IntegrationsPage slug={slug} />
              </Suspense>
            ) : path === 'team' ? (
              <PlaceholderPage title="Team">
                <TeamMembers slug={slug} />
              </PlaceholderPage>
            ) : (
              <PlaceholderPage title={page.label} />
            );
          return <Route key={path} path={path} element={element} />;
        })}
        <Route path="*" element={<PlaceholderPage title="Page not found"><p>This organization page does not exist.</p></PlaceholderPage>} />
      </Route>
    </Routes>
  );
}
