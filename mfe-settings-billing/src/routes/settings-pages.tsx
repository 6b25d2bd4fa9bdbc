import { Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { lazyWithPreload, PlainPlaceholderPage as PlaceholderPage } from '@plinth/area-kit';
import { LoadingSkeleton } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { ApiSettingsPanel } from '../features/api-keys/ApiSettingsPanel';
import { CustomDomainPanel } from '../features/custom-domain/CustomDomainPanel';
import { ProjectGeneral } from '../features/project-settings/ProjectGeneral';
import { AuthSettingsLinks, FunctionsSettingsLinks, StorageSettingsLinks } from '../features/area-settings/AreaSettingsPages';

// The project settings pages (000 §2.1) and Branches: the API page, the integrations page (its own
// chunk, loaded when opened), and titled pages for the rest.
const ProjectIntegrationsPage = lazyWithPreload(() => import('../features/integrations/IntegrationsPage').then((m) => m.ProjectIntegrationsPage));

const titled = (title: string) => () => <PlaceholderPage title={title} />;

/** General: the project's name and reference, pausing it, and its custom domain (001 §2). */
export function GeneralPage() {
  return (
    <PlaceholderPage title="General">
      <div css={{ display: 'grid', gap: tokens.space.xxl, maxWidth: 960 }}>
        <ProjectGeneral />
        <CustomDomainPanel />
      </div>
    </PlaceholderPage>
  );
}
export const InfrastructurePage = titled('Infrastructure');
export const AddOnsPage = titled('Add Ons');
export const VaultPage = titled('Vault');
export const DatabaseSettingsPage = titled('Database');
export const AuthSettingsPage = () => (
  <PlaceholderPage title="Authentication">
    <AuthSettingsLinks />
  </PlaceholderPage>
);
export const StorageSettingsPage = () => (
  <PlaceholderPage title="Storage">
    <StorageSettingsLinks />
  </PlaceholderPage>
);
export const FunctionsSettingsPage = () => (
  <PlaceholderPage title="Edge Functions">
    <FunctionsSettingsLinks />
  </PlaceholderPage>
);
export const BillingUsagePage = titled('Usage');
export const InvoicesPage = titled('Invoices');
export const BranchesPage = titled('Branches');

export function ApiSettingsPage() {
  return (
    <PlaceholderPage title="API Settings">
      <ApiSettingsPanel />
    </PlaceholderPage>
  );
}

export function ProjectIntegrationsRoute() {
  return (
    <Suspense fallback={<PlaceholderPage title="Integrations"><LoadingSkeleton label="Loading integrations" shape="card" rows={3} /></PlaceholderPage>}>
      <ProjectIntegrationsPage />
    </Suspense>
  );
}

export function SubscriptionPage() {
  const [params] = useSearchParams();
  return (
    <PlaceholderPage title="Subscription">
      {params.get('panel') === 'subscriptionPlan' ? <p role="status">The plan choice opens here once billing pages land.</p> : undefined}
    </PlaceholderPage>
  );
}
