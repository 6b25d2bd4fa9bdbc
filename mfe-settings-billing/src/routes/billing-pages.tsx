import type { ReactNode } from 'react';
import { errorMessage, useArea } from '@plinth/area-kit';
import { InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { Subscription } from '../features/billing/Subscription';
import { Invoices } from '../features/billing/Invoices';
import { useProjectOrganization } from '../features/billing/use-billing';
import { OrganizationUsage } from '../features/usage/OrganizationUsage';

// The project's billing pages (000 §2.1): subscription, usage and invoices, all of the project's
// organization (plans are per organization), the usage and invoice lines narrowed to the project.

function WithOrganization({ children }: { children: (slug: string, ref: string) => ReactNode }) {
  const { projectRef } = useArea();
  const { slug, project } = useProjectOrganization(projectRef);
  if (project.isPending) return <LoadingSkeleton label="Loading the project" rows={2} />;
  if (project.isError) return <InlineError message="Failed to retrieve the project" detail={errorMessage(project.error)} onRetry={() => void project.refetch()} />;
  return <>{children(slug, projectRef)}</>;
}

export function SubscriptionPage() {
  return <WithOrganization>{(slug) => <Subscription slug={slug} title="Subscription" />}</WithOrganization>;
}

export function BillingUsagePage() {
  return <WithOrganization>{(slug, ref) => <OrganizationUsage slug={slug} projectRef={ref} />}</WithOrganization>;
}

export function InvoicesPage() {
  return <WithOrganization>{(slug, ref) => <Invoices slug={slug} projectRef={ref} />}</WithOrganization>;
}
