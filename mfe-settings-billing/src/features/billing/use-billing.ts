import { useQuery } from '@tanstack/react-query';
import { PERMISSIONS, PERMISSION_MESSAGES, queryKeys, type PlanId } from '@plinth/shared-contracts';
import { useArea } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';

/** The plans and their comparison (the same for everyone: kept for the session). */
export function usePlans() {
  const { api } = useArea();
  return useQuery({ queryKey: keys.plans(), queryFn: () => api.plans.list(), staleTime: Infinity });
}

export function useSubscription(slug: string) {
  const { api } = useArea();
  return useQuery({ queryKey: keys.subscription(slug), queryFn: () => api.plans.getSubscription(slug), enabled: slug !== '' });
}

export function useBillingStatus() {
  const { api } = useArea();
  return useQuery({ queryKey: keys.billingStatus(), queryFn: () => api.subscription.getBillingStatus() });
}

export function usePlanChangePreview(slug: string, plan: PlanId | null) {
  const { api } = useArea();
  return useQuery({ queryKey: keys.planChangePreview(slug, plan ?? ''), queryFn: () => api.subscription.previewPlanChange(slug, plan!), enabled: plan !== null && slug !== '' });
}

/** Why the plan cannot be changed by this user now: the missing permission first, then the operator's switch (001 §6). */
export function useChangeRefusal(): string | null {
  const { can } = useArea();
  const status = useBillingStatus();
  if (!can(PERMISSIONS.BILLING_WRITE_SUBSCRIPTIONS)) return PERMISSION_MESSAGES.amendSubscriptions;
  if (status.data?.subscription_changes_disabled) return PERMISSION_MESSAGES.subscriptionChangesDisabled;
  return null;
}

/** The organization a project belongs to (the project's billing pages). */
export function useProjectOrganization(ref: string) {
  const { api } = useArea();
  const project = useQuery({ queryKey: queryKeys.project(ref), queryFn: () => api.projects.get(ref), enabled: ref !== '' });
  return { slug: project.data?.organization_slug ?? '', project };
}
