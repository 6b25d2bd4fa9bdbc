import { Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { lazyWithPreload, PlainPlaceholderPage as PlaceholderPage, useFeatureFlag } from '@plinth/area-kit';
import type { FeatureFlag } from '@plinth/shared-contracts';
import { LoadingSkeleton } from '@plinth/shared-ui/page';
import { TeamMembers } from '../features/organization/TeamMembers';
import { OrganizationUsage } from '../features/usage/OrganizationUsage';

// The organization pages (000 §2.1) under /org/{slug}; the integrations page loads when opened.
const IntegrationsPage = lazyWithPreload(() => import('../features/integrations/IntegrationsPage').then((m) => m.IntegrationsPage));

const titled = (title: string) => () => <PlaceholderPage title={title} />;

export const GeneralPage = titled('General');
export const BillingPage = titled('Billing');
export const InvoicesPage = titled('Invoices');

export function TeamPage() {
  const { slug = '' } = useParams();
  return (
    <PlaceholderPage title="Team">
      <TeamMembers slug={slug} />
    </PlaceholderPage>
  );
}

export function UsagePage() {
  const { slug = '' } = useParams();
  return <OrganizationUsage slug={slug} />;
}

export function IntegrationsRoute() {
  const { slug = '' } = useParams();
  return (
    <Suspense fallback={<PlaceholderPage title="Integrations"><LoadingSkeleton label="Loading integrations" shape="card" rows={3} /></PlaceholderPage>}>
      <IntegrationsPage slug={slug} />
    </Suspense>
  );
}

/** A page that exists while its feature flag is on for the organization (000 §6); kept while the flag is unknown. */
function Flagged({ flag, title }: { flag: FeatureFlag; title: string }) {
  const { slug = '' } = useParams();
  const on = useFeatureFlag(flag, { organization: slug, whileUnknown: true });
  if (!on) {
    return (
      <PlaceholderPage title="Page not found">
        <p>This organization page does not exist.</p>
      </PlaceholderPage>
    );
  }
  return <PlaceholderPage title={title} />;
}

export const OAuthAppsPage = () => <Flagged flag="oauth_apps" title="OAuth Apps" />;
export const AuditLogsPage = () => <Flagged flag="audit_logs" title="Audit Logs" />;
