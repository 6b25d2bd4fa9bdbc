import { Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { lazyWithPreload, PlainPlaceholderPage as PlaceholderPage } from '@plinth/area-kit';
import { LoadingSkeleton } from '@plinth/shared-ui/page';

// Integrations (the organization's and the project's) and the project's branches (000 §2.1, §2.6);
// the integrations page is its own chunk, loaded when opened.
const IntegrationsPage = lazyWithPreload(() => import('../features/integrations/IntegrationsPage').then((m) => m.IntegrationsPage));
const ProjectIntegrationsPage = lazyWithPreload(() => import('../features/integrations/IntegrationsPage').then((m) => m.ProjectIntegrationsPage));
// The branches page offers the integrations feature's repository connection dialog.
const ProjectBranchesPage = lazyWithPreload(() =>
  Promise.all([import('../features/branches/BranchesPage'), import('../features/integrations/ConnectRepositoryDialog')]).then(([page, connect]) => {
    const Page = () => <page.BranchesPage ConnectDialog={connect.ConnectRepositoryDialog} />;
    return Page;
  }),
);

const loading = (
  <PlaceholderPage title="Integrations">
    <LoadingSkeleton label="Loading integrations" shape="card" rows={3} />
  </PlaceholderPage>
);

export function OrganizationIntegrationsRoute() {
  const { slug = '' } = useParams();
  return (
    <Suspense fallback={loading}>
      <IntegrationsPage slug={slug} />
    </Suspense>
  );
}

export function ProjectIntegrationsRoute() {
  return (
    <Suspense fallback={loading}>
      <ProjectIntegrationsPage />
    </Suspense>
  );
}

export function BranchesPage() {
  return (
    <Suspense
      fallback={
        <PlaceholderPage title="Branches">
          <LoadingSkeleton label="Loading branches" rows={3} />
        </PlaceholderPage>
      }
    >
      <ProjectBranchesPage />
    </Suspense>
  );
}
