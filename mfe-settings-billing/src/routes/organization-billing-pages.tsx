import { useParams } from 'react-router-dom';
import { OrganizationUsage } from '../features/usage/OrganizationUsage';
import { Subscription } from '../features/billing/Subscription';
import { Invoices } from '../features/billing/Invoices';

// The organization's billing pages under /org/{slug} (000 §2.1): a module of their own, so their
// first load carries neither the Team, OAuth Apps nor Audit Logs pages (organization-pages.tsx).

/** /org/{slug}/billing[?panel=subscriptionPlan]: the plan, the plans compared, changing plan. */
export function BillingPage() {
  const { slug = '' } = useParams();
  return <Subscription slug={slug} />;
}

export function InvoicesPage() {
  const { slug = '' } = useParams();
  return <Invoices slug={slug} />;
}

export function UsagePage() {
  const { slug = '' } = useParams();
  return <OrganizationUsage slug={slug} />;
}
